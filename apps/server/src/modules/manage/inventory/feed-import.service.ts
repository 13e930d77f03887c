import { createHash } from 'node:crypto';
import {
  type FeedError,
  type FeedFormat,
  type FeedMode,
  type FeedSource,
  IMPORT_SUMMARY_MAX_ERRORS,
  type InventoryImportReport,
  type InventoryImportSummary,
  feedMessages,
  inventoryMessages,
  isImportFinished,
  manageMessages,
} from '@localmart/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  businesses,
  inventoryImportBatches,
  inventoryImportOffers,
  inventoryImports,
} from '../../../db/schema/index.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { executeRows } from '../../catalog/search/execute-rows.ts';
import { type FeedRow, feedText, parseFeed } from './feed-parser.ts';
import { feedStoreOf, recordDryRun, runPreviewedImport } from './feed-dry-run.ts';
import { offerableProductRawSql } from '../offers/product-content.ts';

/**
 * Applies a checked feed to the store's offers in batches (docs/decisions/0010-job-engine.md).
 * The upload parses and checks the file, then stores the import (`queued`) with its good rows cut
 * into batches, and its job in the same transaction. The job applies one batch per transaction,
 * set-based: the rows are staged into a temporary table with a JSON-recordset INSERT, then matched,
 * checked and written with one statement per step. The same transaction deletes the batch and adds
 * its counts to the import, under a lock on the import's row, so a retried or doubled job goes on
 * from the first batch left and never applies one twice. When no batch is left, Full mode sets the
 * store's other offers out of stock and the import is `done`. Batches of one store take the store's
 * advisory lock, so two imports never write the same offers at once.
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

/** Rows per batch: one transaction each, and the progress moves by this much. */
export const FEED_IMPORT_BATCH_ROWS = 500;
/** Batches stored per INSERT on upload: keeps each JSON parameter a few MB at most. */
const STORE_CHUNK_BATCHES = 50;
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
    status: row.status,
    rowsTotal: row.rowsTotal,
    rowsDone: row.rowsDone,
    rowsChanged: row.rowsChanged,
    rowsUnchanged: row.rowsUnchanged,
    rowsFailed: row.rowsFailed,
    offersZeroed: row.offersZeroed,
    durationMs: row.durationMs,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    failure: row.failure,
  };
}

