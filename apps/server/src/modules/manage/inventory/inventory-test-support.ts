import {
  FEED_COLUMNS,
  type FeedColumn,
  type FeedFormat,
  INVENTORY_FEED_FIELD,
  INVENTORY_MODE_FIELD,
  type FeedMode,
} from '@localmart/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { businesses, offers, products } from '../../../db/schema/index.ts';

/** Test helpers for inventory feeds: feed text from rows, a multipart upload, a store's shelf. */

export type FeedCells = Partial<Record<FeedColumn | (string & {}), string | number | null>>;

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * Feed text with a header of every column any row uses (Google's order first, others after), one
 * line per row; an absent or null cell is empty. CSV quotes where needed; TSV has no quoting.
 */
export function buildFeed(
  rows: readonly FeedCells[],
  options: { format?: FeedFormat; lineEnd?: string } = {},
): string {
  const format = options.format ?? 'csv';
  const used = new Set(rows.flatMap((row) => Object.keys(row)));
  const columns = [
    ...FEED_COLUMNS.filter((column) => used.has(column)),
    ...[...used].filter((column) => !(FEED_COLUMNS as readonly string[]).includes(column)),
  ];
  const separator = format === 'tsv' ? '\t' : ',';
  const cell = (value: string | number | null | undefined) => {
    const text = value === null || value === undefined ? '' : String(value);
    return format === 'tsv' ? text : csvCell(text);
  };
  const lineEnd = options.lineEnd ?? '\n';
  return (
    [
      columns.join(separator),
      ...rows.map((row) => columns.map((c) => cell(row[c])).join(separator)),
    ].join(lineEnd) + lineEnd
  );
}

/** A multipart form as the upload page sends it: the feed file and the mode. */
export function feedUpload(
  text: string | Buffer,
  options: { mode?: FeedMode; filename?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----localmartfeed${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (options.mode) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${INVENTORY_MODE_FIELD}"\r\n\r\n${options.mode}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${INVENTORY_FEED_FIELD}"; filename="${options.filename ?? 'feed.csv'}"\r\n` +
        `Content-Type: ${options.contentType ?? 'text/csv'}\r\n\r\n`,
    ),
    Buffer.isBuffer(text) ? text : Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export interface ShelfOffer {
  offerId: string;
  productId: string;
  gtin: string | null;
  sku: string | null;
  priceAmount: number;
  quantity: number;
  stockUpdatedAt: Date;
}

/** A store's offers with their products' GTINs, in a stable order. */
export async function storeShelf(db: Database, businessId: string): Promise<ShelfOffer[]> {
  return db
    .select({
      offerId: offers.id,
      productId: offers.productId,
      gtin: products.gtin,
      sku: offers.sku,
      priceAmount: offers.priceAmount,
      quantity: offers.quantity,
      stockUpdatedAt: offers.stockUpdatedAt,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(eq(offers.businessId, businessId))
    .orderBy(asc(offers.id));
}

/** Catalogue products the store does not sell yet (to create offers of). */
export async function productsNotSoldBy(db: Database, businessId: string, limit: number) {
  return db
    .select({ productId: products.id, gtin: products.gtin })
    .from(products)
    .where(
      and(
        sql`not exists (select 1 from offers o where o.product_id = ${products.id}
                        and o.business_id = ${businessId})`,
        sql`(select count(*) from products p2 where p2.gtin = ${products.gtin}) = 1`,
      ),
    )
    .orderBy(asc(products.id))
    .limit(limit);
}

/** The store's feed code and currency. */
export async function storeFeedIdentity(db: Database, businessId: string) {
  const [row] = await db
    .select({ storeCode: businesses.storeCode, currency: businesses.currency })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!row) throw new Error(`no business ${businessId}`);
  return row;
}

/** One feed row of an offer (quantity and price as given), by GTIN or by id. */
export function offerFeedRow(
  storeCode: string,
  item: { gtin?: string | null; sku?: string | null },
  cells: FeedCells,
): FeedCells {
  return {
    store_code: storeCode,
    ...(item.sku ? { id: item.sku } : {}),
    ...(item.gtin ? { gtin: item.gtin } : {}),
    ...cells,
  };
}
