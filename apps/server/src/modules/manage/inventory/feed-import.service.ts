import { createHash } from 'node:crypto';
import {
  type FeedError,
  type FeedFormat,
  type FeedMode,
  type FeedSource,
  IMPORT_SUMMARY_MAX_ERRORS,
  type InventoryImportReport,
  type InventoryImportSummary,
  manageMessages,
} from '@localmart/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { businesses, inventoryImports } from '../../../db/schema/index.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { executeRows } from '../../catalog/search/execute-rows.ts';
import { type FeedRow, feedText, parseFeed } from './feed-parser.ts';

/**
 * Applies a checked feed to the store's offers, set-based: the good rows are staged into a
 * temporary table with a few JSON-recordset INSERTs, then matched, checked and written with one
 * statement per step whatever the row count (100,000 rows in a few seconds on PostgreSQL). Everything,
 * the history row included, happens in one transaction under a per-store advisory lock, so two
 * imports of one store run one after the other and a failed import leaves nothing behind.
 */

export interface FeedImportInput {
  businessId: string;
  bytes: Uint8Array;
  filename: string;
  mode: FeedMode;
  formatHint?: FeedFormat | undefined;
  source: FeedSource;
  uploadedBy: string | null;
  apiKeyId: string | null;
  now: Date;
}

/** Staged per statement: keeps each JSON parameter a few MB at most. */
const STAGE_CHUNK_ROWS = 25_000;
/** First key of the two-key advisory lock: "INV" (the second is the store's hash). */
const IMPORT_LOCK_NAMESPACE = 0x494e56;

/** Notes about the whole file are stored among the errors on line 1 (the header). */
const HEADER_LINE = 1;

type ImportRow = typeof inventoryImports.$inferSelect;

export function toImportSummary(row: ImportRow): InventoryImportSummary {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    source: row.source as InventoryImportSummary['source'],
    mode: row.mode as InventoryImportSummary['mode'],
    format: row.format as InventoryImportSummary['format'],
    filename: row.filename,
    fileSha256: row.fileSha256,
    rowsTotal: row.rowsTotal,
    rowsChanged: row.rowsChanged,
    rowsUnchanged: row.rowsUnchanged,
    rowsFailed: row.rowsFailed,
    offersZeroed: row.offersZeroed,
    durationMs: row.durationMs,
  };
}

/** The import with its bad rows (at most `maxErrors` of them) and its notes. */
export function toImportReport(row: ImportRow, maxErrors = Infinity): InventoryImportReport {
  const rowErrors = row.errors.filter((error) => error.line > HEADER_LINE);
  return {
    ...toImportSummary(row),
    errors: rowErrors.slice(0, maxErrors),
    errorsTruncated: rowErrors.length > maxErrors,
    notes: row.errors.filter((error) => error.line === HEADER_LINE).map((note) => note.reason),
  };
}

function stagedRow(row: FeedRow) {
  return {
    line: row.line,
    sku: row.sku,
    gtin: row.gtin,
    gtin14: row.gtin14,
    quantity: row.quantity,
    price: row.price,
    set_sale: row.setSale,
    sale_amount: row.saleAmount,
    sale_starts: row.saleStartsAt,
    sale_ends: row.saleEndsAt,
    pickup_method: row.pickupMethod,
    pickup_sla: row.pickupSla,
  };
}

async function count(tx: Database, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await executeRows<{ n: number }>(tx, query);
  return row?.n ?? 0;
}

interface Applied {
  rowErrors: FeedError[];
  rowsChanged: number;
  offersZeroed: number;
}

