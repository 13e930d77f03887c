import {
  createdApiKeyResponse,
  gtinCheckDigit,
  type InventoryImportReport,
  inventoryImportResponse,
  inventoryMessages,
  managePaths,
} from '@localmart/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { inventoryImportBatches, inventoryImportOffers } from '../../../db/schema/index.ts';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { manageCast, manageClient, type Person } from '../manage-test-support.ts';
import { finishedImport, readImport } from './feed-import-test-support.ts';
import type { FeedImportOptions } from './feed-import.jobs.ts';
import {
  buildFeed,
  type FeedCells,
  feedUpload,
  offerFeedRow,
  productsNotSoldBy,
  storeFeedIdentity,
  storeShelf,
} from './inventory-test-support.ts';

/** 2,500 data rows (lines 2-2501) in batches of 500: five batches, the progress moves by 500. */
const ROWS = 2_500;
const BATCH = 500;
/** Rows naming a GTIN no product has: reported by their batch, with their lines. */
const BAD_LINES = [2, 1_234, 2_501];
/** A valid GTIN-13 no demo product has (they start with 0 or 978), one per line. */
function unknownGtin(line: number): string {
  const body = `5999999${String(line).padStart(5, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
}

for (const backend of testDatabases()) {
  describe(`inventory feed imports as jobs on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    useCatalogCity(getDb);

    let storesTaken = 0;
    /** A store of its own per test, its cast, and a 2,500-row feed of items it does not sell yet. */
    async function world(feedImports: FeedImportOptions = {}) {
      const db = getDb().db;
      const candidates = await db.execute(sql`select business_id as id from offers
        group by business_id having count(*) >= 8 order by business_id desc`);
      const ids = (candidates as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
      const storeId = ids[storesTaken++];
      const otherStoreId = ids[ids.length - 1];
      if (!storeId || !otherStoreId || storeId === otherStoreId) throw new Error('no store left');
      const app = await makeApp({
        now: () => CITY_NOW,
        env: { RATE_LIMIT_MULTIPLIER: '100' },
        jobs: { pollingIntervalSeconds: 0.5 },
        feedImports: { batchRows: BATCH, retry: { limit: 2, delaySeconds: 0 }, ...feedImports },
      });
      const cast = await manageCast(db, CITY_NOW, { storeId, otherStoreId });
      ownerOf.set(storeId, cast.owner);
      const { storeCode } = await storeFeedIdentity(db, storeId);
      const products = await productsNotSoldBy(db, storeId, ROWS - BAD_LINES.length);
      if (products.length < ROWS - BAD_LINES.length) throw new Error('catalogue too small');
      const rows: FeedCells[] = [];
      let next = 0;
      for (let line = 2; line <= ROWS + 1; line++) {
        if (BAD_LINES.includes(line)) {
          rows.push(
            offerFeedRow(storeCode, { gtin: unknownGtin(line) }, { quantity: 1, price: '1.00' }),
          );
        } else {
          const product = products[next++]!;
          rows.push(
            offerFeedRow(storeCode, { gtin: product.gtin }, { quantity: 4, price: '2.99' }),
          );
        }
      }
      return { db, app, storeId, otherStoreId, cast, feed: buildFeed(rows) };
    }

    async function upload(app: FastifyInstance, who: Person, storeId: string, text: string) {
      const form = feedUpload(text, { filename: 'big.csv' });
      const response = await app.inject({
        method: 'POST',
        url: managePaths.inventoryImports(storeId),
        headers: { ...form.headers, authorization: `Bearer ${who.token}` },
        payload: form.payload,
      });
      return response;
    }

    /**
     * A feed pushed with the owner's API key: the batch engine's path (an upload is a dry run first,
     * then applied in one transaction: docs/decisions/0019 and the last test here).
     */
    async function queued(app: FastifyInstance, _who: Person, storeId: string, text: string) {
      const owner = ownerOf.get(storeId)!;
      const created = await manageClient(app, owner).post(managePaths.apiKeys(storeId), {
        name: 'Till system',
      });
      const key = createdApiKeyResponse.parse(created.json());
      if (key.status !== 1) throw new Error(key.message);
      const response = await app.inject({
        method: 'POST',
        url: managePaths.inventoryPush,
        headers: { 'content-type': 'text/csv', authorization: `Bearer ${key.result.secret}` },
        payload: text,
      });
      expect(response.statusCode, response.body).toBe(202);
      const answer = inventoryImportResponse.parse(response.json());
      if (answer.status !== 1) throw new Error(answer.message);
      expect(answer.message).toBe(inventoryMessages.received);
      return answer.result;
    }
    const ownerOf = new Map<string, Person>();

    function expectCompleted(report: InventoryImportReport) {
      expect(report).toMatchObject({
        status: 'done',
        rowsTotal: ROWS,
        rowsDone: ROWS,
        rowsChanged: ROWS - BAD_LINES.length,
        rowsUnchanged: 0,
        rowsFailed: BAD_LINES.length,
        failure: null,
      });
      expect(report.errors).toEqual(
        BAD_LINES.map((line) => ({
          line,
          column: 'gtin',
          reason: `No product with GTIN ${unknownGtin(line)} in the Localmart catalogue.`,
        })),
      );
    }

    it('a 2,500-row push answers at once, then a worker applies it in batches with its progress visible', async () => {
      const seen: InventoryImportReport[] = [];
      let reader: ((importId: string) => Promise<InventoryImportReport>) | null = null;
      const { db, app, storeId, cast, feed } = await world({
        // Halfway (after the second batch committed) the staff member's page polls the status.
        afterBatch: async ({ importId, batchNo }) => {
          if (batchNo === 1 && reader) seen.push(await reader(importId));
        },
      });
      reader = (importId) => readImport(app, cast.staff, storeId, importId);
      const started = performance.now();
      const answer = await queued(app, cast.staff, storeId, feed);
      const answeredMs = performance.now() - started;
      expect(answer).toMatchObject({ status: 'queued', rowsTotal: ROWS, rowsDone: 0 });

      const report = await finishedImport(app, cast.staff, storeId, answer.id);
      const doneMs = performance.now() - started;
      expectCompleted(report);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ status: 'running', rowsDone: 2 * BATCH, rowsTotal: ROWS });
      // The first batch's bad row (line 2) is already listed halfway.
      expect(seen[0]!.errors.map((error) => error.line)).toEqual([2]);

      const shelf = await storeShelf(db, storeId);
      expect(
        shelf.filter((offer) => offer.priceAmount === 299 && offer.quantity === 4),
      ).toHaveLength(ROWS - BAD_LINES.length);
      // Nothing of the job is left behind.
      expect(
        await db
          .select()
          .from(inventoryImportBatches)
          .where(eq(inventoryImportBatches.importId, answer.id)),
      ).toEqual([]);
      expect(
        await db
          .select()
          .from(inventoryImportOffers)
          .where(eq(inventoryImportOffers.importId, answer.id)),
      ).toEqual([]);
      const listed = await manageClient(app, cast.owner).get(managePaths.inventoryImports(storeId));
      expect(listed.json()).toMatchObject({
        results: [expect.objectContaining({ id: answer.id, status: 'done', rowsDone: ROWS })],
      });
      console.warn(
        `[feed import] ${ROWS} rows on ${backend.name}: upload answered in ` +
          `${Math.round(answeredMs)} ms, done through the job ${Math.round(doneMs)} ms after upload`,
      );
    });

    it('a worker that dies after the first batch: the retry goes on from the second and applies none twice', async () => {
      const batchesRun: number[] = [];
      let failed = false;
      const { db, app, storeId, cast, feed } = await world({
        afterBatch: ({ batchNo }) => {
          batchesRun.push(batchNo);
          if (!failed) {
            failed = true;
            throw new Error('injected: the worker dies after its first batch');
          }
        },
      });
      const answer = await queued(app, cast.owner, storeId, feed);
      const report = await finishedImport(app, cast.owner, storeId, answer.id);
      // A batch applied twice would count its rows twice (rowsDone over rowsTotal is refused by a
      // CHECK) or as unchanged the second time; neither happened.
      expectCompleted(report);
      expect(batchesRun).toEqual([0, 1, 2, 3, 4]);
      // The import is completed once the worker's last transaction commits; pg-boss marks the job
      // completed just after the handler returns, so on a loaded runner it can still read 'active'.
      const jobRow = async () =>
        (
          (await db.execute(sql`select retry_count as "retryCount", state from pgboss.job
            where name = 'feed-import' and data->>'importId' = ${answer.id}`)) as unknown as {
            rows: { retryCount: number; state: string }[];
          }
        ).rows[0];
      await expect.poll(jobRow, { timeout: 15_000 }).toMatchObject({ state: 'completed' });
      expect(await jobRow()).toMatchObject({ retryCount: 1, state: 'completed' });
    });

    it('a job that keeps failing ends failed, in words, with the batches before it kept', async () => {
      const { db, app, storeId, cast, feed } = await world({
        retry: { limit: 1, delaySeconds: 0 },
        afterBatch: ({ batchNo }) => {
          throw new Error(`injected: batch ${batchNo} never gets further`);
        },
      });
      const answer = await queued(app, cast.owner, storeId, feed);
      const report = await finishedImport(app, cast.owner, storeId, answer.id);
      // Two attempts, each got one batch in before failing.
      expect(report).toMatchObject({
        status: 'failed',
        rowsDone: 2 * BATCH,
        failure: inventoryMessages.importStopped(2 * BATCH, ROWS),
      });
      expect(report.failure).toContain('stopped after 1,000 of 2,500 rows');
      expect(
        await db
          .select()
          .from(inventoryImportBatches)
          .where(eq(inventoryImportBatches.importId, answer.id)),
      ).toEqual([]);
    });

    it('only members of the store read its imports; a bad file is refused at once in words', async () => {
      const { app, storeId, otherStoreId, cast, feed } = await world();
      const answer = await queued(app, cast.staff, storeId, feed);
      for (const outsider of [cast.otherStaff, cast.shopper]) {
        const client = manageClient(app, outsider);
        const one = await client.get(managePaths.inventoryImport(storeId, answer.id));
        expect(one.statusCode).toBe(403);
        expect(JSON.stringify(one.json())).not.toContain('big.csv');
        expect((await client.get(managePaths.inventoryImports(storeId))).statusCode).toBe(403);
      }
      // Another store's member asking through their own store finds no such import.
      const viaOwnStore = await manageClient(app, cast.otherStaff).get(
        managePaths.inventoryImport(otherStoreId, answer.id),
      );
      expect(viaOwnStore.statusCode).toBe(404);
      expect(viaOwnStore.json()).toMatchObject({ message: inventoryMessages.importNotFound });
      await finishedImport(app, cast.staff, storeId, answer.id);

      const bad = await upload(app, cast.staff, storeId, 'colour;size\nred;1\n');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        status: 0,
        message: inventoryMessages.missingColumns(['id or gtin', 'quantity or availability']),
      });
    });

    it('an API push larger than a batch takes the same path: 202, then its progress with the same key', async () => {
      const { app, storeId, cast, feed } = await world();
      const created = await manageClient(app, cast.owner).post(managePaths.apiKeys(storeId), {
        name: 'Till system',
      });
      const key = createdApiKeyResponse.parse(created.json());
      if (key.status !== 1) throw new Error(key.message);
      const pushed = await app.inject({
        method: 'POST',
        url: managePaths.inventoryPush,
        headers: { 'content-type': 'text/csv', authorization: `Bearer ${key.result.secret}` },
        payload: feed,
      });
      expect(pushed.statusCode, pushed.body).toBe(202);
      const answer = inventoryImportResponse.parse(pushed.json());
      if (answer.status !== 1) throw new Error(answer.message);
      expect(pushed.headers.location).toBe(managePaths.inventoryPushImport(answer.result.id));
      const read = () =>
        app.inject({
          method: 'GET',
          url: managePaths.inventoryPushImport(answer.result.id),
          headers: { authorization: `Bearer ${key.result.secret}` },
        });
      let report: InventoryImportReport | null = null;
      for (let attempt = 0; attempt < 600 && report?.status !== 'done'; attempt++) {
        const response = await read();
        expect(response.statusCode, response.body).toBe(200);
        const parsed = inventoryImportResponse.parse(response.json());
        if (parsed.status !== 1) throw new Error(parsed.message);
        report = parsed.result;
        if (report.status !== 'done') await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expectCompleted(report!);
      expect(report).toMatchObject({ source: 'api' });
      // Without the key, or with a session token: 401.
      const anonymous = await app.inject({
        method: 'GET',
        url: managePaths.inventoryPushImport(answer.result.id),
        headers: { authorization: `Bearer ${cast.owner.token}` },
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('a previewed upload is applied whole: a worker dying halfway writes nothing, the retry applies it all once', async () => {
      const batchesRun: number[] = [];
      let failed = false;
      const { db, app, storeId, cast, feed } = await world({
        afterBatch: ({ batchNo }) => {
          batchesRun.push(batchNo);
          if (!failed && batchNo === 1) {
            failed = true;
            throw new Error('injected: the worker dies after its second batch');
          }
        },
      });
      const response = await upload(app, cast.staff, storeId, feed);
      expect(response.statusCode, response.body).toBe(201);
      const preview = inventoryImportResponse.parse(response.json());
      if (preview.status !== 1) throw new Error(preview.message);
      expect(preview.result).toMatchObject({
        status: 'preview',
        dryRun: {
          newItems: ROWS - BAD_LINES.length,
          updated: 0,
          unchanged: 0,
          outOfStock: 0,
          errors: BAD_LINES.length,
        },
      });
      // The dry run wrote nothing.
      expect(
        (await storeShelf(db, storeId)).filter((offer) => offer.priceAmount === 299),
      ).toHaveLength(0);
      const applied = await manageClient(app, cast.staff).post(
        managePaths.inventoryImportApply(storeId, preview.result.id),
        {},
      );
      expect(applied.statusCode, applied.body).toBe(202);
      const report = await finishedImport(app, cast.staff, storeId, preview.result.id);
      expectCompleted(report);
      // The retry starts again from the first batch: the two before the failure were rolled back
      // with it (a batch committed on its own is deleted, and would not run again).
      expect(batchesRun).toEqual([0, 1, 0, 1, 2, 3, 4]);
    });
  });
}
