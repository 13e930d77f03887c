import { z } from 'zod';
import { envelopeSchema, successEnvelopeSchema } from '../envelope.ts';
import { cursorSchema } from '../catalog/schemas/queries.ts';
import { safeText } from '../schemas/safe-input.ts';

/**
 * Inventory feeds (Manage Your Store): a store sends its stock in Google's local inventory columns,
 * as a CSV or TSV file uploaded on the manage site or pushed with a store API key. The file is
 * checked at once (a file that is not a feed is refused with a 400); its good rows are then applied
 * by a job in batches while the page shows the progress, and bad rows are reported with their line
 * and reason (docs/decisions/0010-job-engine.md).
 */

/** The multipart field of the file, and the text fields beside it. */
export const INVENTORY_FEED_FIELD = 'feed';
export const INVENTORY_MODE_FIELD = 'mode';
export const INVENTORY_FORMAT_FIELD = 'format';
/** A 100,000-row feed is about 6 MB; this leaves room for long ids and extra columns. */
export const INVENTORY_FEED_MAX_BYTES = 32 * 1024 * 1024;
/** The upload's answer carries this many bad rows; the import's own page has them all. */
export const IMPORT_SUMMARY_MAX_ERRORS = 200;
export const IMPORT_HISTORY_PAGE_SIZE = 50;

export const FEED_MODES = ['incremental', 'full'] as const;
export type FeedMode = (typeof FEED_MODES)[number];
export const FEED_FORMATS = ['csv', 'tsv'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];
/** 'url': fetched from the store's feed address (docs/decisions/0023). */
export const FEED_SOURCES = ['upload', 'api', 'url'] as const;
export type FeedSource = (typeof FEED_SOURCES)[number];

/**
 * Where an import stands: `queued` (the file is checked and stored, its job waits for a worker),
 * `running` (batches being applied: `rowsDone` of `rowsTotal`), `done`, or `failed` (the job gave up
 * after its retries; the batches applied before stay applied, `failure` says what to do).
 */
