import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { media } from '../../db/schema/index.ts';
import type { ImageType } from './image-type.ts';

export interface StoredMedia {
  contentType: string;
  bytes: Buffer;
}

export async function saveMedia(
  db: Database,
  {
    ownerId,
    contentType,
    bytes,
    now,
  }: { ownerId: string; contentType: ImageType; bytes: Buffer; now: Date },
): Promise<string> {
  const [row] = await db
    .insert(media)
    .values({ ownerId, contentType, bytes, byteSize: bytes.length, createdAt: now })
    .returning({ id: media.id });
  if (!row) throw new Error('media insert returned no row');
  return row.id;
}

export async function findMedia(db: Database, id: string): Promise<StoredMedia | undefined> {
  const [row] = await db
    .select({ contentType: media.contentType, bytes: media.bytes })
    .from(media)
    .where(eq(media.id, id));
  return row;
}

export async function deleteOwnedMedia(db: Database, id: string, ownerId: string): Promise<void> {
  await db.delete(media).where(and(eq(media.id, id), eq(media.ownerId, ownerId)));
}
