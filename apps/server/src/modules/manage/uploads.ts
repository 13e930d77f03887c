import { commonMessages, fieldLabel, inputMessages, unsafeTextReason } from '@localmart/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, isMalformedMultipart } from '../../plugins/errors.ts';

/** The largest file any manage upload takes (a 100,000-row feed is ~6 MB); each route caps lower. */
export const MANAGE_UPLOAD_MAX_BYTES = 32 * 1024 * 1024;

export interface UploadMessages {
  missing: string;
  tooLarge: string;
  /** 415 when the request is not multipart at all. */
  notMultipart?: string;
}

export interface Upload {
  filename: string;
  bytes: Buffer;
  /** The other (text) fields of the form, by name. */
  fields: Record<string, string>;
}

/**
 * Reads a multipart form with one file in `field` (and any text fields) into memory, refusing a
 * missing or empty file (400) and one over `maxBytes` (413) with the route's own messages. The store
 * scope registers @fastify/multipart once (manage.routes.ts); routes call this.
 */
export async function readUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  field: string,
  maxBytes: number,
  messages: UploadMessages,
): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new HttpError(415, messages.notMultipart ?? messages.missing);
  }
  const fields: Record<string, string> = {};
  let upload: { filename: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'file') {
        if (part.fieldname !== field || upload) {
          part.file.resume();
          continue;
        }
        upload = { filename: part.filename, bytes: await part.toBuffer() };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
      throw new HttpError(413, messages.tooLarge);
    }
    // A form cut off or malformed (busboy's words): the client's fault, never a 500 with a stack.
    if (isMalformedMultipart(error)) throw new HttpError(400, commonMessages.malformedUpload);
    throw error;
  }
  if (!upload || upload.bytes.length === 0) throw new HttpError(400, messages.missing);
  // The form's text (and the file's name) is stored: a NUL or half a surrogate pair is refused, as
  // in a JSON body (the safe-input net never sees a multipart form).
  for (const [name, value] of [...Object.entries(fields), ['fileName', upload.filename]]) {
    const reason = unsafeTextReason(name!) ?? unsafeTextReason(value!);
    if (reason) throw new HttpError(400, inputMessages.unsafeText(reason, fieldLabel([name!])));
  }
  return { ...upload, fields };
}
