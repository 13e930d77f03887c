import {
  DEFAULT_MONEY_LOCALE,
  DRY_RUN_TTL_MS,
  DRY_RUN_ZEROED_SAMPLE,
  type FeedColumnMap,
  type FeedDryRun,
  type FeedError,
  type FeedFileColumn,
  feedMessages,
  findCountry,
  inventoryMessages,
  type StoreAccess,
} from '@localmart/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { businesses, inventoryFeedSettings, inventoryImports } from '../../../db/schema/index.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { executeRows } from '../../catalog/search/execute-rows.ts';
import {
  applyNextBatch,
  applyRows,
  failFeedImport,
  missingOffersSql,
  type RunFeedImportOptions,
  zeroMissingOffers,
} from './feed-import.service.ts';
import { decimalOf, type FeedRow, type FeedStore } from './feed-parser.ts';

/**
 * Dry runs of uploaded feeds (docs/decisions/0019-feeds-dry-run-and-flyer-prices.md). The upload
 * stores the checked rows as a `preview` import and counts what applying them would do by applying
 * them for real inside a savepoint that is rolled back: the very statements of the apply, so the
 * counts cannot drift from it. Apply then runs the stored rows (the ones previewed, nothing
 * re-read from a file) in one transaction; a Full import is refused unless the owner confirmed the
 * number of items it sets out of stock, and rolled back if that number changed meanwhile.
 */

type ImportRow = typeof inventoryImports.$inferSelect;

/** The store as the parser needs it: code, currency, its locale's decimal separator, its mapping. */
export async function feedStoreOf(
  db: Database,
  businessId: string,
): Promise<(FeedStore & { id: string }) | undefined> {
  const [row] = await db
    .select({
      id: businesses.id,
      storeCode: businesses.storeCode,
      currency: businesses.currency,
      country: sql<string | null>`${businesses.address} ->> 'country'`,
      columnMap: inventoryFeedSettings.columnMap,
    })
    .from(businesses)
    .leftJoin(inventoryFeedSettings, eq(inventoryFeedSettings.businessId, businesses.id))
    .where(eq(businesses.id, businessId));
  if (!row) return undefined;
  const locale = (row.country && findCountry(row.country)?.locale) || DEFAULT_MONEY_LOCALE;
  return {
    id: row.id,
    storeCode: row.storeCode,
    currency: row.currency,
    decimal: decimalOf(locale),
    columnMap: row.columnMap ?? {},
  };
}

/** Remembers the store's column mapping (merged over what it had: other headers stay mapped). */
export async function saveColumnMap(
  db: Database,
  businessId: string,
  columnMap: FeedColumnMap,
  now: Date,
): Promise<FeedColumnMap> {
  const [row] = await db
    .insert(inventoryFeedSettings)
    .values({ businessId, columnMap, updatedAt: now })
    .onConflictDoUpdate({
      target: inventoryFeedSettings.businessId,
      set: {
        columnMap: sql`${inventoryFeedSettings.columnMap} || excluded.column_map`,
        updatedAt: now,
      },
    })
    .returning({ columnMap: inventoryFeedSettings.columnMap });
  return row?.columnMap ?? columnMap;
}

/** PUT feed settings: the mapping sent is the whole mapping. */
export async function replaceColumnMap(
  db: Database,
  businessId: string,
  columnMap: FeedColumnMap,
  now: Date,
): Promise<FeedColumnMap> {
  await db
    .insert(inventoryFeedSettings)
    .values({ businessId, columnMap, updatedAt: now })
    .onConflictDoUpdate({
      target: inventoryFeedSettings.businessId,
      set: { columnMap, updatedAt: now },
    });
  return columnMap;
}

export async function columnMapOf(db: Database, businessId: string): Promise<FeedColumnMap> {
  const [row] = await db
    .select({ columnMap: inventoryFeedSettings.columnMap })
    .from(inventoryFeedSettings)
    .where(eq(inventoryFeedSettings.businessId, businessId));
  return row?.columnMap ?? {};
}

class RolledBack extends Error {
  constructor(readonly outcome: Omit<FeedDryRun, 'columns' | 'expiresAt'> & { rows: FeedError[] }) {
    super('dry run rolled back');
  }
}

/**
 * Counts what the import would do (inside the upload's transaction, in a savepoint rolled back)
 * and stores it on the `preview` row, with the rows the database refuses (unknown GTIN...) among
 * its errors. Answers the stored row.
 */
