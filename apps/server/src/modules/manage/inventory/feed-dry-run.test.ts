import {
  feedMessages,
  feedSettingsResponse,
  gtinCheckDigit,
  type InventoryImportReport,
  inventoryImportResponse,
  INVENTORY_COLUMNS_FIELD,
  INVENTORY_FEED_FIELD,
  INVENTORY_MODE_FIELD,
  managePaths,
} from '@localmart/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { offers } from '../../../db/schema/index.ts';
import { testClock } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { manageCast, manageClient, type Person } from '../manage-test-support.ts';
import { finishedImport } from './feed-import-test-support.ts';
import { productsNotSoldBy, storeShelf } from './inventory-test-support.ts';

/** A GTIN-13 with a valid check digit that no demo product has. */
const UNKNOWN_BODY = '599999999998';
const unknownGtin = `${UNKNOWN_BODY}${gtinCheckDigit(UNKNOWN_BODY)}`;

/** A multipart upload: the file, its mode and, optionally, the column mapping chosen on the page. */
function form(text: string, fields: Record<string, string>) {
  const boundary = `----dryrun${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.from(
    `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="${INVENTORY_FEED_FIELD}"; filename="stock.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${text}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

for (const backend of testDatabases()) {
  describe(`feed dry runs on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    useCatalogCity(getDb);

    let storesTaken = 0;
    async function world() {
      const db = getDb().db;
      const candidates = await db.execute(sql`select business_id as id from offers
        group by business_id having count(*) >= 8 order by business_id`);
      const ids = (candidates as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
      // From the middle of the list: the other feed test files take stores from either end.
      const storeId = ids[Math.floor(ids.length / 2) + storesTaken++];
      const otherStoreId = ids[0];
      if (!storeId || !otherStoreId) throw new Error('not enough stores with offers');
      const clock = testClock(CITY_NOW);
      const app = await makeApp({
        now: clock.now,
        env: { RATE_LIMIT_MULTIPLIER: '100' },
        jobs: { pollingIntervalSeconds: 0.5 },
      });
      const cast = await manageCast(db, CITY_NOW, { storeId, otherStoreId });
      // Every offer in stock at a known price, so "updated", "unchanged" and "out of stock" show.
      await db
        .update(offers)
        .set({
          quantity: 5,
          priceAmount: 500,
          saleAmount: null,
          saleStartsAt: null,
          saleEndsAt: null,
        })
        .where(eq(offers.businessId, storeId));
      const shelf = await storeShelf(db, storeId);
      const [newProduct] = await productsNotSoldBy(db, storeId, 1);
      if (!newProduct || shelf.length < 4) throw new Error('shelf too small');
      return { db, app, clock, storeId, cast, shelf, newProduct };
    }

    async function upload(
      app: FastifyInstance,
      who: Person,
      storeId: string,
      text: string,
      fields: Record<string, string> = {},
    ) {
      const body = form(text, fields);
      return app.inject({
        method: 'POST',
        url: managePaths.inventoryImports(storeId),
        headers: { ...body.headers, authorization: `Bearer ${who.token}` },
        payload: body.payload,
      });
    }

    async function previewed(...args: Parameters<typeof upload>): Promise<InventoryImportReport> {
      const response = await upload(...args);
      expect(response.statusCode, response.body).toBe(201);
      const answer = inventoryImportResponse.parse(response.json());
      if (answer.status !== 1) throw new Error(answer.message);
      expect(answer.message).toBe(feedMessages.previewReady);
      return answer.result;
    }

    /**
     * Five rows of a semicolon file with "$" prices and till headers: one updated, one unchanged,
     * one new item, one unknown GTIN (refused by the catalogue), one bad quantity (refused by the
     * parser). The rest of the shelf is what Full mode would set out of stock.
     */
    function mixedFeed(shelf: Awaited<ReturnType<typeof storeShelf>>, newGtin: string) {
      const [changed, same] = shelf;
      return [
        'UPC;Qty;Price;Name',
        `${changed!.gtin};9;$5.00;Changed item`,
        `${same!.gtin};5;5,00;Same item`,
        `${newGtin};3;$2.49;New item`,
        `${unknownGtin};1;$1.00;Unknown item`,
        `${shelf[2]!.gtin};lots;$5.00;Bad quantity`,
      ].join('\n');
    }

    it('the dry run counts new, updated, unchanged, out of stock and errors, and writes nothing', async () => {
      const { db, app, storeId, cast, shelf, newProduct } = await world();
      const text = mixedFeed(shelf, newProduct.gtin!);
      const preview = await previewed(app, cast.staff, storeId, text, {
        [INVENTORY_MODE_FIELD]: 'full',
      });
      // The file lists two shelf offers by good rows (the bad-quantity row lists nothing).
      const outOfStock = shelf.length - 2;
      expect(preview).toMatchObject({
        status: 'preview',
        mode: 'full',
        rowsTotal: 5,
        rowsChanged: 0,
        offersZeroed: 0,
        rowsFailed: 2,
        dryRun: {
          newItems: 1,
          updated: 1,
          unchanged: 1,
          outOfStock,
          errors: 2,
        },
      });
      expect(preview.dryRun!.outOfStockSample.length).toBe(Math.min(outOfStock, 20));
      expect(preview.dryRun!.columns.map((c) => [c.header, c.target])).toEqual([
        ['UPC', 'gtin'],
        ['Qty', 'quantity'],
        ['Price', 'price'],
        ['Name', 'title'],
      ]);
      expect(preview.errors.map((e) => [e.line, e.column])).toEqual([
        [5, 'gtin'],
        [6, 'quantity'],
      ]);
      // Nothing written: the shelf is as it was and no offer of the new product exists.
      expect(await storeShelf(db, storeId)).toEqual(shelf);
    });

    it('Full mode needs the owner and the typed number of items going out of stock', async () => {
      const { db, app, storeId, cast, shelf, newProduct } = await world();
      const preview = await previewed(
        app,
        cast.owner,
        storeId,
        mixedFeed(shelf, newProduct.gtin!),
        {
          [INVENTORY_MODE_FIELD]: 'full',
        },
      );
      const outOfStock = preview.dryRun!.outOfStock;
      const apply = (who: Person, body: object) =>
        manageClient(app, who).post(managePaths.inventoryImportApply(storeId, preview.id), body);

      const byStaff = await apply(cast.staff, { confirmOutOfStock: outOfStock });
      expect(byStaff.statusCode).toBe(403);
      expect(byStaff.json()).toEqual({ status: 0, message: feedMessages.fullNeedsOwner });
      const unconfirmed = await apply(cast.owner, {});
      expect(unconfirmed.statusCode).toBe(400);
      expect(unconfirmed.json()).toMatchObject({
        status: 0,
        message: feedMessages.confirmOutOfStock(outOfStock),
      });
      const wrong = await apply(cast.owner, { confirmOutOfStock: outOfStock - 1 });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ message: feedMessages.confirmMismatch(outOfStock) });
      expect(await storeShelf(db, storeId)).toEqual(shelf);

      const confirmed = await apply(cast.owner, { confirmOutOfStock: outOfStock });
      expect(confirmed.statusCode, confirmed.body).toBe(202);
      const report = await finishedImport(app, cast.owner, storeId, preview.id);
      expect(report).toMatchObject({
        status: 'done',
        rowsChanged: 2,
        rowsUnchanged: 1,
        rowsFailed: 2,
        offersZeroed: outOfStock,
      });
      // The applied rows are the previewed ones: the same two errors, once each.
      expect(report.errors.map((e) => e.line)).toEqual([5, 6]);
      const after = await storeShelf(db, storeId);
      expect(after.filter((o) => o.quantity === 0)).toHaveLength(outOfStock);
      expect(after.find((o) => o.offerId === shelf[0]!.offerId)).toMatchObject({ quantity: 9 });
      expect(after.some((o) => o.productId === newProduct.productId && o.quantity === 3)).toBe(
        true,
      );

      const again = await apply(cast.owner, { confirmOutOfStock: outOfStock });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: feedMessages.notAPreview });
    });

    it('staff apply incremental files; a Full file whose count changed after the preview changes nothing', async () => {
      const { db, app, clock, storeId, cast, shelf, newProduct } = await world();
      const incremental = await previewed(
        app,
        cast.staff,
        storeId,
        mixedFeed(shelf, newProduct.gtin!),
      );
      expect(incremental.dryRun).toMatchObject({ outOfStock: 0, updated: 1, newItems: 1 });
      const staffApplies = await manageClient(app, cast.staff).post(
        managePaths.inventoryImportApply(storeId, incremental.id),
        {},
      );
      expect(staffApplies.statusCode, staffApplies.body).toBe(202);
      expect(await finishedImport(app, cast.staff, storeId, incremental.id)).toMatchObject({
        status: 'done',
        rowsChanged: 2,
        offersZeroed: 0,
      });

      clock.advance(60_000);
      const shelfNow = await storeShelf(db, storeId);
      const full = await previewed(app, cast.owner, storeId, mixedFeed(shelf, newProduct.gtin!), {
        [INVENTORY_MODE_FIELD]: 'full',
      });
      const previewedCount = full.dryRun!.outOfStock;
      // After the preview an offer the file does not list comes back in stock.
      const back = shelfNow.find((o) => o.offerId === shelf[3]!.offerId)!;
      await db.update(offers).set({ quantity: 0 }).where(eq(offers.id, back.offerId));
      const applied = await manageClient(app, cast.owner).post(
        managePaths.inventoryImportApply(storeId, full.id),
        { confirmOutOfStock: previewedCount },
      );
      expect(applied.statusCode).toBe(202);
      const report = await finishedImport(app, cast.owner, storeId, full.id);
      expect(report).toMatchObject({
        status: 'failed',
        failure: feedMessages.stockMoved(previewedCount, previewedCount - 1),
      });
      const after = await storeShelf(db, storeId);
      expect(after.filter((o) => o.quantity === 0).map((o) => o.offerId)).toEqual([back.offerId]);
    });

    it('remembers the column mapping chosen on the page for the store’s next files', async () => {
      const { app, storeId, cast, shelf } = await world();
      const till = `Artikel;Bestand;VK\n${shelf[0]!.sku ?? 'none'};7;4,50\n`;
      const refused = await upload(app, cast.staff, storeId, till);
      expect(refused.statusCode).toBe(400);

      const mapping = JSON.stringify({ Artikel: 'id', Bestand: 'quantity', VK: 'price' });
      const first = await previewed(app, cast.staff, storeId, till, {
        [INVENTORY_COLUMNS_FIELD]: mapping,
      });
      expect(first.dryRun!.columns.map((c) => [c.header, c.target, c.how])).toEqual([
        ['Artikel', 'id', 'mapped'],
        ['Bestand', 'quantity', 'mapped'],
        ['VK', 'price', 'mapped'],
      ]);
      const settings = await manageClient(app, cast.owner).get(
        managePaths.inventoryFeedSettings(storeId),
      );
      const parsedSettings = feedSettingsResponse.parse(settings.json());
      if (parsedSettings.status !== 1) throw new Error(parsedSettings.message);
      expect(parsedSettings.result.columnMap).toEqual({
        artikel: 'id',
        bestand: 'quantity',
        vk: 'price',
      });
      // The next file needs no mapping sent.
      const second = await previewed(app, cast.staff, storeId, till);
      expect(second.dryRun!.columns.every((c) => c.how === 'mapped')).toBe(true);

      const badMapping = await upload(app, cast.staff, storeId, till, {
        [INVENTORY_COLUMNS_FIELD]: JSON.stringify({ Artikel: 'colour' }),
      });
      expect(badMapping.statusCode).toBe(400);
      expect(badMapping.json()).toMatchObject({ status: 0 });
      expect(JSON.stringify(badMapping.json())).not.toContain('Artikel.');
    });
  });
}
