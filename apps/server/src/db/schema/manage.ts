import type { FeedDryRun, ImportStatus, MemberRole } from '@localmart/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { businesses } from './catalog.ts';
import { generatedId, timestamptz } from './columns.ts';

/**
 * Manage Your Store: who manages which store, the documents a new store sends for verification, the
 * store's API keys for automated inventory pushes, and the history of inventory feed imports.
 */

/** bytea as a Buffer on both drivers (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const businessIdColumn = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

export const businessMembers = pgTable(
  'business_members',
  {
    businessId: businessIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<MemberRole>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.businessId, table.userId] }),
    index('business_members_user_idx').on(table.userId),
  ],
);

/**
 * Which store alerts reach a member by email (issue 14; in-app alerts always show). One row per
 * member who changed something: no row means every alert is on. Removing a member removes it.
 * The store's own address has no row: it always gets the placement and auto-cancel emails.
 */
export const storeAlertPreferences = pgTable(
  'store_alert_preferences',
  {
    businessId: uuid('business_id').notNull(),
    userId: uuid('user_id').notNull(),
    orderPlaced: boolean('order_placed').notNull().default(true),
    orderAutoCancelled: boolean('order_auto_cancelled').notNull().default(true),
    orderDeadlineSoon: boolean('order_deadline_soon').notNull().default(true),
    priceMatchRequested: boolean('price_match_requested').notNull().default(true),
    messageReceived: boolean('message_received').notNull().default(true),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.businessId, table.userId] }),
    foreignKey({
      name: 'store_alert_preferences_member_fk',
      columns: [table.businessId, table.userId],
      foreignColumns: [businessMembers.businessId, businessMembers.userId],
    }).onDelete('cascade'),
  ],
);

/**
 * Business verification documents (spec §7's document upload). Private: unlike media they are never
 * served by a public URL, only to the store's owner and to admins.
 */
export const businessDocuments = pgTable(
  'business_documents',
  {
    id: generatedId(),
    businessId: businessIdColumn(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    /** Decided from the bytes (PDF, JPEG, PNG), never from the uploader's claim. */
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('business_documents_business_idx').on(table.businessId)],
);

/** A store's key for pushing feeds without a session; only its sha256 is kept. */
export const storeApiKeys = pgTable(
  'store_api_keys',
  {
    id: generatedId(),
    businessId: businessIdColumn(),
    name: text('name').notNull(),
    /** The first characters of the key, shown in lists so an owner can tell keys apart. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [index('store_api_keys_business_idx').on(table.businessId)],
);

/**
 * One inventory feed import: what was sent, where its job stands (status and rows done), what it
 * changed, and every bad row with its reason. The upload inserts it `queued` with its batches;
 * the `feed-import` job applies them (modules/manage/inventory/feed-import.jobs.ts).
 */
export const inventoryImports = pgTable(
  'inventory_imports',
  {
    id: generatedId(),
    businessId: businessIdColumn(),
    /** 'upload' (the manage site) or 'api' (a store API key). */
    source: text('source').notNull(),
    /** 'full' (offers missing from the file go out of stock) or 'incremental'. */
    mode: text('mode').notNull(),
    format: text('format').notNull(),
    filename: text('filename').notNull(),
    /** sha256 of the file's bytes: the history shows when the same file came twice. */
    fileSha256: text('file_sha256').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    apiKeyId: uuid('api_key_id').references(() => storeApiKeys.id, { onDelete: 'set null' }),
    status: text('status').$type<ImportStatus>().notNull().default('done'),
    rowsTotal: integer('rows_total').notNull(),
    /** Rows checked so far: bad rows found on upload, then each applied batch's rows. */
    rowsDone: integer('rows_done').notNull().default(0),
    /** Good rows that changed an offer (created or updated). */
    rowsChanged: integer('rows_changed').notNull(),
    /** Good rows identical to what the offer already held. */
    rowsUnchanged: integer('rows_unchanged').notNull(),
    rowsFailed: integer('rows_failed').notNull(),
    /** Full mode: offers not in the file, set out of stock. */
    offersZeroed: integer('offers_zeroed').notNull().default(0),
    /** Bad rows: line number (1 = header), column, reason, as the report lists them. */
    errors: jsonb('errors')
      .$type<{ line: number; column: string | null; reason: string }[]>()
      .notNull(),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
    /** Why a `failed` import stopped, for the owner. */
    failure: text('failure'),
    /** The dry run's counts, columns and sample (FeedDryRun, docs/decisions/0019); null before 0019. */
    dryRun: jsonb('dry_run').$type<FeedDryRun>(),
    /** Full mode: how many items the person who applied it confirmed would go out of stock. */
    confirmedOutOfStock: integer('confirmed_out_of_stock'),
    /** Who pressed Apply on the preview (the uploader may be someone else). */
    appliedBy: uuid('applied_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('inventory_imports_business_idx').on(table.businessId, table.createdAt),
    check(
      'inventory_imports_status_known',
      sql`${table.status} in ('preview', 'queued', 'running', 'done', 'failed')`,
    ),
    check(
      'inventory_imports_rows_done_in_range',
      sql`${table.rowsDone} >= 0 and ${table.rowsDone} <= ${table.rowsTotal}`,
    ),
    check(
      'inventory_imports_counts_not_negative',
      sql`${table.rowsChanged} >= 0 and ${table.rowsUnchanged} >= 0 and ${table.rowsFailed} >= 0
        and ${table.offersZeroed} >= 0 and ${table.durationMs} >= 0`,
    ),
    check(
      'inventory_imports_finished_when_done',
      sql`(${table.status} in ('done', 'failed')) = (${table.finishedAt} is not null)`,
    ),
  ],
);

/**
 * The checked rows of an import waiting to be applied, a batch per row. Applying a batch deletes it
 * in the same transaction that writes its offers and the import's progress, so a retried job picks
 * up at the first batch left and no batch is ever applied twice.
 */
export const inventoryImportBatches = pgTable(
  'inventory_import_batches',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => inventoryImports.id, { onDelete: 'cascade' }),
    batchNo: integer('batch_no').notNull(),
    /** The parser's good rows of this batch (FeedRow objects), in file order. */
    rows: jsonb('rows').$type<unknown[]>().notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.importId, table.batchNo] }),
    check('inventory_import_batches_batch_no_not_negative', sql`${table.batchNo} >= 0`),
    check('inventory_import_batches_row_count_positive', sql`${table.rowCount} > 0`),
  ],
);

/**
 * The offers an unfinished import has written or matched so far, with the line that named each:
 * a later batch's row naming the same offer is "Same item as line N", and Full mode sets every other
 * offer of the store out of stock when the last batch is in. Emptied when the import finishes.
 */
export const inventoryImportOffers = pgTable(
  'inventory_import_offers',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => inventoryImports.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id').notNull(),
    line: integer('line').notNull(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.offerId] })],
);