export const IMPORT_STATUSES = ['preview', 'queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
/**
 * Nothing more happens to the import by itself: done, failed, or a `preview` (a dry run: nothing
 * written, it waits for someone to apply it; docs/decisions/0019).
 */
export function isImportFinished(status: ImportStatus): boolean {
  return status === 'done' || status === 'failed' || status === 'preview';
}
/** How often the manage site asks for an unfinished import's progress. */
export const IMPORT_PROGRESS_POLL_MS = 1_000;

/** Content types a pushed feed may be sent as, and the format each means. */
export const FEED_CONTENT_TYPES = {
  'text/csv': 'csv',
  'text/tab-separated-values': 'tsv',
} as const satisfies Record<string, FeedFormat>;

/** Every column read from a feed (Google local inventory names); any other column is ignored. */
export const FEED_COLUMNS = [
  'store_code',
  'id',
  'gtin',
  'quantity',
  'price',
  'sale_price',
  'sale_price_effective_date',
  'availability',
  'pickup_method',
  'pickup_sla',
] as const;
export type FeedColumn = (typeof FEED_COLUMNS)[number];

/** Columns (or either-or pairs) a feed cannot do without. */
export const FEED_REQUIRED_COLUMNS: readonly (readonly FeedColumn[])[] = [
  // store_code may be left out: the upload's store (or the API key's) is known; when given it must match.
  ['id', 'gtin'],
  ['quantity', 'availability'],
];

export const FEED_AVAILABILITIES = [
  'in_stock',
  'out_of_stock',
  'limited_availability',
  'on_display_to_order',
] as const;
export const PICKUP_METHODS = ['buy', 'reserve', 'ship to store', 'not supported'] as const;
export type PickupMethod = (typeof PICKUP_METHODS)[number];
export const PICKUP_SLAS = [
  'same day',
  'next day',
  '2-day',
  '3-day',
  '4-day',
  '5-day',
  '6-day',
  '7-day',
  'multi-week',
] as const;
export type PickupSla = (typeof PICKUP_SLAS)[number];

/**
 * A sale_price without sale_price_effective_date runs until the store changes it. The catalogue
 * only shows a sale between two instants (a sale without dates is no sale), so an open-ended sale is
 * stored with these fixed bounds; fixed, not "now", so sending the same file again changes nothing.
 */
export const OPEN_ENDED_SALE = {
  startsAt: '2000-01-01T00:00:00.000Z',
  endsAt: '9999-12-31T00:00:00.000Z',
} as const;

/** One bad row of a feed: its line (the header is line 1), the column at fault, and why. */
export const feedErrorSchema = z.object({
  line: z.number().int(),
  column: safeText().nullable(),
  reason: safeText(),
});
export type FeedError = z.infer<typeof feedErrorSchema>;

// Dry runs (docs/decisions/0019; more in feeds.ts)

/** What a file's column can be read as: a feed column, the item's name (shown, never written), or nothing. */
export const FEED_MAP_TARGETS = [...FEED_COLUMNS, 'title', 'ignore'] as const;
export type FeedMapTarget = (typeof FEED_MAP_TARGETS)[number];

/** How one column of the file was read: by the store's mapping, by its name, or not at all. */
export const FEED_COLUMN_HOWS = ['mapped', 'recognised', 'ignored'] as const;
export const feedFileColumnSchema = z.object({
  header: safeText(),
  target: z.enum(FEED_MAP_TARGETS),
  how: z.enum(FEED_COLUMN_HOWS),
});
export type FeedFileColumn = z.infer<typeof feedFileColumnSchema>;

/** An item the dry run would set out of stock (a few are shown before the owner confirms). */
export const feedZeroedItemSchema = z.object({ title: safeText(), sku: safeText().nullable() });
export const DRY_RUN_ZEROED_SAMPLE = 20;

/** What applying the file would do, counted by running it and rolling it back. */
export const feedDryRunSchema = z.object({
  /** Rows that would create an offer (an item the store does not sell yet). */
  newItems: z.number().int(),
  /** Rows that would change an offer. */
  updated: z.number().int(),
  /** Rows the offer already matches: nothing written. */
  unchanged: z.number().int(),
  /** Full mode: offers not in the file that would go to quantity 0 (0 in incremental mode). */
  outOfStock: z.number().int(),
  /** Rows that would not be applied (listed in the report's errors). */
  errors: z.number().int(),
  outOfStockSample: z.array(feedZeroedItemSchema),
  columns: z.array(feedFileColumnSchema),
  /** After this instant the preview can no longer be applied (upload the file again). */
  expiresAt: safeText(),
});
export type FeedDryRun = z.infer<typeof feedDryRunSchema>;

/** One import as the history lists it. */
export const inventoryImportSummarySchema = z.object({
  id: safeText(),
  createdAt: safeText(),
  source: z.enum(FEED_SOURCES),
  mode: z.enum(FEED_MODES),
  format: z.enum(FEED_FORMATS),
  filename: safeText(),
  fileSha256: safeText(),
  status: z.enum(IMPORT_STATUSES),
  /** Data rows in the file (the header not counted). */
  rowsTotal: z.number().int(),
  /** Rows checked and applied (or found bad) so far: the progress, `rowsTotal` when done. */
  rowsDone: z.number().int(),
  /** Good rows that created or changed an offer. */
  rowsChanged: z.number().int(),
  /** Good rows the offer already matched: nothing written. */
  rowsUnchanged: z.number().int(),
  rowsFailed: z.number().int(),
  /** Full mode: offers missing from the file, set to quantity 0. */
  offersZeroed: z.number().int(),
  /** From the upload to the last batch (0 until finished). */
  durationMs: z.number().int(),
  finishedAt: safeText().nullable(),
  /** Why a `failed` import stopped, for the owner. */
  failure: safeText().nullable(),
});
export type InventoryImportSummary = z.infer<typeof inventoryImportSummarySchema>;

/** An import with its bad rows so far (the upload's answer: the first IMPORT_SUMMARY_MAX_ERRORS). */
export const inventoryImportReportSchema = inventoryImportSummarySchema.extend({
  errors: z.array(feedErrorSchema),
  /** True when `errors` holds only the first rows of a longer list (see the import's page). */
  errorsTruncated: z.boolean(),
  /** About the file as a whole, e.g. columns that were ignored. */
  notes: z.array(safeText()),
  /** What applying it does (or did), counted on upload; null for imports made before dry runs. */
  dryRun: feedDryRunSchema.nullable(),
});
export type InventoryImportReport = z.infer<typeof inventoryImportReportSchema>;

export const inventoryImportResponse = envelopeSchema(
  successEnvelopeSchema({ result: inventoryImportReportSchema }),
);
export const inventoryImportsResponse = envelopeSchema(
  successEnvelopeSchema({
    results: z.array(inventoryImportSummarySchema),
    result: z.object({ nextCursor: safeText().nullable() }),
  }),
);
export const inventoryImportsQuery = z.object({ cursor: cursorSchema.optional() });

export const feedModeSchema = z.enum(FEED_MODES, {
  error: `mode must be one of ${FEED_MODES.join(', ')}`,
});
/** POST inventoryPush?mode=full|incremental */
export const inventoryPushQuery = z.object({ mode: feedModeSchema.default('incremental') });

// API keys

/** Pushed keys start with this, so a leaked one is easy to recognise (and to scan for). */
export const API_KEY_PREFIX = 'lmk_';
/** Characters of the key shown in lists (prefix included). */
export const API_KEY_VISIBLE_CHARS = 10;

export const apiKeySchema = z.object({
  id: safeText(),
  name: safeText(),
  prefix: safeText(),
  createdAt: safeText(),
  lastUsedAt: safeText().nullable(),
  revokedAt: safeText().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createApiKeyRequest = z.strictObject({
  name: safeText({ error: 'Give the key a name.' })
    .trim()
    .min(1, { error: 'Give the key a name.' })
    .max(80, { error: 'The name can be at most 80 characters.' }),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequest>;

export const apiKeysResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(apiKeySchema) }),
);
/** The secret is in this answer only; the server keeps its sha256. */
export const createdApiKeyResponse = envelopeSchema(
  successEnvelopeSchema({ result: z.object({ key: apiKeySchema, secret: safeText() }) }),
);
export const apiKeyResponse = envelopeSchema(successEnvelopeSchema({ result: apiKeySchema }));

export const inventoryMessages = {
  fileMissing: 'Choose a CSV or TSV file to upload.',
  fileTooLarge: `Feeds can be at most ${INVENTORY_FEED_MAX_BYTES / 1024 / 1024} MB.`,
  notText: 'That file is not a text file. Upload a CSV or TSV file (UTF-8).',
  noDataRows: 'The file has a header line but no rows of stock.',
  badFormat: `format must be one of ${FEED_FORMATS.join(', ')}`,
  unreadable: (detail: string) => `The file could not be read as CSV/TSV: ${detail}`,
  missingColumns: (missing: readonly string[]) =>
    `The file is missing these columns: ${missing.join('; ')}.`,
  ignoredColumns: (columns: readonly string[]) =>
    `These columns are not read and were ignored: ${columns.join(', ')}.`,
  imported: 'Feed imported',
  received: 'Feed received. Its rows are being applied: follow the progress here.',
  importNotFound: 'Import not found.',
  /** A `failed` import's `failure`: the rows before `rowsDone` stay applied. */
  importStopped: (rowsDone: number, rowsTotal: number) =>
    `The import stopped after ${rowsDone.toLocaleString('en-CA')} of ${rowsTotal.toLocaleString('en-CA')} rows and could not finish. The rows before that were applied; upload the file again to apply the rest.`,
  pushContentType: 'Send the feed as text/csv or text/tab-separated-values.',
  apiKeyRequired: 'Send a store API key: Authorization: Bearer lmk_...',
  apiKeyInvalid: 'This API key is unknown or revoked.',
  apiKeyCreated: 'API key created. Copy it now: it will not be shown again.',
  apiKeyRevoked: 'API key revoked',
  apiKeyNotFound: 'API key not found.',
} as const;