/** The set-based part, inside the transaction; `rows` are the parser's good rows. */
async function applyRows(
  tx: Database,
  store: { id: string; currency: string },
  rows: FeedRow[],
  mode: FeedMode,
  now: Date,
): Promise<Applied> {
  const at = now.toISOString();
  await tx.execute(sql`create temp table inventory_feed_rows (
      line int not null, sku text, gtin text, gtin14 text, quantity int not null, price int,
      set_sale boolean not null, sale_amount int, sale_starts timestamptz, sale_ends timestamptz,
      pickup_method text, pickup_sla text
    ) on commit drop`);
  for (let start = 0; start < rows.length; start += STAGE_CHUNK_ROWS) {
    const chunk = JSON.stringify(rows.slice(start, start + STAGE_CHUNK_ROWS).map(stagedRow));
    await tx.execute(sql`insert into inventory_feed_rows
      select * from json_to_recordset(${chunk}::json) as r(line int, sku text, gtin text,
        gtin14 text, quantity int, price int, set_sale boolean, sale_amount int,
        sale_starts timestamptz, sale_ends timestamptz, pickup_method text, pickup_sla text)`);
  }

  // One pass: match each row (the store's own id first, then the catalogue product by GTIN and its
  // offer here, if any), then decide what only the database can tell: an unknown item, a new offer
  // without a price, a sale above the offer's current price, two rows that are the same offer.
  await tx.execute(sql`create temp table inventory_feed_matched on commit drop as
    with catalogue as (
      select distinct on (lpad(gtin, 14, '0')) id, lpad(gtin, 14, '0') as gtin14 from products
      where lpad(gtin, 14, '0') in (select gtin14 from inventory_feed_rows where gtin14 is not null)
      order by lpad(gtin, 14, '0'), created_at, id
    ), matched as (
      select f.*, coalesce(by_sku.id, by_product.id) as offer_id, p.id as product_id,
        coalesce(by_sku.price_amount, by_product.price_amount) as current_price
      from inventory_feed_rows f
      left join offers by_sku
        on f.sku is not null and by_sku.business_id = ${store.id} and by_sku.sku = f.sku
      left join catalogue p on by_sku.id is null and p.gtin14 = f.gtin14
      left join offers by_product
        on by_product.business_id = ${store.id} and by_product.product_id = p.id
    ), checked as (
      select m.*, case
        when offer_id is null and product_id is null then
          case when gtin is null
            then 'Unknown id ' || sku || ': add its gtin to link it to a catalogue product.'
            else 'No product with GTIN ' || gtin || ' in the Localmart catalogue.' end
        when offer_id is null and price is null then
          'price is empty: it is needed for an item this store does not sell yet.'
        when price is null and sale_amount is not null and sale_amount >= current_price then
          'sale_price is not lower than the price (' ||
            to_char(current_price / 100.0, 'FM9999999990.00') || ').'
        end as error,
        case
          when offer_id is null and product_id is null then
            case when gtin is null then 'id' else 'gtin' end
          when offer_id is null and price is null then 'price'
          when price is null and sale_amount is not null and sale_amount >= current_price
            then 'sale_price'
        end as error_column
      from matched m
    )
    select c.line, c.sku, c.quantity, c.price, c.set_sale, c.sale_amount, c.sale_starts,
      c.sale_ends, c.pickup_method, c.pickup_sla, c.offer_id, c.product_id,
      coalesce(c.error, case when c.first_line <> c.line
        then 'Same item as line ' || c.first_line || '.' end) as error,
      coalesce(c.error_column, case when c.first_line <> c.line
        then case when c.sku is null then 'gtin' else 'id' end end) as error_column
    from (select checked.*, first_value(line) over (
            partition by error is null, coalesce(offer_id, product_id) order by line) as first_line
          from checked) c`);
  const rowErrors = await executeRows<FeedError>(
    tx,
    sql`select line, error_column as "column", error as reason from inventory_feed_matched
        where error is not null order by line`,
  );
  const goodRows = rows.length - rowErrors.length;
  if (goodRows === 0) return { rowErrors, rowsChanged: 0, offersZeroed: 0 };

  // Full mode, before new offers exist: what the file does not list is out of stock.
  const offersZeroed =
    mode === 'full'
      ? await count(
          tx,
          sql`with zeroed as (
            update offers o set quantity = 0, stock_updated_at = ${at}::timestamptz
            where o.business_id = ${store.id} and o.quantity <> 0
              and not exists (select 1 from inventory_feed_matched f
                              where f.error is null and f.offer_id = o.id)
            returning 1)
          select count(*)::int as n from zeroed`,
        )
      : 0;

  // IS DISTINCT FROM: a row the offer already matches is not written at all (stock_updated_at stays).
  const updated = await count(
    tx,
    sql`with changed as (
      update offers o set
        quantity = f.quantity,
        price_amount = coalesce(f.price, o.price_amount),
        sale_amount = case when f.set_sale then f.sale_amount else o.sale_amount end,
        sale_starts_at = case when f.set_sale then f.sale_starts else o.sale_starts_at end,
        sale_ends_at = case when f.set_sale then f.sale_ends else o.sale_ends_at end,
        pickup_method = coalesce(f.pickup_method, o.pickup_method),
        pickup_sla = coalesce(f.pickup_sla, o.pickup_sla),
        sku = coalesce(f.sku, o.sku),
        stock_updated_at = ${at}::timestamptz
      from inventory_feed_matched f
      where f.error is null and f.offer_id = o.id
        and (o.quantity, o.price_amount, o.sale_amount, o.sale_starts_at, o.sale_ends_at,
             o.pickup_method, o.pickup_sla, o.sku)
          is distinct from
            (f.quantity, coalesce(f.price, o.price_amount),
             case when f.set_sale then f.sale_amount else o.sale_amount end,
             case when f.set_sale then f.sale_starts else o.sale_starts_at end,
             case when f.set_sale then f.sale_ends else o.sale_ends_at end,
             coalesce(f.pickup_method, o.pickup_method), coalesce(f.pickup_sla, o.pickup_sla),
             coalesce(f.sku, o.sku))
      returning 1)
    select count(*)::int as n from changed`,
  );
  const inserted = await count(
    tx,
    sql`with created as (
      insert into offers (business_id, product_id, price_amount, currency, sale_amount,
        sale_starts_at, sale_ends_at, quantity, stock_updated_at, sku, pickup_method, pickup_sla)
      select ${store.id}, f.product_id, f.price, ${store.currency}, f.sale_amount, f.sale_starts,
        f.sale_ends, f.quantity, ${at}::timestamptz, f.sku, f.pickup_method, f.pickup_sla
      from inventory_feed_matched f
      where f.error is null and f.offer_id is null
      returning 1)
    select count(*)::int as n from created`,
  );
  return { rowErrors, rowsChanged: updated + inserted, offersZeroed };
}