export async function recordDryRun(
  tx: Database,
  recorded: ImportRow,
  store: { id: string; currency: string },
  batches: FeedRow[][],
  columns: FeedFileColumn[],
  now: Date,
): Promise<ImportRow> {
  let outcome: RolledBack['outcome'] | undefined;
  try {
    await tx.transaction(async (savepoint) => {
      let inserted = 0;
      let changed = 0;
      let good = 0;
      const rows: FeedError[] = [];
      for (const batch of batches) {
        const applied = await applyRows(savepoint, store, recorded.id, batch, now);
        inserted += applied.inserted;
        changed += applied.rowsChanged;
        good += batch.length - applied.rowErrors.length;
        rows.push(...applied.rowErrors);
      }
      let outOfStock = 0;
      let outOfStockSample: FeedDryRun['outOfStockSample'] = [];
      if (recorded.mode === 'full') {
        outOfStockSample = await executeRows<{ title: string; sku: string | null }>(
          savepoint,
          sql`select p.title, o.sku from offers o join products p on p.id = o.product_id
              where ${missingOffersSql(store.id, recorded.id)}
              order by p.title, o.id limit ${DRY_RUN_ZEROED_SAMPLE}`,
        );
        outOfStock = await zeroMissingOffers(savepoint, store.id, recorded.id, now.toISOString());
      }
      throw new RolledBack({
        newItems: inserted,
        updated: changed - inserted,
        unchanged: good - changed,
        outOfStock,
        errors: recorded.rowsFailed + rows.length,
        outOfStockSample,
        rows,
      });
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
    outcome = error.outcome;
  }
  if (!outcome) throw new Error('the dry run did not roll back');
  const { rows, ...counts } = outcome;
  const dryRun: FeedDryRun = {
    ...counts,
    columns,
    expiresAt: new Date(now.getTime() + DRY_RUN_TTL_MS).toISOString(),
  };
  const [row] = await tx
    .update(inventoryImports)
    .set({
      dryRun,
      rowsFailed: counts.errors,
      errors:
        rows.length > 0
          ? sql`${inventoryImports.errors} || ${JSON.stringify(rows)}::jsonb`
          : undefined,
    })
    .where(eq(inventoryImports.id, recorded.id))
    .returning();
  return row!;
}

/** Previews nobody applied within their hour are dropped (with their stored rows) on the next upload. */
export async function dropStalePreviews(db: Database, businessId: string, now: Date) {
  await db
    .delete(inventoryImports)
    .where(
      and(
        eq(inventoryImports.businessId, businessId),
        eq(inventoryImports.status, 'preview'),
        lt(inventoryImports.createdAt, new Date(now.getTime() - DRY_RUN_TTL_MS)),
      ),
    );
}

export interface ApplyPreviewInput {
  businessId: string;
  importId: string;
  access: StoreAccess;
  /** Who applies it; null for a scheduled fetch whose owner's account is gone (docs/decisions/0023). */
  userId: string | null;
  confirmOutOfStock: number | undefined;
  now: Date;
  enqueue?: ((tx: Database, importId: string) => Promise<void>) | undefined;
}

/**
 * Apply on a preview: checks who applies it and, in Full mode, the number they confirmed, then
 * queues it (its job applies it in one transaction). The rows the database refused in the dry run
 * are checked again by the apply itself, so only the parser's errors are kept from the preview.
 */
export async function applyPreview(db: Database, input: ApplyPreviewInput): Promise<ImportRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(inventoryImports)
      .where(
        and(
          eq(inventoryImports.id, input.importId),
          eq(inventoryImports.businessId, input.businessId),
        ),
      )
      .for('update');
    if (!current) throw new HttpError(404, inventoryMessages.importNotFound);
    if (current.status !== 'preview' || !current.dryRun) {
      throw new HttpError(409, feedMessages.notAPreview);
    }
    if (input.now.getTime() > Date.parse(current.dryRun.expiresAt)) {
      throw new HttpError(409, feedMessages.previewExpired);
    }
    const outOfStock = current.dryRun.outOfStock;
    if (current.mode === 'full') {
      if (input.access === 'staff') throw new HttpError(403, feedMessages.fullNeedsOwner);
      if (outOfStock > 0 && input.confirmOutOfStock === undefined) {
        throw new HttpError(400, feedMessages.confirmOutOfStock(outOfStock));
      }
      if (outOfStock > 0 && input.confirmOutOfStock !== outOfStock) {
        throw new HttpError(400, feedMessages.confirmMismatch(outOfStock));
      }
    }
    const notes = current.errors.filter((error) => error.line === 1).length;
    const [row] = await tx
      .update(inventoryImports)
      .set({
        status: 'queued',
        appliedBy: input.userId,
        confirmedOutOfStock: current.mode === 'full' ? outOfStock : null,
        errors: current.errors.slice(0, notes + current.rowsDone),
        rowsFailed: current.rowsDone,
      })
      .where(eq(inventoryImports.id, current.id))
      .returning();
    await input.enqueue?.(tx, current.id);
    return row!;
  });
}

class StockMoved extends Error {
  constructor(
    readonly previewed: number,
    readonly actual: number,
  ) {
    super('the number of items going out of stock changed after the preview');
  }
}

/**
 * A previewed import, applied whole: every batch and Full mode's out-of-stock step in one
 * transaction (each batch a savepoint of it), so a failure leaves the store as it was. Full mode
 * sets out of stock exactly the number the owner confirmed, or nothing: when the stock changed
 * after the preview the whole import is rolled back and `failed` in words.
 */
export async function runPreviewedImport(
  db: Database,
  importId: string,
  options: RunFeedImportOptions,
): Promise<ImportRow> {
  try {
    return await db.transaction(async (tx) => {
      for (;;) {
        const outcome = await applyNextBatch(tx, importId, options.now());
        if (outcome.kind === 'finished') {
          const row = outcome.row;
          const confirmed = row.confirmedOutOfStock ?? 0;
          if (row.mode === 'full' && row.status === 'done' && row.offersZeroed !== confirmed) {
            throw new StockMoved(confirmed, row.offersZeroed);
          }
          return row;
        }
        await options.afterBatch?.({ importId, batchNo: outcome.batchNo });
      }
    });
  } catch (error) {
    if (!(error instanceof StockMoved)) throw error;
    await failFeedImport(
      db,
      importId,
      options.now(),
      feedMessages.stockMoved(error.previewed, error.actual),
    );
    const [row] = await db.select().from(inventoryImports).where(eq(inventoryImports.id, importId));
    return row!;
  }
}
