import { z } from 'zod';
import { envelopeSchema, successEnvelopeSchema } from '../envelope.ts';
import {
  FEED_COLUMNS,
  FEED_MAP_TARGETS,
  type FeedColumn,
  type FeedError,
  type FeedMapTarget,
} from './inventory.ts';
import { safeText } from '../schemas/safe-input.ts';

/**
 * Feeds a real shop can send (docs/decisions/0019-feeds-dry-run-and-flyer-prices.md): every upload
 * is first a dry run (nothing written) that says how many items are new, updated, unchanged, set out
 * of stock and which rows are wrong; Apply then writes exactly the rows previewed. Full mode (items
 * not in the file go out of stock) is applied only by the owner, who types how many go out. Headers
 * such as SKU, Qty or "Sale price" are recognised, and a store may map its own headers once: the
 * mapping is remembered for its next files.
 */

/** The owner's words for each target, in the column-mapping editor. */
export const FEED_TARGET_LABELS = {
  store_code: 'Store code',
  id: 'Your item id (SKU)',
  gtin: 'Barcode (GTIN/UPC/EAN)',
  quantity: 'Quantity on hand',
  price: 'Price',
  sale_price: 'Sale price',
  sale_price_effective_date: 'Sale dates',
  availability: 'Availability',
  pickup_method: 'Pickup method',
  pickup_sla: 'Pickup time',
  title: 'Item name (for your reference)',
  ignore: 'Do not read',
} as const satisfies Record<FeedMapTarget, string>;

/** "Sale Price", "sale_price" and "SALE-PRICE" are one header: lower case, words split by one space. */
export function normalizeFeedHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Common header names of till systems and spreadsheets, by normalized header. Google's own column
 * names are recognised too (normalized, "sale_price" is "sale price").
 */
export const FEED_HEADER_ALIASES: Readonly<Record<string, FeedColumn | 'title'>> = {
  ...Object.fromEntries(FEED_COLUMNS.map((column) => [normalizeFeedHeader(column), column])),
  store: 'store_code',
  'store id': 'store_code',
  'location code': 'store_code',
  sku: 'id',
  'item id': 'id',
  'item code': 'id',
  'item number': 'id',
  'product id': 'id',
  'product code': 'id',
  'article number': 'id',
  plu: 'id',
  upc: 'gtin',
  ean: 'gtin',
  'ean 13': 'gtin',
  ean13: 'gtin',
  'upc a': 'gtin',
  barcode: 'gtin',
  'bar code': 'gtin',
  gtin13: 'gtin',
  gtin14: 'gtin',
  isbn: 'gtin',
  qty: 'quantity',
  'qty on hand': 'quantity',
  'quantity on hand': 'quantity',
  'on hand': 'quantity',
  stock: 'quantity',
  'stock level': 'quantity',
  inventory: 'quantity',
  'regular price': 'price',
  'unit price': 'price',
  'retail price': 'price',
  'sale price': 'sale_price',
  'promo price': 'sale_price',
  'special price': 'sale_price',
  'sale dates': 'sale_price_effective_date',
  title: 'title',
  name: 'title',
  'product name': 'title',
  'item name': 'title',
  description: 'title',
};

/** A store's remembered mapping: normalized header -> target. */
export const FEED_COLUMN_MAP_MAX = 60;
export const feedColumnMapSchema = z
  .record(
    safeText()
      .max(100, { error: 'A column name can be at most 100 characters.' })
      .transform(normalizeFeedHeader)
      .refine((header) => header.length > 0, { error: 'A column name is empty.' }),
    z.enum(FEED_MAP_TARGETS, { error: 'Choose what the column holds from the list.' }),
  )
  .refine((map) => Object.keys(map).length <= FEED_COLUMN_MAP_MAX, {
    error: `A mapping can name at most ${FEED_COLUMN_MAP_MAX} columns.`,
  });
export type FeedColumnMap = Record<string, FeedMapTarget>;

/** The store's feed settings (GET/PUT inventoryFeedSettings). */
export const feedSettingsSchema = z.object({
  columnMap: z.record(z.string(), z.enum(FEED_MAP_TARGETS)),
});
export type FeedSettings = z.infer<typeof feedSettingsSchema>;
export const feedSettingsRequest = z.strictObject({ columnMap: feedColumnMapSchema });
export const feedSettingsResponse = envelopeSchema(
  successEnvelopeSchema({ result: feedSettingsSchema }),
);

/** The multipart text field carrying a mapping with an upload (JSON of feedColumnMapSchema). */
export const INVENTORY_COLUMNS_FIELD = 'columns';

/** A preview can be applied for this long; after that the file is checked again (uploaded anew). */
export const DRY_RUN_TTL_MS = 60 * 60 * 1000;

/** POST inventoryImportApply: Full mode names how many items go out of stock (the owner's confirmation). */
export const feedApplyRequest = z.strictObject({
  confirmOutOfStock: z
    .number({ error: 'Type how many items go out of stock.' })
    .int({ error: 'Type how many items go out of stock.' })
    .nonnegative({ error: 'Type how many items go out of stock.' })
    .max(1_000_000_000, { error: 'Type how many items go out of stock.' })
    .optional(),
});
export type FeedApplyRequest = z.infer<typeof feedApplyRequest>;

export const feedMessages = {
  previewReady: 'Nothing has been changed yet. Check what this file would do, then apply it.',
  applied: 'Applying the feed: follow the progress here.',
  fullNeedsOwner:
    'Only the store’s owner can apply a Full feed, because it sets every item missing from the file out of stock. Ask the owner, or upload it again in Incremental mode.',
  confirmOutOfStock: (count: number) =>
    `This file sets ${count.toLocaleString('en-CA')} ${count === 1 ? 'item' : 'items'} out of stock. Type ${count} to confirm.`,
  confirmMismatch: (count: number) =>
    `The number typed does not match: this file sets ${count.toLocaleString('en-CA')} ${count === 1 ? 'item' : 'items'} out of stock.`,
  notAPreview: 'This feed has already been applied.',
  applyFailed:
    'The feed could not be applied, and nothing was changed. Upload the file again to try once more.',
  previewExpired: 'This preview is over an hour old. Upload the file again to check it anew.',
  stockMoved: (previewed: number, now: number) =>
    `Your stock changed after the preview: the file now sets ${now.toLocaleString('en-CA')} items out of stock, not ${previewed.toLocaleString('en-CA')}. Nothing was changed; upload the file again to check it anew.`,
  badColumns: 'The column mapping could not be read. Choose a use for each column from the list.',
  settingsSaved: 'Column mapping saved',
} as const;

const csvCell = (value: string): string =>
  /[",\r\n;]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/** The errors of an import as a CSV the owner can open next to their file (line, column, problem). */
export function feedErrorsCsv(errors: readonly FeedError[]): string {
  const lines = [
    'line,column,problem',
    ...errors.map((error) =>
      [String(error.line), error.column ?? '', error.reason].map(csvCell).join(','),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** A file to start from: the columns most shops need, with two example rows. */
export const FEED_TEMPLATE_CSV =
  'id,gtin,title,quantity,price,sale_price\r\n' +
  'BREAD-800,,Country Sourdough 800 g,12,6.50,\r\n' +
  'MILK-2L,0068700011009,Milk 2 L,30,5.49,4.99\r\n';
