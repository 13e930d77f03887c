import { commonMessages, fail } from '@localmart/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  type DatabaseOutage,
  databaseOutage,
  isDatabaseUnavailable,
} from '../db/outage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Logs a database outage once, with its length and the requests it turned away (db/outage.ts). */
    databaseOutage: DatabaseOutage;
  }
}

/**
 * Every answer is the contract envelope (spec §3), errors included: bad input keeps its 4xx code and
 * gets a human message; anything unexpected is a 500 with a generic message, logged with the request
 * id (also sent back in `x-request-id`) so support can find it. A stack never reaches the client.
 */

/** An error whose status and message are meant for the client, e.g. `new HttpError(503, ...)`. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const REQUEST_ID_HEADER = 'x-request-id';

/** Fastify's own failures, worded for people. */
const fastifyErrorAnswers: Record<string, { statusCode: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { statusCode: 400, message: commonMessages.malformedJson },
  // An empty body is not JSON either; the same sentence tells the client what to fix.
  FST_ERR_CTP_EMPTY_JSON_BODY: { statusCode: 400, message: commonMessages.malformedJson },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { statusCode: 415, message: commonMessages.unsupportedMediaType },
  FST_ERR_CTP_BODY_TOO_LARGE: { statusCode: 413, message: commonMessages.bodyTooLarge },
  // Raised before routing for undecodable percent-escapes; Fastify's text would echo the URL back.
  FST_ERR_BAD_URL: { statusCode: 400, message: commonMessages.malformedUrl },
  // @fastify/multipart: a form cut off, malformed or over its limits (the routes word file size).
  FST_MP_PREMATURE_CLOSE: { statusCode: 400, message: commonMessages.malformedUpload },
  FST_PROTO_VIOLATION: { statusCode: 400, message: commonMessages.malformedUpload },
  FST_INVALID_JSON_FIELD_ERROR: { statusCode: 400, message: commonMessages.malformedUpload },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    statusCode: 415,
    message: commonMessages.unsupportedMediaType,
  },
  FST_REQ_FILE_TOO_LARGE: { statusCode: 413, message: commonMessages.bodyTooLarge },
  FST_PARTS_LIMIT: { statusCode: 413, message: commonMessages.uploadTooManyParts },
  FST_FILES_LIMIT: { statusCode: 413, message: commonMessages.uploadTooManyParts },
  FST_FIELDS_LIMIT: { statusCode: 413, message: commonMessages.uploadTooManyParts },
};

/**
 * busboy (under @fastify/multipart) reports a truncated or malformed form with a plain Error and no
 * status; these are its wordings. The client's fault, so a 400, never a 500 with a stack.
 */
const MALFORMED_MULTIPART =
  /^(Unexpected end of (form|file|multipart data)|Malformed part header|Multipart: Boundary not found|Malformed urlencoded form|Part terminated early|Missing Content-Type)/;

/** Whether `error` is busboy's (or the socket's) word for a multipart body that did not arrive whole. */
export function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error ? error.code : undefined;
  return (
    MALFORMED_MULTIPART.test(error.message) ||
    code === 'FST_MP_PREMATURE_CLOSE' ||
    code === 'ECONNRESET' ||
    error.message === 'aborted'
  );
}

interface ErrorAnswer {
  statusCode: number;
  message: string;
  /** Unexpected: log it as an error with its stack. */
  unexpected: boolean;
  /** The database is unreachable: 503 with Retry-After, logged once per outage. */
  databaseUnavailable?: boolean;
}

function statusOf(error: Error): number | undefined {
  const status = 'statusCode' in error ? error.statusCode : undefined;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : undefined;
}

/** Decide what the client sees for an error (or for whatever else was thrown). */
export function describeError(error: unknown): ErrorAnswer {
  if (!(error instanceof Error)) {
    return { statusCode: 500, message: commonMessages.internalError, unexpected: true };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      statusCode: 503,
      message: commonMessages.databaseUnavailable,
      unexpected: false,
      databaseUnavailable: true,
    };
  }
  const known =
    'code' in error && typeof error.code === 'string' ? fastifyErrorAnswers[error.code] : undefined;
  if (known) return { ...known, unexpected: false };
  if (isMalformedMultipart(error)) {
    return { statusCode: 400, message: commonMessages.malformedUpload, unexpected: false };
  }

  const statusCode = statusOf(error);
  // Fastify's JSON parser (and custom ones) report bad JSON as a SyntaxError with a 400.
  if (error instanceof SyntaxError && statusCode === 400) {
    return { statusCode: 400, message: commonMessages.malformedJson, unexpected: false };
  }
  if (error instanceof HttpError) {
    return {
      statusCode: error.statusCode,
      message: error.message,
      unexpected: error.statusCode >= 500,
    };
  }
  if (statusCode !== undefined && statusCode < 500) {
    // Client errors from Fastify and its plugins carry a readable message and nothing secret.
    return {
      statusCode,
      message: error.message || commonMessages.genericFailure,
      unexpected: false,
    };
  }
  return { statusCode: 500, message: commonMessages.internalError, unexpected: true };
}

export interface ReplyWithErrorOptions {
  /** Also put the message in `results.error`, for screens that read it there (forgot password, §8). */
  mirrorInResults?: boolean;
}

export function replyWithError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  { mirrorInResults = false }: ReplyWithErrorOptions = {},
): FastifyReply {
  const answer = describeError(error);
  if (answer.databaseUnavailable) {
    // One warning per outage, not a line per request (db/outage.ts).
    request.server.databaseOutage.requestRefused(error);
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  } else if (answer.unexpected) {
    // request.log carries the request id (reqId) on every line.
    request.log.error({ err: error }, 'request failed unexpectedly');
  } else {
    request.log.info({ statusCode: answer.statusCode, reason: answer.message }, 'request refused');
  }
  return reply
    .code(answer.statusCode)
    .header(REQUEST_ID_HEADER, request.id)
    .type('application/json; charset=utf-8')
    .send(fail(answer.message, mirrorInResults ? { error: answer.message } : {}));
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    // Sent on every answer, so a user can quote it and we can find the log lines.
    app.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
    });
    app.setErrorHandler((error: unknown, request, reply) => replyWithError(error, request, reply));

    // Decorated here, before the database plugin: any route's error can report an outage.
    const outage = databaseOutage({ log: app.log, ping: () => app.database.ping() });
    app.decorate('databaseOutage', outage);
    app.addHook('onClose', async () => outage.stop());
  },
  { name: 'errors', fastify: '5.x' },
);
