import type {
  ContactMessage,
  GalleryItem,
  galleryCreateRequest,
  galleryPatchRequest,
  TeamMember,
  teamMemberCreateRequest,
  teamMemberPatchRequest,
} from '@localmart/contract';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { contactMessages, galleryItems, teamMembers } from '../../../db/schema/index.ts';
import { toGalleryItem } from '../../catalog/businesses/business.service.ts';
import { cursorInstantSchema, decodeCursor, pageOf } from '../../catalog/shared/cursor.ts';
import { moveToPosition, nextPosition, type OrderedTable } from './positions.ts';

/** The store's gallery and team (ordered lists) and the contact messages shoppers sent it. */

const galleryList: OrderedTable = {
  table: galleryItems,
  id: galleryItems.id,
  position: galleryItems.position,
};
const teamList: OrderedTable = {
  table: teamMembers,
  id: teamMembers.id,
  position: teamMembers.position,
};

async function findGalleryItem(db: Database, businessId: string, itemId: string) {
  const [row] = await db
    .select()
    .from(galleryItems)
    .where(and(eq(galleryItems.id, itemId), eq(galleryItems.businessId, businessId)));
  return row && toGalleryItem(row);
}

export async function addGalleryImage(
  db: Database,
  businessId: string,
  body: z.output<typeof galleryCreateRequest>,
): Promise<GalleryItem> {
  return db.transaction(async (tx) => {
    const position = await nextPosition(tx, galleryList, eq(galleryItems.businessId, businessId));
    const [row] = await tx
      .insert(galleryItems)
      .values({ businessId, type: 'image', image: body.image, caption: body.caption, position })
      .returning();
    return toGalleryItem(row!);
  });
}

export async function updateGalleryItem(
  db: Database,
  businessId: string,
  itemId: string,
  body: z.output<typeof galleryPatchRequest>,
): Promise<GalleryItem | undefined> {
  return db.transaction(async (tx) => {
    const mine = and(eq(galleryItems.id, itemId), eq(galleryItems.businessId, businessId));
    const [current] = await tx.select({ id: galleryItems.id }).from(galleryItems).where(mine);
    if (!current) return undefined;
    if (body.caption !== undefined) {
      await tx.update(galleryItems).set({ caption: body.caption }).where(mine);
    }
    if (body.position !== undefined) {
      const scope = eq(galleryItems.businessId, businessId);
      await moveToPosition(tx, galleryList, scope, itemId, body.position);
    }
    return findGalleryItem(tx, businessId, itemId);
  });
}

export async function deleteGalleryItem(db: Database, businessId: string, itemId: string) {
  const deleted = await db
    .delete(galleryItems)
    .where(and(eq(galleryItems.id, itemId), eq(galleryItems.businessId, businessId)))
    .returning({ id: galleryItems.id });
  return deleted.length > 0;
}

const teamColumns = {
  id: teamMembers.id,
  businessId: teamMembers.businessId,
  name: teamMembers.name,
  role: teamMembers.role,
  photo: teamMembers.photo,
  bio: teamMembers.bio,
} as const;

async function findTeamMember(db: Database, businessId: string, memberId: string) {
  const [row] = await db
    .select(teamColumns)
    .from(teamMembers)
    .where(and(eq(teamMembers.id, memberId), eq(teamMembers.businessId, businessId)));
  return row;
}

export async function addTeamMember(
  db: Database,
  businessId: string,
  body: z.output<typeof teamMemberCreateRequest>,
): Promise<TeamMember> {
  return db.transaction(async (tx) => {
    const position = await nextPosition(tx, teamList, eq(teamMembers.businessId, businessId));
    const [row] = await tx
      .insert(teamMembers)
      .values({ businessId, position, ...body })
      .returning(teamColumns);
    return row!;
  });
}

export async function updateTeamMember(
  db: Database,
  businessId: string,
  memberId: string,
  body: z.output<typeof teamMemberPatchRequest>,
): Promise<TeamMember | undefined> {
  return db.transaction(async (tx) => {
    const mine = and(eq(teamMembers.id, memberId), eq(teamMembers.businessId, businessId));
    const [current] = await tx.select({ id: teamMembers.id }).from(teamMembers).where(mine);
    if (!current) return undefined;
    const { position, ...fields } = body;
    if (Object.keys(fields).length > 0) await tx.update(teamMembers).set(fields).where(mine);
    if (position !== undefined) {
      const scope = eq(teamMembers.businessId, businessId);
      await moveToPosition(tx, teamList, scope, memberId, position);
    }
    return findTeamMember(tx, businessId, memberId);
  });
}

export async function deleteTeamMember(db: Database, businessId: string, memberId: string) {
  const deleted = await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.id, memberId), eq(teamMembers.businessId, businessId)))
    .returning({ id: teamMembers.id });
  return deleted.length > 0;
}

/** The cursor of the messages list: the last message's (createdAt ISO, id). */
const messageCursorShape = z.tuple([cursorInstantSchema, z.uuid()]);

/**
 * created_at to the millisecond: the cursor carries an ISO instant (ms), while the column keeps
 * microseconds; comparing the truncated value never skips a message sent within the same ms.
 */
const createdAtMs = sql`date_trunc('milliseconds', ${contactMessages.createdAt})`;

/** Newest first, `limit` a page, keyset on (created_at, id). */
export async function listContactMessages(
  db: Database,
  businessId: string,
  limit: number,
  cursor: string | undefined,
): Promise<{ results: ContactMessage[]; nextCursor: string | null }> {
  const filters: SQL[] = [eq(contactMessages.businessId, businessId)];
  if (cursor) {
    const [createdAt, id] = decodeCursor(cursor, messageCursorShape);
    filters.push(
      sql`(${createdAtMs}, ${contactMessages.id}) < (${createdAt}::timestamptz, ${id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      phone: contactMessages.phone,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(and(...filters))
    .orderBy(desc(createdAtMs), desc(contactMessages.id))
    .limit(limit + 1);
  return pageOf(
    rows,
    limit,
    (row) => [row.createdAt.toISOString(), row.id],
    (row) => ({ ...row, createdAt: row.createdAt.toISOString() }),
  );
}
