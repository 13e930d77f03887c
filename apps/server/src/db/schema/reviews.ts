import type { ReviewSubjectKind } from '@localmart/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { businesses } from './catalog.ts';
import { generatedId, timestamptz } from './columns.ts';
import { orders } from './commerce.ts';
import { media } from './media.ts';

/**
 * Verified reviews (issue 17, ADR 0016). A shopper rates a store, or an item bought there (product,
 * dish, service), once: the row is unique per author and subject and editing rewrites it. Written only
 * for a completed order of the author's that holds the subject (`order_id`, the proof). The subject
 * is polymorphic (kind + id) so one table, one list and one aggregate serve all four kinds.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: generatedId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The store the review is of, or where the item was bought: whose reviews page lists it. */
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** The completed order that allowed it (the latest one named on an edit). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    subjectKind: text('subject_kind').$type<ReviewSubjectKind>().notNull(),
    /** businesses.id, products.id, menu_items.id or services.id, by subject_kind. */
    subjectId: uuid('subject_id').notNull(),
    /** The subject's name when rated (an order line's title), shown if the item is gone since. */
    subjectTitle: text('subject_title').notNull(),
    stars: smallint('stars').notNull(),
    text: text('text').notNull().default(''),
    photoMediaId: uuid('photo_media_id').references(() => media.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull(),
    editedAt: timestamptz('edited_at'),
    replyText: text('reply_text'),
    replyAt: timestamptz('reply_at'),
    replyUserId: uuid('reply_user_id').references(() => users.id, { onDelete: 'set null' }),
    removedAt: timestamptz('removed_at'),
    removedReason: text('removed_reason'),
    removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('reviews_author_subject_key').on(table.userId, table.subjectKind, table.subjectId),
    // A store's or product's public list, newest first, visible ones only.
    index('reviews_subject_idx')
      .on(table.subjectKind, table.subjectId, table.createdAt, table.id)
      .where(sql`${table.removedAt} is null`),
    // The store's Reviews page (every subject bought there).
    index('reviews_business_idx').on(table.businessId, table.createdAt),
    index('reviews_user_idx').on(table.userId, table.createdAt),
    check('reviews_stars_range', sql`${table.stars} between 1 and 5`),
    check(
      'reviews_subject_kind',
      sql`${table.subjectKind} in ('store', 'product', 'menu_item', 'service')`,
    ),
    // A reply is whole (text and time) or absent; a removal has its reason.
    check('reviews_reply_whole', sql`(${table.replyText} is null) = (${table.replyAt} is null)`),
    check(
      'reviews_removal_whole',
      sql`(${table.removedAt} is null) = (${table.removedReason} is null)`,
    ),
  ],
);

/**
 * Each subject's count and star total over its visible reviews, kept in the transaction of every
 * review write (create, edit, removal), so cards read a rating by primary key instead of scanning
 * reviews (ADR 0016).
 */
export const reviewAggregates = pgTable(
  'review_aggregates',
  {
    subjectKind: text('subject_kind').$type<ReviewSubjectKind>().notNull(),
    subjectId: uuid('subject_id').notNull(),
    reviewCount: integer('review_count').notNull().default(0),
    starTotal: integer('star_total').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.subjectKind, table.subjectId] }),
    check(
      'review_aggregates_not_negative',
      sql`${table.reviewCount} >= 0 and ${table.starTotal} >= 0`,
    ),
  ],
);

/**
 * A store's answer time: the median minutes from an order placed to accepted or declined, over the
 * orders placed in the last 30 days. Refreshed by a pg-boss cron (the window slides with no order
 * event); only stores with the minimum sample have a row.
 */
export const businessAnswerTimes = pgTable('business_answer_times', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  medianMinutes: doublePrecision('median_minutes').notNull(),
  sampleSize: integer('sample_size').notNull(),
  computedAt: timestamptz('computed_at').notNull(),
});
