import type {
  FeedColumnMap,
  FeedFetchSchedule,
  FeedFetchStatus,
  FeedFetchTrigger,
  FeedMode,
} from '@localmart/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { businesses } from './catalog.ts';
import { generatedId, timestamptz } from './columns.ts';
import { inventoryImports } from './manage.ts';

/**
 * A store's feed settings (docs/decisions/0019-feeds-dry-run-and-flyer-prices.md): the column
 * mapping it chose once for its till system's headers ("Artikelnr" -> id), remembered for its next
 * files. One row per store that changed something; none means the common header names only.
 */
export const inventoryFeedSettings = pgTable('inventory_feed_settings', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  /** Normalized header -> what it holds (FEED_MAP_TARGETS). */
  columnMap: jsonb('column_map')
    .$type<FeedColumnMap>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * A store's scheduled feed fetch (docs/decisions/0023-scheduled-feed-fetch.md): the https address
 * its till system publishes the stock file at, how often we fetch it and in which mode. One row per
 * store that set one. `nextFetchAt` is when the schedule's next run is due; the `feed-fetch-due`
 * cron queues the runs that are due and moves it on in the same transaction (its claim).
 */
export const inventoryFeedSchedules = pgTable(
  'inventory_feed_schedules',
  {
    businessId: uuid('business_id')
      .primaryKey()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** 'off', 'hourly' or 'daily' (FEED_FETCH_SCHEDULES). */
    schedule: text('schedule').$type<FeedFetchSchedule>().notNull().default('off'),
    mode: text('mode').$type<FeedMode>().notNull().default('incremental'),
    /**
     * Full mode: the owner who confirmed that every run sets the items missing from the file out of
     * stock, and when. Null in incremental mode; a Full schedule without it never applies.
     */
    fullConfirmedBy: uuid('full_confirmed_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    fullConfirmedAt: timestamptz('full_confirmed_at'),
    /** When the schedule's next run is due; null while the schedule is off. */
    nextFetchAt: timestamptz('next_fetch_at'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('inventory_feed_schedules_due_idx').on(table.nextFetchAt),
    check(
      'inventory_feed_schedules_schedule_known',
      sql`${table.schedule} in ('off', 'hourly', 'daily')`,
    ),
    check('inventory_feed_schedules_mode_known', sql`${table.mode} in ('incremental', 'full')`),
    check(
      'inventory_feed_schedules_due_when_on',
      sql`(${table.schedule} = 'off') = (${table.nextFetchAt} is null)`,
    ),
  ],
);

/**
 * One run of a store's feed fetch, scheduled or asked for ("Fetch now"): the history the feed page
 * lists. `importId` is the import it made (its dry run, errors and report; gone when a held
 * preview expired); the counts are the dry run's, `message` says in the owner's words why a run
 * failed or was held.
 */
export const inventoryFeedFetches = pgTable(
  'inventory_feed_fetches',
  {
    id: generatedId(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** 'schedule' or 'manual' (FEED_FETCH_TRIGGERS). */
    trigger: text('trigger').$type<FeedFetchTrigger>().notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    mode: text('mode').$type<FeedMode>().notNull(),
    /** queued, running, applied, failed or held (FEED_FETCH_STATUSES). */
    status: text('status').$type<FeedFetchStatus>().notNull().default('queued'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
    importId: uuid('import_id').references(() => inventoryImports.id, { onDelete: 'set null' }),
    bytes: integer('bytes'),
    newItems: integer('new_items').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    outOfStock: integer('out_of_stock').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    message: text('message'),
  },
  (table) => [
    index('inventory_feed_fetches_business_idx').on(table.businessId, table.createdAt),
    check(
      'inventory_feed_fetches_status_known',
      sql`${table.status} in ('queued', 'running', 'applied', 'failed', 'held')`,
    ),
    check(
      'inventory_feed_fetches_finished_when_done',
      sql`(${table.status} in ('applied', 'failed', 'held')) = (${table.finishedAt} is not null)`,
    ),
    check(
      'inventory_feed_fetches_counts_not_negative',
      sql`${table.newItems} >= 0 and ${table.updated} >= 0 and ${table.outOfStock} >= 0
        and ${table.errors} >= 0`,
    ),
  ],
);
