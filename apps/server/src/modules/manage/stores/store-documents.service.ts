import {
  STORE_DOCUMENT_MAX_COUNT,
  type StoreDocument,
  type StoreDocumentType,
  storeMessages,
} from '@localmart/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { businessDocuments } from '../../../db/schema/manage.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { detectImageType } from '../../media/image-type.ts';

/**
 * The document type the bytes actually are: '%PDF-' opens every PDF, JPEG and PNG by their magic
 * numbers. The name and the browser's Content-Type are the uploader's word and are not trusted.
 */
export function detectDocumentType(bytes: Buffer): StoreDocumentType | undefined {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  const image = detectImageType(bytes);
  return image === 'image/jpeg' || image === 'image/png' ? image : undefined;
}

/** A file name safe to keep and to echo in a Content-Disposition header. */
export function safeFilename(name: string, type: StoreDocumentType): string {
  const cleaned = name
    .replace(/^.*[\\/]/, '')
    .replace(/[^\w.\- ]+/g, '_')
    .trim()
    .slice(0, 120);
  if (cleaned && cleaned !== '.' && cleaned !== '..') return cleaned;
  return type === 'application/pdf'
    ? 'document.pdf'
    : type === 'image/png'
      ? 'document.png'
      : 'document.jpg';
}

const listColumns = {
  id: businessDocuments.id,
  filename: businessDocuments.filename,
  contentType: businessDocuments.contentType,
  byteSize: businessDocuments.byteSize,
  createdAt: businessDocuments.createdAt,
};

type ListedRow = {
  id: string;
  filename: string;
  contentType: string;
  byteSize: number;
  createdAt: Date;
};

const toDocument = (row: ListedRow): StoreDocument => ({
  id: row.id,
  filename: row.filename,
  type: row.contentType as StoreDocumentType,
  size: row.byteSize,
  uploadedAt: row.createdAt.toISOString(),
});

export async function listStoreDocuments(
  db: Database,
  businessId: string,
): Promise<StoreDocument[]> {
  const rows = await db
    .select(listColumns)
    .from(businessDocuments)
    .where(eq(businessDocuments.businessId, businessId))
    .orderBy(asc(businessDocuments.createdAt), asc(businessDocuments.id));
  return rows.map(toDocument);
}

/**
 * Keeps one verification document: its type decided by its bytes (415 otherwise), at most
 * STORE_DOCUMENT_MAX_COUNT per store (409). The count and the insert are two statements: two uploads
 * racing at the limit may end one over, which is harmless (the cap only bounds storage).
 */
export async function addStoreDocument(
  db: Database,
  input: { businessId: string; userId: string; filename: string; bytes: Buffer; now: Date },
): Promise<StoreDocument> {
  const type = detectDocumentType(input.bytes);
  if (!type) throw new HttpError(415, storeMessages.documentWrongType);
  const [held] = await db
    .select({ n: count() })
    .from(businessDocuments)
    .where(eq(businessDocuments.businessId, input.businessId));
  if ((held?.n ?? 0) >= STORE_DOCUMENT_MAX_COUNT) {
    throw new HttpError(409, storeMessages.documentLimit);
  }
  const [row] = await db
    .insert(businessDocuments)
    .values({
      businessId: input.businessId,
      uploadedBy: input.userId,
      filename: safeFilename(input.filename, type),
      contentType: type,
      byteSize: input.bytes.length,
      bytes: input.bytes,
      createdAt: input.now,
    })
    .returning(listColumns);
  if (!row) throw new Error('no document inserted');
  return toDocument(row);
}

/** One document with its bytes, only of this store (another store's id is simply not found). */
export async function storeDocumentBytes(
  db: Database,
  businessId: string,
  documentId: string,
): Promise<{ filename: string; contentType: StoreDocumentType; bytes: Buffer }> {
  const [row] = await db
    .select({
      filename: businessDocuments.filename,
      contentType: businessDocuments.contentType,
      bytes: businessDocuments.bytes,
    })
    .from(businessDocuments)
    .where(and(eq(businessDocuments.id, documentId), eq(businessDocuments.businessId, businessId)));
  if (!row) throw new HttpError(404, storeMessages.documentNotFound);
  return { ...row, contentType: row.contentType as StoreDocumentType };
}
