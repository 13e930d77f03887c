import type {
  AdminBusinessDetail,
  AdminBusinessesPage,
  AdminBusinessRow,
  AdminOwner,
  BusinessStatus,
} from '@localmart/contract';
import { ADMIN_BUSINESSES_PAGE_SIZE } from '@localmart/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import { isCursorInstant } from '../../catalog/shared/cursor.ts';
import { executeRows } from '../../catalog/search/execute-rows.ts';
import { users } from '../../../db/schema/accounts.ts';
import { businesses } from '../../../db/schema/catalog.ts';
import { businessDocuments, businessMembers } from '../../../db/schema/manage.ts';

/**
 * The admin's review queue and the facts behind a decision. A store's owner is `businesses.owner_id`
 * when set, else its first member with the owner role (stores made on the manage site may carry only
 * the membership).
 */

const ownerIdSql = sql<string | null>`coalesce(${businesses.ownerId}, (
  select ${businessMembers.userId} from ${businessMembers}
  where ${businessMembers.businessId} = ${businesses.id} and ${businessMembers.role} = 'owner'
  order by ${businessMembers.createdAt} asc limit 1))`;

const documentsCountSql = sql<number>`(select count(*)::int from ${businessDocuments}
  where ${businessDocuments.businessId} = ${businesses.id})`;

/** The queue's order: newest submission first (stores never submitted count from their creation). */
const submittedOrderSql = sql<Date>`coalesce(${businesses.submittedAt}, ${businesses.createdAt})`;

const owners = alias(users, 'owner');

const rowColumns = {
  id: businesses.id,
  name: businesses.name,
  kind: businesses.kind,
  type: businesses.type,
  addressLine: businesses.addressLine,
  status: businesses.status,
  submittedAt: businesses.submittedAt,
  documentsCount: documentsCountSql,
  ownerId: owners.id,
  ownerName: owners.displayName,
  ownerEmail: owners.email,
  // As text: node-postgres would round the microseconds into a Date, and the cursor must be exact.
  sortAt: sql<string>`(${submittedOrderSql})::text`,
};

type RowRecord = {
  id: string;
  name: string;
  kind: AdminBusinessRow['kind'];
  type: string;
  addressLine: string;
  status: BusinessStatus;
  submittedAt: Date | null;
  documentsCount: number;
  ownerId: string | null;
  ownerName: string | null;
  ownerEmail: string | null;
};

function toOwner(id: string | null, name: string | null, email: string | null): AdminOwner | null {
  return id && email !== null ? { id, name: name ?? '', email } : null;
}

function toRow(row: RowRecord): AdminBusinessRow {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    type: row.type,
    addressLine: row.addressLine,
    owner: toOwner(row.ownerId, row.ownerName, row.ownerEmail),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    status: row.status,
    documentsCount: Number(row.documentsCount),
  };
}

/** The cursor: the last row's sort instant (PostgreSQL's text) and id: no store repeated or skipped. */
function encodeCursor(at: string, id: string): string {
  return Buffer.from(`${at}|${id}`).toString('base64url');
}

/** What `timestamptz::text` looks like; anything else never reaches the SQL cast. */
const TIMESTAMP_TEXT =
  /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

function decodeCursor(cursor: string): { at: string; id: string } | undefined {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || !TIMESTAMP_TEXT.test(at) || !isCursorInstant(at)) return undefined;
  if (!z.uuid().safeParse(id).success) return undefined;
  return { at, id };
}