/** The import with its bad rows (at most `maxErrors` of them) and its notes. */
export function toImportReport(row: ImportRow, maxErrors = Infinity): InventoryImportReport {
  // Batches append their errors as they go: the report lists them in file order.
  const rowErrors = row.errors
    .filter((error) => error.line > HEADER_LINE)
    .sort((a, b) => a.line - b.line);
  return {
    ...toImportSummary(row),
    errors: rowErrors.slice(0, maxErrors),
    errorsTruncated: rowErrors.length > maxErrors,
    notes: row.errors.filter((error) => error.line === HEADER_LINE).map((note) => note.reason),
    dryRun: row.dryRun ?? null,
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
  /** Of rowsChanged: offers created (the rest were updated). */
  inserted: number;
}

/**
 * One batch, set-based, inside its transaction; `rows` are the parser's good rows. Every offer a good
 * row writes or matches is recorded in inventory_import_offers, so a row of a later batch naming the
 * same offer is a duplicate and Full mode knows what the file listed.
 */
export async function applyRows(
  tx: Database,
  store: { id: string; currency: string },
  importId: string,
  rows: FeedRow[],
  now: Date,
): Promise<Applied> {
  const at = now.toISOString();
  // A dry run and a previewed apply run several batches in one transaction (docs/decisions/0019):
  // the previous batch's tables are still there until the commit.
  await tx.execute(sql`drop table if exists inventory_feed_rows, inventory_feed_matched`);
  await tx.execute(sql`create temp table inventory_feed_rows (
      line int not null, sku text, gtin text, gtin14 text, quantity int not null, price int,
      set_sale boolean not null, sale_amount int, sale_starts timestamptz, sale_ends timestamptz,
      pickup_method text, pickup_sla text
    ) on commit drop`);
  await tx.execute(sql`insert into inventory_feed_rows
    select * from json_to_recordset(${JSON.stringify(rows.map(stagedRow))}::json) as r(line int,
      sku text, gtin text, gtin14 text, quantity int, price int, set_sale boolean, sale_amount int,
      sale_starts timestamptz, sale_ends timestamptz, pickup_method text, pickup_sla text)`);

  // One pass: match each row (the store's own id first, then the catalogue product by GTIN and its
  // offer here, if any), then decide what only the database can tell: an unknown item, a new offer
  // without a price, a sale above the offer's current price, two rows that are the same offer
  // (in this batch, or an earlier one of the import).
  await tx.execute(sql`create temp table inventory_feed_matched on commit drop as
    with catalogue as (
      select distinct on (lpad(gtin, 14, '0')) id, lpad(gtin, 14, '0') as gtin14 from products p
      where lpad(gtin, 14, '0') in (select gtin14 from inventory_feed_rows where gtin14 is not null)
        -- Shared content or this store's own, never another store's unconfirmed content (ADR 0020).
        and ${offerableProductRawSql('p', store.id)}
      -- A brand partner's content first: it is what every store shows for its GTINs (ADR 0022).
      order by lpad(gtin, 14, '0'), (brand_partner_id is not null) desc,
        (owner_business_id is not distinct from ${store.id}) desc, created_at, id
    ), matched as (
      select f.*, coalesce(by_sku.id, by_product.id) as offer_id, p.id as product_id,
        coalesce(by_sku.price_amount, by_product.price_amount) as current_price,
        (select seen.line from inventory_import_offers seen
         where seen.import_id = ${importId}
           and seen.offer_id = coalesce(by_sku.id, by_product.id)) as seen_line
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
      coalesce(c.error,
        case when c.seen_line is not null then 'Same item as line ' || c.seen_line || '.'
             when c.first_line <> c.line then 'Same item as line ' || c.first_line || '.' end)
        as error,
      coalesce(c.error_column,
        case when c.seen_line is not null or c.first_line <> c.line
          then case when c.sku is null then 'gtin' else 'id' end end) as error_column
    from (select checked.*, first_value(line) over (
            partition by error is null, coalesce(offer_id, product_id) order by line) as first_line
          from checked) c`);
  const rowErrors = await executeRows<FeedError>(
    tx,
    sql`select line, error_column as "column", error as reason from inventory_feed_matched
        where error is not null order by line`,
  );
  if (rows.length === rowErrors.length) return { rowErrors, rowsChanged: 0, inserted: 0 };

  await tx.execute(sql`insert into inventory_import_offers (import_id, offer_id, line)
    select ${importId}, offer_id, line from inventory_feed_matched
    where error is null and offer_id is not null`);
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
      returning id, product_id
    ), recorded as (
      insert into inventory_import_offers (import_id, offer_id, line)
      select ${importId}, c.id, f.line from created c
      join inventory_feed_matched f
        on f.error is null and f.offer_id is null and f.product_id = c.product_id
      returning 1)
    select count(*)::int as n from created`,
  );
  return { rowErrors, rowsChanged: updated + inserted, inserted };
}

export interface CreateFeedImportOptions {
  /** Rows per batch (FEED_IMPORT_BATCH_ROWS; tests make it small). */
  batchRows?: number;
  /** Queues the import's job inside the transaction that stores it. */
  enqueue?: (tx: Database, importId: string) => Promise<void>;
  /**
   * A dry run (docs/decisions/0019): the import is stored as a `preview` with its batches and what
   * applying it would do, counted by applying it and rolling that back; no job is queued.
   */
  preview?: boolean;
}

/**
 * Checks the file and stores the import `queued` with its batches (and, with `enqueue`, its job)
 * in one transaction; answers the stored row. Refuses (400) a file that is not a feed. A file with no
 * good row is `done` at once: there is nothing to apply.
 */
export async function createFeedImport(
  db: Database,
  input: FeedImportInput,
  options: CreateFeedImportOptions = {},
): Promise<ImportRow> {
  const batchRows = options.batchRows ?? FEED_IMPORT_BATCH_ROWS;
  const store = await feedStoreOf(db, input.businessId);
  if (!store) throw new HttpError(404, manageMessages.storeNotFound);

  const parsed = parseFeed(feedText(input.bytes), store, input.formatHint);
  const fileSha256 = createHash('sha256').update(input.bytes).digest('hex');
  const batches: FeedRow[][] = [];
  for (let start = 0; start < parsed.rows.length; start += batchRows) {
    batches.push(parsed.rows.slice(start, start + batchRows));
  }
  const notes = parsed.notes.map((reason) => ({ line: HEADER_LINE, column: null, reason }));
  const preview = options.preview === true;
  const nothingToApply = batches.length === 0 && !preview;

  return db.transaction(async (tx) => {
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
        status: preview ? 'preview' : nothingToApply ? 'done' : 'queued',
        rowsTotal: parsed.rowsTotal,
        rowsDone: parsed.errors.length,
        rowsChanged: 0,
        rowsUnchanged: 0,
        rowsFailed: parsed.errors.length,
        offersZeroed: 0,
        errors: [...notes, ...parsed.errors],
        durationMs: 0,
        createdAt: input.now,
        finishedAt: nothingToApply ? input.now : null,
      })
      .returning();
    if (!recorded) throw new Error('inventory import row was not recorded');
    for (let start = 0; start < batches.length; start += STORE_CHUNK_BATCHES) {
      await tx.insert(inventoryImportBatches).values(
        batches.slice(start, start + STORE_CHUNK_BATCHES).map((rows, index) => ({
          importId: recorded.id,
          batchNo: start + index,
          rows,
          rowCount: rows.length,
        })),
      );
    }
    if (preview) return recordDryRun(tx, recorded, store, batches, parsed.columns, input.now);
    if (!nothingToApply) await options.enqueue?.(tx, recorded.id);
    return recorded;
  });
}

export type BatchOutcome =
  { kind: 'applied'; batchNo: number; row: ImportRow } | { kind: 'finished'; row: ImportRow };

/**
 * Applies the import's first batch left, or, when none is left, finishes the import (Full mode's
 * out-of-stock step, `done`): one transaction either way, under a lock on the import's row, so a
 * doubled or retried job can never apply a batch twice nor finish before the last batch committed.
 */
export async function applyNextBatch(
  db: Database,
  importId: string,
  now: Date,
): Promise<BatchOutcome> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(inventoryImports)
      .where(eq(inventoryImports.id, importId))
      .for('update');
    if (!current) throw new Error(`inventory import ${importId} does not exist`);
    // A preview is applied only once someone confirms it (its status is then `queued`).
    if (current.status === 'done' || current.status === 'failed' || current.status === 'preview') {
      return { kind: 'finished', row: current };
    }
    const [store] = await tx
      .select({ id: businesses.id, currency: businesses.currency })
      .from(businesses)
      .where(eq(businesses.id, current.businessId));
    if (!store) throw new Error(`inventory import ${importId}: its store is gone`);
    // One store's batches (of any import) one at a time: two would write the same offers.
    await tx.execute(
      sql`select pg_advisory_xact_lock(${IMPORT_LOCK_NAMESPACE}, hashtext(${store.id}))`,
    );
    const [batch] = await tx
      .delete(inventoryImportBatches)
      .where(
        and(
          eq(inventoryImportBatches.importId, importId),
          eq(
            inventoryImportBatches.batchNo,
            sql`(select min(batch_no) from inventory_import_batches where import_id = ${importId})`,
          ),
        ),
      )
      .returning();

    if (batch) {
      const applied = await applyRows(tx, store, importId, batch.rows as FeedRow[], now);
      const [row] = await tx
        .update(inventoryImports)
        .set({
          status: 'running',
          rowsDone: sql`${inventoryImports.rowsDone} + ${batch.rowCount}`,
          rowsChanged: sql`${inventoryImports.rowsChanged} + ${applied.rowsChanged}`,
          rowsUnchanged: sql`${inventoryImports.rowsUnchanged} + ${
            batch.rowCount - applied.rowErrors.length - applied.rowsChanged
          }`,
          rowsFailed: sql`${inventoryImports.rowsFailed} + ${applied.rowErrors.length}`,
          errors:
            applied.rowErrors.length > 0
              ? sql`${inventoryImports.errors} || ${JSON.stringify(applied.rowErrors)}::jsonb`
              : undefined,
        })
        .where(eq(inventoryImports.id, importId))
        .returning();
      return { kind: 'applied', batchNo: batch.batchNo, row: row! };
    }

    // Full mode, once every batch is in: what the file did not list is out of stock. A file whose
    // rows all failed lists nothing and changes nothing.
    const at = now.toISOString();
    const offersZeroed =
      current.mode === 'full' ? await zeroMissingOffers(tx, store.id, importId, at) : 0;
    await tx.delete(inventoryImportOffers).where(eq(inventoryImportOffers.importId, importId));
    const [row] = await tx
      .update(inventoryImports)
      .set({
        status: 'done',
        offersZeroed,
        finishedAt: now,
        durationMs: Math.max(0, now.getTime() - current.createdAt.getTime()),
      })
      .where(eq(inventoryImports.id, importId))
      .returning();
    return { kind: 'finished', row: row! };
  });
}

/** The offers of the store a Full import did not list (it listed something), still in stock. */
export function missingOffersSql(storeId: string, importId: string) {
  return sql`o.business_id = ${storeId} and o.quantity <> 0
    and exists (select 1 from inventory_import_offers where import_id = ${importId})
    and not exists (select 1 from inventory_import_offers t
                    where t.import_id = ${importId} and t.offer_id = o.id)`;
}

/** Full mode's last step: the offers the file did not list go to quantity 0; answers how many. */
export async function zeroMissingOffers(
  tx: Database,
  storeId: string,
  importId: string,
  at: string,
): Promise<number> {
  return count(
    tx,
    sql`with zeroed as (
      update offers o set quantity = 0, stock_updated_at = ${at}::timestamptz
      where ${missingOffersSql(storeId, importId)}
      returning 1)
    select count(*)::int as n from zeroed`,
  );
}

export interface RunFeedImportOptions {
  now: () => Date;
  /** Called after each batch committed (tests stop a worker here). */
  afterBatch?: (batch: { importId: string; batchNo: number }) => Promise<void> | void;
}

/** Applies the import's batches left, one transaction each, then finishes it; answers the last row. */
export async function runFeedImport(
  db: Database,
  importId: string,
  options: RunFeedImportOptions,
): Promise<ImportRow> {
  const [head] = await db
    .select({ dryRun: inventoryImports.dryRun })
    .from(inventoryImports)
    .where(eq(inventoryImports.id, importId));
  // An upload previewed and confirmed is applied whole or not at all (docs/decisions/0019).
  if (head?.dryRun) return runPreviewedImport(db, importId, options);
  for (;;) {
    const outcome = await applyNextBatch(db, importId, options.now());
    if (outcome.kind === 'finished') return outcome.row;
    await options.afterBatch?.({ importId, batchNo: outcome.batchNo });
  }
}

/**
 * The job gave up: the import is `failed` with words for the owner. The batches applied stay
 * applied (each was whole); the ones left are dropped, and so is Full mode's out-of-stock step.
 */
export async function failFeedImport(
  db: Database,
  importId: string,
  now: Date,
  failure?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(inventoryImports)
      .where(eq(inventoryImports.id, importId))
      .for('update');
    if (!current || isImportFinished(current.status)) return;
    await tx.delete(inventoryImportBatches).where(eq(inventoryImportBatches.importId, importId));
    await tx.delete(inventoryImportOffers).where(eq(inventoryImportOffers.importId, importId));
    await tx
      .update(inventoryImports)
      .set({
        status: 'failed',
        finishedAt: now,
        durationMs: Math.max(0, now.getTime() - current.createdAt.getTime()),
        // A previewed import is applied in one transaction: nothing of it was written.
        failure: current.dryRun
          ? (failure ?? feedMessages.applyFailed)
          : inventoryMessages.importStopped(current.rowsDone, current.rowsTotal),
      })
      .where(eq(inventoryImports.id, importId));
  });
}

/**
 * Stores and applies a feed within the caller's time (an API push small enough, and tests); with
 * `enqueue` its job is queued too, so a process that dies halfway leaves the rest to a worker.
 */
export async function importFeed(
  db: Database,
  input: FeedImportInput,
  options: CreateFeedImportOptions = {},
): Promise<InventoryImportReport> {
  const created = await createFeedImport(db, input, options);
  const row = await runFeedImport(db, created.id, { now: () => input.now });
  return toImportReport(row, IMPORT_SUMMARY_MAX_ERRORS);
}