/**
 * Checks and applies one feed for the store, records it in the history, and answers its report
 * (the first IMPORT_SUMMARY_MAX_ERRORS bad rows; the import's own page has them all).
 * Refuses (400) a file that is not a feed; a file of bad rows only is recorded and changes nothing.
 */
export async function importFeed(
  db: Database,
  input: FeedImportInput,
): Promise<InventoryImportReport> {
  const started = performance.now();
  const [store] = await db
    .select({ id: businesses.id, storeCode: businesses.storeCode, currency: businesses.currency })
    .from(businesses)
    .where(eq(businesses.id, input.businessId));
  if (!store) throw new HttpError(404, manageMessages.storeNotFound);

  const parsed = parseFeed(feedText(input.bytes), store, input.formatHint);
  const fileSha256 = createHash('sha256').update(input.bytes).digest('hex');

  const row = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${IMPORT_LOCK_NAMESPACE}, hashtext(${store.id}))`,
    );
    const applied =
      parsed.rows.length > 0
        ? await applyRows(tx, store, parsed.rows, input.mode, input.now)
        : { rowErrors: [], rowsChanged: 0, offersZeroed: 0 };
    const rowErrors = [...parsed.errors, ...applied.rowErrors].sort((a, b) => a.line - b.line);
    const notes = parsed.notes.map((reason) => ({ line: HEADER_LINE, column: null, reason }));
    const goodRows = parsed.rows.length - applied.rowErrors.length;
    const [recorded] = await tx
      .insert(inventoryImports)
      .values({
        businessId: store.id,
        source: input.source,
        mode: input.mode,
        format: parsed.format,
        filename: input.filename.slice(0, 255) || 'feed',
        fileSha256,
        uploadedBy: input.uploadedBy,
        apiKeyId: input.apiKeyId,
        rowsTotal: parsed.rowsTotal,
        rowsChanged: applied.rowsChanged,
        rowsUnchanged: goodRows - applied.rowsChanged,
        rowsFailed: rowErrors.length,
        offersZeroed: applied.offersZeroed,
        errors: [...notes, ...rowErrors],
        durationMs: Math.round(performance.now() - started),
        createdAt: input.now,
      })
      .returning();
    if (!recorded) throw new Error('inventory import row was not recorded');
    return recorded;
  });
  return toImportReport(row, IMPORT_SUMMARY_MAX_ERRORS);
}
