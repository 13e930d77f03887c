import type { LiveEventData } from '@localmart/contract';
import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * Live events (issue 14, modules/live, ADR 0011): one row per event, written in the transaction of
 * the change it tells about and announced with NOTIFY in that same transaction, so it exists (and
 * leaves) exactly when that change commits. `id` is the stream's cursor (`Last-Event-ID`); rows are
 * kept LIVE_EVENT_RETENTION_HOURS for catching up, then deleted by the live-retention job.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** `store:<businessId>` (the store's members) or `user:<userId>` (that user only). */
    audience: text('audience').notNull(),
    data: jsonb('data').$type<LiveEventData>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    // Catch-up: one audience's events after a cursor, in order.
    index('live_events_audience_id_idx').on(table.audience, table.id),
    index('live_events_created_at_idx').on(table.createdAt),
  ],
);