export async function listAdminBusinesses(
  db: Database,
  query: { status: BusinessStatus; cursor?: string | undefined },
  pageSize = ADMIN_BUSINESSES_PAGE_SIZE,
): Promise<AdminBusinessesPage | undefined> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  if (after === undefined) return undefined;
  const rows = await db
    .select(rowColumns)
    .from(businesses)
    .leftJoin(owners, sql`${owners.id} = ${ownerIdSql}`)
    .where(
      and(
        eq(businesses.status, query.status),
        after
          ? sql`(${submittedOrderSql}, ${businesses.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(submittedOrderSql), desc(businesses.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    items: page.map(toRow),
    nextCursor: rows.length > pageSize && last ? encodeCursor(last.sortAt, last.id) : null,
  };
}

export async function findAdminBusiness(
  db: Database,
  businessId: string,
): Promise<AdminBusinessDetail | undefined> {
  const reviewers = alias(users, 'reviewer');
  const [row] = await db
    .select({
      ...rowColumns,
      business: businesses,
      reviewerId: reviewers.id,
      reviewerName: reviewers.displayName,
      reviewerEmail: reviewers.email,
    })
    .from(businesses)
    .leftJoin(owners, sql`${owners.id} = ${ownerIdSql}`)
    .leftJoin(reviewers, eq(reviewers.id, businesses.reviewedBy))
    .where(eq(businesses.id, businessId));
  if (!row) return undefined;
  const documents = await db
    .select({
      id: businessDocuments.id,
      filename: businessDocuments.filename,
      contentType: businessDocuments.contentType,
      byteSize: businessDocuments.byteSize,
      createdAt: businessDocuments.createdAt,
    })
    .from(businessDocuments)
    .where(eq(businessDocuments.businessId, businessId))
    .orderBy(asc(businessDocuments.createdAt), asc(businessDocuments.id));
  const b = row.business;
  return {
    ...toRow(row),
    slug: b.slug,
    storeCode: b.storeCode,
    description: b.description,
    address: b.address,
    lat: b.lat,
    lng: b.lng,
    phone: b.phone,
    email: b.email,
    website: b.website,
    currency: b.currency,
    hours: b.hours,
    fulfilment: b.fulfilment,
    pickupReadyMinutes: b.pickupReadyMinutes,
    delivery: b.delivery,
    taxRateBps: b.taxRateBps,
    pausedUntil: b.pausedUntil?.toISOString() ?? null,
    reviewNote: b.reviewNote,
    reviewedAt: b.reviewedAt?.toISOString() ?? null,
    reviewedBy: toOwner(row.reviewerId, row.reviewerName, row.reviewerEmail),
    createdAt: b.createdAt.toISOString(),
    documents: documents.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() })),
  };
}

/** The addresses a store's review emails go to: its owner and every member with the owner role. */
export async function storeOwnerEmails(db: Database, businessId: string): Promise<string[]> {
  const rows = await executeRows<{ email: string }>(
    db,
    sql`
    select distinct u.email from ${users} u
    where u.id in (
      select ${businesses.ownerId} from ${businesses} where ${businesses.id} = ${businessId}
      union
      select ${businessMembers.userId} from ${businessMembers}
      where ${businessMembers.businessId} = ${businessId} and ${businessMembers.role} = 'owner')
    order by u.email`,
  );
  return rows.map((r) => r.email);
}

export type ReviewOutcome =
  | { kind: 'reviewed'; name: string; status: BusinessStatus }
  | { kind: 'not-found' }
  | { kind: 'already-published' };

/**
 * Approve or reject in one conditional UPDATE: two admins approving at once publish it once, and
 * the second is told it is already published.
 */
export async function reviewBusiness(
  db: Database,
  input: {
    businessId: string;
    decision: 'approve' | 'reject';
    note: string | null;
    adminId: string;
    now: Date;
  },
): Promise<ReviewOutcome> {
  const approving = input.decision === 'approve';
  const [row] = await db
    .update(businesses)
    .set({
      status: approving ? 'published' : 'rejected',
      reviewNote: approving ? null : input.note,
      reviewedAt: input.now,
      reviewedBy: input.adminId,
      updatedAt: input.now,
    })
    .where(
      and(
        eq(businesses.id, input.businessId),
        approving ? sql`${businesses.status} <> 'published'` : undefined,
      ),
    )
    .returning({ name: businesses.name, status: businesses.status });
  if (row) return { kind: 'reviewed', ...row };
  const [exists] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.id, input.businessId));
  return exists ? { kind: 'already-published' } : { kind: 'not-found' };
}

/** One verification document of a store, bytes included; undefined when it is not that store's. */
export async function findBusinessDocument(db: Database, businessId: string, documentId: string) {
  const [row] = await db
    .select({
      filename: businessDocuments.filename,
      contentType: businessDocuments.contentType,
      bytes: businessDocuments.bytes,
    })
    .from(businessDocuments)
    .where(and(eq(businessDocuments.id, documentId), eq(businessDocuments.businessId, businessId)));
  return row;
}
