import {
  type ApiKey,
  apiKeysResponse,
  commonMessages,
  createdApiKeyResponse,
  gtinCheckDigit,
  type InventoryImportReport,
  type InventoryImportSummary,
  inventoryImportResponse,
  inventoryImportsResponse,
  INVENTORY_FEED_MAX_BYTES,
  inventoryMessages,
  managePaths,
} from '@localmart/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { inventoryImports, offers, storeApiKeys } from '../../../db/schema/index.ts';
import { testClock } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { manageCast, manageClient, type Person } from '../manage-test-support.ts';
import { importFeed } from './feed-import.service.ts';
import { finishedImport } from './feed-import-test-support.ts';
import {
  buildFeed,
  type FeedCells,
  feedUpload,
  offerFeedRow,
  productsNotSoldBy,
  storeFeedIdentity,
  storeShelf,
} from './inventory-test-support.ts';

const MINUTE = 60_000;
/** A GTIN-13 with a valid check digit that no demo product has (demo items start with 0 or 978). */
const UNKNOWN_BODY = '599999999999';
const unknownGtin = () => `${UNKNOWN_BODY}${gtinCheckDigit(UNKNOWN_BODY)}`;

for (const backend of testDatabases()) {
  describe(`inventory feeds on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    useCatalogCity(getDb);

    let storesTaken = 0;
    /** A fresh store of the city (one per test: tests change its offers) and its cast. */
    async function world() {
      const db = getDb().db;
      const candidates = await db.execute(sql`select business_id as id from offers
        group by business_id having count(*) >= 8 order by business_id`);
      const ids = (candidates as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
      const storeId = ids[storesTaken++];
      const otherStoreId = ids[ids.length - 1];
      if (!storeId || !otherStoreId) throw new Error('not enough stores with offers');
      const clock = testClock(CITY_NOW);
      const app = await makeApp({
        now: clock.now,
        env: { RATE_LIMIT_MULTIPLIER: '100' },
        jobs: { pollingIntervalSeconds: 0.5 },
      });
      const cast = await manageCast(db, CITY_NOW, { storeId, otherStoreId });
      castOwner = cast.owner;
      const identity = await storeFeedIdentity(db, storeId);
      const shelf = await storeShelf(db, storeId);
      return { db, app, clock, storeId, otherStoreId, cast, identity, shelf };
    }

    async function upload(
      app: FastifyInstance,
      who: Person,
      storeId: string,
      text: string | Buffer,
      options: { mode?: 'full' | 'incremental'; filename?: string; contentType?: string } = {},
    ) {
      const form = feedUpload(text, options);
      return app.inject({
        method: 'POST',
        url: managePaths.inventoryImports(storeId),
        headers: { ...form.headers, authorization: `Bearer ${who.token}` },
        payload: form.payload,
      });
    }

    /**
     * Uploads (201: a dry run), applies the preview (202: queued; Full mode by the owner, with the
     * count it confirms) and waits for the job (docs/decisions/0019).
     */
    async function uploaded(...args: Parameters<typeof upload>): Promise<InventoryImportReport> {
      const response = await upload(...args);
      expect(response.statusCode, response.body).toBe(201);
      const preview = (
        inventoryImportResponse.parse(response.json()) as { result: InventoryImportReport }
      ).result;
      expect(preview.status).toBe('preview');
      const [app, who, storeId, , options] = args;
      const full = options?.mode === 'full';
      const applied = await manageClient(app, full ? ownerFor(who) : who).post(
        managePaths.inventoryImportApply(storeId, preview.id),
        full ? { confirmOutOfStock: preview.dryRun!.outOfStock } : {},
      );
      expect(applied.statusCode, applied.body).toBe(202);
      return finishedImport(app, who, storeId, preview.id);
    }
    /** Full mode is applied by the owner: the test's owner of whichever store `who` belongs to. */
    let castOwner: Person | null = null;
    const ownerFor = (who: Person): Person => castOwner ?? who;

    it('applies the good rows and reports the bad ones, with lines and reasons, in one go', async () => {
      const { db, app, storeId, cast, identity, shelf } = await world();
      const [first, second] = shelf;
      const [newProduct] = await productsNotSoldBy(db, storeId, 1);
      if (!first || !second || !newProduct) throw new Error('shelf too small');
      const code = identity.storeCode;
      const text = buildFeed([
        offerFeedRow(code, { gtin: first.gtin }, { quantity: first.quantity + 7 }),
        offerFeedRow(code, { sku: 'NOPE-1' }, { quantity: 3 }),
        { ...offerFeedRow('someone-else', { gtin: second.gtin }, { quantity: 1 }) },
        offerFeedRow(
          code,
          { sku: 'NEW-1', gtin: newProduct.gtin },
          { quantity: 9, price: '4.25 CAD', pickup_method: 'reserve', pickup_sla: 'next day' },
        ),
        offerFeedRow(code, { gtin: unknownGtin() }, { quantity: 2, price: '1.00' }),
        offerFeedRow(
          code,
          { gtin: second.gtin },
          { quantity: 0, availability: 'in_stock', colour: 'red' },
        ),
      ]);
      const report = await uploaded(app, cast.staff, storeId, text, { filename: 'stock.csv' });
      expect(report).toMatchObject({
        source: 'upload',
        mode: 'incremental',
        format: 'csv',
        filename: 'stock.csv',
        rowsTotal: 6,
        rowsChanged: second.quantity === 0 ? 2 : 3,
        rowsFailed: 3,
        offersZeroed: 0,
        errorsTruncated: false,
      });
      expect(report.rowsChanged + report.rowsUnchanged + report.rowsFailed).toBe(6);
      expect(report.notes).toEqual([inventoryMessages.ignoredColumns(['colour'])]);
      expect(report.errors).toEqual([
        {
          line: 3,
          column: 'id',
          reason: 'Unknown id NOPE-1: add its gtin to link it to a catalogue product.',
        },
        {
          line: 4,
          column: 'store_code',
          reason: `store_code someone-else is not this store's code (${code}).`,
        },
        {
          line: 6,
          column: 'gtin',
          reason: `No product with GTIN ${unknownGtin()} in the Localmart catalogue.`,
        },
      ]);

      const after = await storeShelf(db, storeId);
      expect(after.find((o) => o.offerId === first.offerId)?.quantity).toBe(first.quantity + 7);
      expect(after.find((o) => o.offerId === second.offerId)?.quantity).toBe(0);
      const [created] = await db
        .select()
        .from(offers)
        .where(and(eq(offers.productId, newProduct.productId), eq(offers.businessId, storeId)));
      expect(created).toMatchObject({
        businessId: storeId,
        sku: 'NEW-1',
        quantity: 9,
        priceAmount: 425,
        currency: identity.currency,
        pickupMethod: 'reserve',
        pickupSla: 'next day',
      });
      // The new offer is found by its id next time.
      const again = await uploaded(
        app,
        cast.owner,
        storeId,
        buildFeed([offerFeedRow(code, { sku: 'NEW-1' }, { quantity: 11 })]),
      );
      expect(again).toMatchObject({ rowsChanged: 1, rowsFailed: 0 });

      // The report and the history, for any member.
      const detail = await manageClient(app, cast.staff).get(
        managePaths.inventoryImport(storeId, report.id),
      );
      expect(detail.statusCode, detail.body).toBe(200);
      expect(inventoryImportResponse.parse(detail.json())).toMatchObject({
        result: { id: report.id, errors: report.errors, notes: report.notes },
      });
      const history = await manageClient(app, cast.owner).get(
        managePaths.inventoryImports(storeId),
      );
      const listed = inventoryImportsResponse.parse(history.json()) as {
        results: InventoryImportSummary[];
      };
      expect(listed.results.map((entry) => entry.id)).toContain(report.id);
      // Another store's member cannot read it.
      const elsewhere = await manageClient(app, cast.otherStaff).get(
        managePaths.inventoryImport(storeId, report.id),
      );
      expect(elsewhere.statusCode).toBe(403);
    });

    it('a negative price or sale price is a bad row with its line, and nothing negative is stored', async () => {
      const { db, app, storeId, cast, identity, shelf } = await world();
      const [first, second, third] = shelf;
      if (!first || !second || !third) throw new Error('shelf too small');
      const code = identity.storeCode;
      const report = await uploaded(
        app,
        cast.staff,
        storeId,
        buildFeed([
          offerFeedRow(code, { gtin: first.gtin }, { quantity: 5, price: '2.50' }),
          offerFeedRow(code, { gtin: second.gtin }, { quantity: 5, price: '-5.00' }),
          offerFeedRow(code, { gtin: third.gtin }, { quantity: 5, sale_price: '-1.00' }),
        ]),
      );
      expect(report).toMatchObject({ rowsTotal: 3, rowsFailed: 2 });
      expect(report.errors).toEqual([
        {
          line: 3,
          column: 'price',
          reason: 'price -5.00 is negative; write 0 or more, like 3.99.',
        },
        {
          line: 4,
          column: 'sale_price',
          reason: 'sale_price -1.00 is negative; write 0 or more, like 3.99.',
        },
      ]);
      const after = await storeShelf(db, storeId);
      expect(after.find((o) => o.offerId === first.offerId)?.priceAmount).toBe(250);
      expect(after.find((o) => o.offerId === second.offerId)?.priceAmount).toBe(second.priceAmount);
      const [lowest] = await db
        .select({
          price: sql<number>`min(${offers.priceAmount})`,
          sale: sql<number | null>`min(${offers.saleAmount})`,
        })
        .from(offers)
        .where(eq(offers.businessId, storeId));
      expect(Number(lowest!.price)).toBeGreaterThanOrEqual(0);
      expect(Number(lowest!.sale ?? 0)).toBeGreaterThanOrEqual(0);
    });

    it('an id and a GTIN that turn out to be the same offer: the second row is a duplicate', async () => {
      const { db, app, storeId, cast, identity, shelf } = await world();
      const offer = shelf[0]!;
      await db.update(offers).set({ sku: 'SHELF-0' }).where(eq(offers.id, offer.offerId));
      const report = await uploaded(
        app,
        cast.owner,
        storeId,
        buildFeed([
          offerFeedRow(identity.storeCode, { sku: 'SHELF-0' }, { quantity: 4 }),
          offerFeedRow(identity.storeCode, { gtin: offer.gtin }, { quantity: 9 }),
        ]),
      );
      expect(report.errors).toEqual([{ line: 3, column: 'gtin', reason: 'Same item as line 2.' }]);
      const after = await storeShelf(db, storeId);
      expect(after.find((o) => o.offerId === offer.offerId)?.quantity).toBe(4);
    });

    it('incremental touches only the listed items; full also sets the rest to 0', async () => {
      const { db, app, clock, storeId, cast, identity, shelf } = await world();
      const listed = shelf.slice(0, 2);
      const rest = shelf.slice(2);
      // Every offer in stock first, so "set to 0" is visible.
      await db.update(offers).set({ quantity: 5 }).where(eq(offers.businessId, storeId));
      const rows: FeedCells[] = listed.map((o) =>
        offerFeedRow(identity.storeCode, { gtin: o.gtin }, { quantity: 42 }),
      );
      const incremental = await uploaded(app, cast.owner, storeId, buildFeed(rows));
      expect(incremental).toMatchObject({ rowsChanged: 2, offersZeroed: 0 });
      let after = await storeShelf(db, storeId);
      expect(after.filter((o) => o.quantity === 5)).toHaveLength(rest.length);

      // A full file of bad rows only sets nothing to 0.
      clock.advance(MINUTE);
      const badOnly = await uploaded(
        app,
        cast.owner,
        storeId,
        buildFeed([offerFeedRow('nowhere', { gtin: listed[0]!.gtin }, { quantity: 1 })]),
        { mode: 'full' },
      );
      expect(badOnly).toMatchObject({ rowsChanged: 0, rowsFailed: 1, offersZeroed: 0 });
      after = await storeShelf(db, storeId);
      expect(after.filter((o) => o.quantity === 5)).toHaveLength(rest.length);

      clock.advance(MINUTE);
      const full = await uploaded(app, cast.owner, storeId, buildFeed(rows), { mode: 'full' });
      expect(full).toMatchObject({
        mode: 'full',
        rowsChanged: 0,
        rowsUnchanged: 2,
        offersZeroed: rest.length,
      });
      after = await storeShelf(db, storeId);
      for (const offer of after) {
        expect(offer.quantity).toBe(listed.some((l) => l.offerId === offer.offerId) ? 42 : 0);
        if (!listed.some((l) => l.offerId === offer.offerId)) {
          expect(offer.stockUpdatedAt.getTime()).toBe(clock.now().getTime());
        }
      }
    });

    it('the same file again changes nothing, not even stock_updated_at', async () => {
      const { db, app, clock, storeId, cast, identity, shelf } = await world();
      const text = buildFeed(
        shelf.slice(0, 5).map((o, index) =>
          offerFeedRow(
            identity.storeCode,
            { sku: `ITEM-${index}`, gtin: o.gtin },
            {
              quantity: 100 + index,
              price: '9.99',
              sale_price: index === 0 ? '7.99' : null,
              pickup_method: 'buy',
              pickup_sla: 'same day',
            },
          ),
        ),
        { format: 'tsv' },
      );
      const first = await uploaded(app, cast.owner, storeId, text, { filename: 'stock.tsv' });
      expect(first).toMatchObject({ format: 'tsv', rowsChanged: 5, rowsFailed: 0 });
      const before = await storeShelf(db, storeId);

      clock.advance(10 * MINUTE);
      const second = await uploaded(app, cast.owner, storeId, text, { mode: 'full' });
      expect(second).toMatchObject({
        rowsChanged: 0,
        rowsUnchanged: 5,
        fileSha256: first.fileSha256,
      });
      const after = await storeShelf(db, storeId);
      const changedOffers = after.filter((o) => {
        const old = before.find((b) => b.offerId === o.offerId)!;
        return old.stockUpdatedAt.getTime() !== o.stockUpdatedAt.getTime();
      });
      // Only the offers missing from the file, zeroed by full mode (those already at 0 untouched).
      expect(changedOffers.every((o) => o.quantity === 0)).toBe(true);
      expect(changedOffers.map((o) => o.sku)).not.toContain('ITEM-0');
      const [onSale] = await db
        .select()
        .from(offers)
        .where(and(eq(offers.sku, 'ITEM-0'), eq(offers.businessId, storeId)));
      expect(onSale).toMatchObject({ priceAmount: 999, saleAmount: 799, quantity: 100 });

      // A third time, incremental: nothing at all.
      clock.advance(MINUTE);
      const third = await uploaded(app, cast.owner, storeId, text);
      expect(third).toMatchObject({ rowsChanged: 0, rowsUnchanged: 5, offersZeroed: 0 });
      expect(await storeShelf(db, storeId)).toEqual(after);
    });

    it('a file of bad rows only changes nothing and is still in the history', async () => {
      const { db, app, storeId, cast, shelf } = await world();
      const text = buildFeed(
        shelf.slice(0, 3).map((o) => offerFeedRow('not-us', { gtin: o.gtin }, { quantity: 77 })),
      );
      const report = await uploaded(app, cast.staff, storeId, text, { mode: 'full' });
      expect(report).toMatchObject({
        rowsTotal: 3,
        rowsFailed: 3,
        rowsChanged: 0,
        offersZeroed: 0,
      });
      expect(report.errors.map((e) => e.line)).toEqual([2, 3, 4]);
      expect(await storeShelf(db, storeId)).toEqual(shelf);
      const [recorded] = await db
        .select()
        .from(inventoryImports)
        .where(eq(inventoryImports.businessId, storeId))
        .orderBy(desc(inventoryImports.createdAt));
      expect(recorded).toMatchObject({
        id: report.id,
        rowsFailed: 3,
        uploadedBy: cast.staff.userId,
      });
    });

    it('lists the history newest first, 50 at a time, with a cursor to the older ones', async () => {
      const { db, app, storeId, cast } = await world();
      const base = {
        businessId: storeId,
        source: 'upload',
        mode: 'incremental',
        format: 'csv',
        fileSha256: 'ab'.repeat(32),
        rowsTotal: 1,
        rowsChanged: 1,
        rowsUnchanged: 0,
        rowsFailed: 0,
        errors: [],
        durationMs: 5,
        status: 'done' as const,
        rowsDone: 1,
      };
      await db.insert(inventoryImports).values(
        Array.from({ length: 52 }, (_, index) => ({
          ...base,
          filename: `feed-${index}.csv`,
          createdAt: new Date(CITY_NOW.getTime() - index * MINUTE),
          finishedAt: new Date(CITY_NOW.getTime() - index * MINUTE),
        })),
      );
      const owner = manageClient(app, cast.staff);
      const first = inventoryImportsResponse.parse(
        (await owner.get(managePaths.inventoryImports(storeId))).json(),
      ) as { results: InventoryImportSummary[]; result: { nextCursor: string | null } };
      expect(first.results).toHaveLength(50);
      expect(first.results[0]?.filename).toBe('feed-0.csv');
      expect(first.results[49]?.filename).toBe('feed-49.csv');
      expect(first.result.nextCursor).not.toBeNull();
      const second = inventoryImportsResponse.parse(
        (
          await owner.get(
            `${managePaths.inventoryImports(storeId)}?cursor=${first.result.nextCursor}`,
          )
        ).json(),
      ) as { results: InventoryImportSummary[]; result: { nextCursor: string | null } };
      expect(second.results.map((entry) => entry.filename)).toEqual(['feed-50.csv', 'feed-51.csv']);
      expect(second.result.nextCursor).toBeNull();
    });

    it('refuses what is not a feed with a clear 400', async () => {
      const { app, storeId, cast } = await world();
      const cases: [string | Buffer, string][] = [
        ['gtin,price\n1,2\n', inventoryMessages.missingColumns(['quantity or availability'])],
        ['store_code,id,quantity\n', inventoryMessages.noDataRows],
        [Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x10]), inventoryMessages.notText],
        [Buffer.alloc(0), inventoryMessages.fileMissing],
      ];
      for (const [text, message] of cases) {
        const response = await upload(app, cast.owner, storeId, text);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({ status: 0, message });
      }
      const badMode = await upload(app, cast.owner, storeId, 'store_code,id,quantity\nx,y,1\n', {
        mode: 'sideways' as 'full',
      });
      expect(badMode.statusCode).toBe(400);
    });

    it('refuses a feed over the size limit with 413, uploaded or pushed, and imports nothing', async () => {
      const { db, app, storeId, cast } = await world();
      const header = 'store_code,id,quantity\n';
      const tooBig = Buffer.concat([
        Buffer.from(header),
        Buffer.alloc(INVENTORY_FEED_MAX_BYTES + 1 - header.length, 'x'),
      ]);
      const uploadedBig = await upload(app, cast.owner, storeId, tooBig);
      expect(uploadedBig.statusCode).toBe(413);
      expect(uploadedBig.json()).toMatchObject({
        status: 0,
        message: inventoryMessages.fileTooLarge,
      });

      const created = await manageClient(app, cast.owner).post(managePaths.apiKeys(storeId), {
        name: 'Till system',
      });
      const key = createdApiKeyResponse.parse(created.json());
      if (key.status !== 1) throw new Error(key.message);
      const { secret } = key.result;
      const pushedBig = await app.inject({
        method: 'POST',
        url: `${managePaths.inventoryPush}?mode=full`,
        headers: { 'content-type': 'text/csv', authorization: `Bearer ${secret}` },
        payload: tooBig,
      });
      expect(pushedBig.statusCode).toBe(413);
      expect(pushedBig.json()).toMatchObject({ status: 0, message: commonMessages.bodyTooLarge });
      expect(
        await db.select().from(inventoryImports).where(eq(inventoryImports.businessId, storeId)),
      ).toEqual([]);
    });

    it('imports of one store run one after the other', async () => {
      const { db, storeId, identity } = await world();
      const products = await productsNotSoldBy(db, storeId, 3);
      const text = buildFeed(
        products.map((p, index) =>
          offerFeedRow(
            identity.storeCode,
            { sku: `RACE-${index}`, gtin: p.gtin },
            {
              quantity: 3,
              price: '2.00',
            },
          ),
        ),
      );
      const input = {
        businessId: storeId,
        bytes: Buffer.from(text),
        filename: 'race.csv',
        mode: 'incremental' as const,
        source: 'upload' as const,
        uploadedBy: null,
        apiKeyId: null,
        now: CITY_NOW,
      };
      // Both create the same new offers: without the lock one would hit the unique key.
      const results = await Promise.all([importFeed(db, input), importFeed(db, input)]);
      expect(results.map((r) => r.rowsChanged).sort()).toEqual([0, 3]);
      const shelf = await storeShelf(db, storeId);
      expect(shelf.filter((o) => o.sku?.startsWith('RACE-'))).toHaveLength(3);
    });

    it('API keys: the owner creates, lists and revokes them; a key pushes feeds', async () => {
      const { db, app, clock, storeId, cast, identity, shelf } = await world();
      const owner = manageClient(app, cast.owner);
      expect(
        (await manageClient(app, cast.staff).get(managePaths.apiKeys(storeId))).statusCode,
      ).toBe(403);
      expect((await owner.post(managePaths.apiKeys(storeId), {})).statusCode).toBe(400);

      const created = await owner.post(managePaths.apiKeys(storeId), { name: 'Till system' });
      expect(created.statusCode, created.body).toBe(201);
      const { result } = createdApiKeyResponse.parse(created.json()) as {
        result: { key: ApiKey; secret: string };
      };
      expect(result.secret).toMatch(/^lmk_[A-Za-z0-9_-]{43}$/);
      expect(result.key).toMatchObject({ name: 'Till system', lastUsedAt: null, revokedAt: null });
      expect(result.secret.startsWith(result.key.prefix)).toBe(true);
      const [stored] = await db
        .select()
        .from(storeApiKeys)
        .where(eq(storeApiKeys.id, result.key.id));
      expect(stored?.keyHash).not.toContain(result.secret);

      const push = (
        authorization: string | undefined,
        body: string,
        mode = 'incremental',
        type = 'text/csv',
      ) =>
        app.inject({
          method: 'POST',
          url: `${managePaths.inventoryPush}?mode=${mode}`,
          headers: {
            'content-type': type,
            ...(authorization === undefined ? {} : { authorization }),
          },
          payload: body,
        });
      const offer = shelf[0]!;
      const text = buildFeed(
        [offerFeedRow(identity.storeCode, { gtin: offer.gtin }, { quantity: 321 })],
        {
          format: 'tsv',
        },
      );

      clock.advance(MINUTE);
      const pushed = await push(
        `Bearer ${result.secret}`,
        text,
        'incremental',
        'text/tab-separated-values',
      );
      expect(pushed.statusCode, pushed.body).toBe(201);
      expect(inventoryImportResponse.parse(pushed.json())).toMatchObject({
        result: { source: 'api', format: 'tsv', rowsChanged: 1 },
      });
      expect(
        (await storeShelf(db, storeId)).find((o) => o.offerId === offer.offerId)?.quantity,
      ).toBe(321);
      const [recorded] = await db
        .select()
        .from(inventoryImports)
        .where(eq(inventoryImports.apiKeyId, result.key.id));
      expect(recorded).toMatchObject({ source: 'api', uploadedBy: null });

      const listed = await owner.get(managePaths.apiKeys(storeId));
      const keys = (apiKeysResponse.parse(listed.json()) as { results: ApiKey[] }).results;
      expect(keys).toEqual([
        expect.objectContaining({ id: result.key.id, lastUsedAt: clock.now().toISOString() }),
      ]);
      expect(JSON.stringify(keys)).not.toContain(result.secret);

      // 401: no key, a session token, an unknown key.
      for (const authorization of [undefined, `Bearer ${cast.owner.token}`, 'Bearer lmk_nope']) {
        const refused = await push(authorization, text);
        expect(refused.statusCode, String(authorization)).toBe(401);
        expect(refused.json()).toMatchObject({ status: 0 });
      }
      // A key with a body of the wrong type.
      expect(
        (await push(`Bearer ${result.secret}`, '{}', 'incremental', 'application/json')).statusCode,
      ).toBe(415);

      const revoked = await owner.delete(managePaths.apiKey(storeId, result.key.id));
      expect(revoked.statusCode, revoked.body).toBe(200);
      const afterRevoke = await push(`Bearer ${result.secret}`, text);
      expect(afterRevoke.statusCode).toBe(401);
      expect(afterRevoke.json()).toMatchObject({ message: inventoryMessages.apiKeyInvalid });
      expect(
        (await owner.delete(managePaths.apiKey(storeId, '00000000-0000-4000-8000-000000000001')))
          .statusCode,
      ).toBe(404);
    });
  });
}
