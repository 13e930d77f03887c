import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type FeedFetch,
  feedFetchesResponse,
  feedFetchMessages,
  feedFetchResponse,
  feedScheduleResponse,
  gtinCheckDigit,
  isFeedFetchFinished,
  managePaths,
} from '@localmart/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { inventoryImports, offers } from '../../../db/schema/index.ts';
import { MINUTE, testClock } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { manageCast, manageClient, type Person } from '../manage-test-support.ts';
import { buildFeed, storeShelf } from './inventory-test-support.ts';

/**
 * A local stand-in for a till system's feed address: serves `files` by path on 127.0.0.1 (the test
 * apps allow loopback over http with FEED_URL_ALLOW_INSECURE_LOOPBACK), counts the requests, and
 * can answer slowly or with an error.
 */
async function feedServer(files: Record<string, string | { status: number } | 'hang'>) {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const file = files[request.url ?? ''];
    if (file === 'hang') return; // never answers: the fetch's deadline ends it
    if (file === undefined || typeof file === 'object') {
      response.writeHead(typeof file === 'object' ? file.status : 404).end('no');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/csv' }).end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const UNKNOWN_BODY = '599999999998';
/** A GTIN-13 with a valid check digit that no demo product has. */
const UNKNOWN_GTIN = `${UNKNOWN_BODY}${gtinCheckDigit(UNKNOWN_BODY)}`;

for (const backend of testDatabases()) {
  describe(`scheduled feed fetch on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    useCatalogCity(getDb);
    const servers: { close: () => Promise<void> }[] = [];
    afterEach(async () => {
      await Promise.all(servers.splice(0).map((server) => server.close()));
    });

    let storesTaken = 0;
    async function world(
      env: Record<string, string> = { FEED_URL_ALLOW_INSECURE_LOOPBACK: 'true' },
    ) {
      const db = getDb().db;
      // Stores whose every item has a barcode, so a file can list any of them.
      const candidates = await db.execute(sql`select o.business_id as id from offers o
        join products p on p.id = o.product_id
        group by o.business_id having count(*) >= 6 and bool_and(p.gtin is not null)
        order by o.business_id desc`);
      const ids = (candidates as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
      // From the end of the list, a third of the way in: other feed test files take other stores.
      const storeId = ids[Math.floor(ids.length / 3) + storesTaken++];
      const otherStoreId = ids.at(-1);
      if (!storeId || !otherStoreId) throw new Error('not enough stores with offers');
      const clock = testClock(CITY_NOW);
      const app = await makeApp({
        now: clock.now,
        env: { RATE_LIMIT_MULTIPLIER: '100', ...env },
        jobs: { pollingIntervalSeconds: 0.5 },
        feedFetch: { timeoutMs: 1_500 },
      });
      const cast = await manageCast(db, CITY_NOW, { storeId, otherStoreId });
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
      if (shelf.length < 6) throw new Error('shelf too small');
      return { db, app, clock, storeId, cast, shelf };
    }

    async function putSchedule(
      app: FastifyInstance,
      who: Person,
      storeId: string,
      body: Record<string, unknown>,
    ) {
      return manageClient(app, who).put(managePaths.inventoryFeedSchedule(storeId), body);
    }

    async function history(app: FastifyInstance, who: Person, storeId: string) {
      const response = await manageClient(app, who).get(managePaths.inventoryFeedFetches(storeId));
      expect(response.statusCode, response.body).toBe(200);
      const answer = feedFetchesResponse.parse(response.json());
      if (answer.status !== 1) throw new Error(answer.message);
      return answer.results;
    }

    /** Waits, as the page polls, until the newest run is finished. */
    async function finishedRun(app: FastifyInstance, who: Person, storeId: string) {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const [newest] = await history(app, who, storeId);
        if (newest && isFeedFetchFinished(newest.status)) return newest;
        if (Date.now() > deadline) throw new Error(`run still ${newest?.status ?? 'absent'}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    async function fetchNow(
      app: FastifyInstance,
      who: Person,
      storeId: string,
    ): Promise<FeedFetch> {
      const response = await manageClient(app, who).post(managePaths.inventoryFeedFetches(storeId));
      expect(response.statusCode, response.body).toBe(202);
      const answer = feedFetchResponse.parse(response.json());
      if (answer.status !== 1) throw new Error(answer.message);
      expect(answer.message).toBe(feedFetchMessages.fetchQueued);
      return answer.result;
    }

    it('a due hourly feed is fetched by the cron job, applied, and recorded in the history', async () => {
      const { db, app, clock, storeId, cast, shelf } = await world();
      const [changed, same] = shelf;
      const feed = await feedServer({
        '/stock.csv': buildFeed([
          { gtin: changed!.gtin, quantity: 9, price: '$5.00' },
          { gtin: same!.gtin, quantity: 5, price: '5.00' },
          { gtin: UNKNOWN_GTIN, quantity: 1, price: '1.00' },
        ]),
      });
      servers.push(feed);

      const saved = await putSchedule(app, cast.owner, storeId, {
        url: feed.url('/stock.csv'),
        schedule: 'hourly',
        mode: 'incremental',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const schedule = feedScheduleResponse.parse(saved.json());
      if (schedule.status !== 1) throw new Error(schedule.message);
      expect(schedule.result).toMatchObject({ schedule: 'hourly', mode: 'incremental' });
      expect(schedule.result.nextFetchAt).toBe(
        new Date(CITY_NOW.getTime() + 60 * MINUTE).toISOString(),
      );
      // Staff see the schedule, and cannot change it.
      const staffView = await manageClient(app, cast.staff).get(
        managePaths.inventoryFeedSchedule(storeId),
      );
      expect(feedScheduleResponse.parse(staffView.json())).toMatchObject({
        status: 1,
        result: { url: feed.url('/stock.csv') },
      });
      const staffPut = await putSchedule(app, cast.staff, storeId, {
        url: feed.url('/stock.csv'),
        schedule: 'off',
        mode: 'incremental',
      });
      expect(staffPut.statusCode).toBe(403);

      // Not due yet: the cron queues nothing, the stand-in is not called.
      expect(await app.feedFetches.queueDue(app.now())).toBe(0);
      clock.advance(61 * MINUTE);
      expect(await app.feedFetches.queueDue(app.now())).toBe(1);
      // The same slot twice (two processes' cron): nothing more is queued.
      expect(await app.feedFetches.queueDue(app.now())).toBe(0);

      const run = await finishedRun(app, cast.staff, storeId);
      expect(run).toMatchObject({
        trigger: 'schedule',
        status: 'applied',
        mode: 'incremental',
        newItems: 0,
        updated: 1,
        outOfStock: 0,
        errors: 1,
        message: null,
      });
      expect(run.startedAt).not.toBeNull();
      expect(run.finishedAt).not.toBeNull();
      expect(feed.requests).toEqual(['/stock.csv']);
      const [offer] = await db.select().from(offers).where(eq(offers.id, changed!.offerId));
      expect(offer?.quantity).toBe(9);
      // The import it made holds the bad row (the page's errors CSV) and says where it came from.
      const [made] = await db
        .select()
        .from(inventoryImports)
        .where(eq(inventoryImports.id, run.importId!));
      expect(made).toMatchObject({ source: 'url', status: 'done', filename: 'stock.csv' });
      expect(made!.errors.some((error) => error.reason.includes(UNKNOWN_GTIN))).toBe(true);
      // The next run is an hour after this one.
      const after = feedScheduleResponse.parse(
        (
          await manageClient(app, cast.owner).get(managePaths.inventoryFeedSchedule(storeId))
        ).json(),
      );
      expect(after.status === 1 && after.result.nextFetchAt).toBe(
        new Date(clock.now().getTime() + 60 * MINUTE).toISOString(),
      );
    });

    it('a failing address records a failed run in words; Fetch now is the owner’s', async () => {
      const { app, clock, storeId, cast } = await world();
      const feed = await feedServer({ '/gone.csv': { status: 404 }, '/slow.csv': 'hang' });
      servers.push(feed);
      const saved = await putSchedule(app, cast.owner, storeId, {
        url: feed.url('/gone.csv'),
        schedule: 'off',
        mode: 'incremental',
      });
      expect(saved.statusCode, saved.body).toBe(200);

      const staffFetch = await manageClient(app, cast.staff).post(
        managePaths.inventoryFeedFetches(storeId),
      );
      expect(staffFetch.statusCode).toBe(403);

      const queued = await fetchNow(app, cast.owner, storeId);
      expect(queued).toMatchObject({ trigger: 'manual', status: 'queued' });
      const gone = await finishedRun(app, cast.owner, storeId);
      expect(gone).toMatchObject({
        id: queued.id,
        status: 'failed',
        importId: null,
        message: feedFetchMessages.status(404),
      });

      await putSchedule(app, cast.owner, storeId, {
        url: feed.url('/slow.csv'),
        schedule: 'daily',
        mode: 'incremental',
      });
      clock.advance(MINUTE); // the history is newest first by the time a run was asked for
      await fetchNow(app, cast.owner, storeId);
      // A second press while it runs is refused in words.
      const again = await manageClient(app, cast.owner).post(
        managePaths.inventoryFeedFetches(storeId),
      );
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ status: 0, message: feedFetchMessages.alreadyRunning });
      const slow = await finishedRun(app, cast.owner, storeId);
      expect(slow).toMatchObject({ status: 'failed', message: feedFetchMessages.timeout(2) });

      // A file that is not a feed: the parser's words.
      const notFeed = await feedServer({ '/page.csv': 'hello,world\nnot,a feed\n' });
      servers.push(notFeed);
      await putSchedule(app, cast.owner, storeId, {
        url: notFeed.url('/page.csv'),
        schedule: 'daily',
        mode: 'incremental',
      });
      clock.advance(MINUTE);
      await fetchNow(app, cast.owner, storeId);
      const refused = await finishedRun(app, cast.owner, storeId);
      expect(refused.status).toBe('failed');
      expect(refused.message).toMatch(/missing these columns/);

      const runs = await history(app, cast.staff, storeId);
      expect(runs.map((entry) => entry.id)[2]).toBe(queued.id); // newest first
    });

    it('http, credentials and private or loopback addresses are refused in words', async () => {
      // Without FEED_URL_ALLOW_INSECURE_LOOPBACK, as in production.
      const { app, storeId, cast } = await world({});
      const cases: [string, string][] = [
        ['http://feeds.example.com/stock.csv', feedFetchMessages.urlNotHttps],
        ['https://till:secret@feeds.example.com/stock.csv', feedFetchMessages.urlCredentials],
        ['https://10.1.2.3/stock.csv', feedFetchMessages.urlPrivate],
        ['https://192.168.0.10/stock.csv', feedFetchMessages.urlPrivate],
        ['https://169.254.169.254/latest/meta-data', feedFetchMessages.urlPrivate],
        ['https://[::1]/stock.csv', feedFetchMessages.urlPrivate],
        ['http://127.0.0.1:8080/stock.csv', feedFetchMessages.urlPrivate],
        ['https://localhost/stock.csv', feedFetchMessages.urlPrivate],
        ['https://till.internal/stock.csv', feedFetchMessages.urlPrivate],
        ['ftp://feeds.example.com/stock.csv', feedFetchMessages.urlInvalid],
        ['stock.csv', feedFetchMessages.urlInvalid],
      ];
      for (const [url, message] of cases) {
        const response = await putSchedule(app, cast.owner, storeId, {
          url,
          schedule: 'hourly',
          mode: 'incremental',
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json(), url).toMatchObject({ status: 0, message });
      }
      const accepted = await putSchedule(app, cast.owner, storeId, {
        url: 'https://feeds.example.com/stock.csv',
        schedule: 'hourly',
        mode: 'incremental',
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
    });

    it('a Full schedule is confirmed once; a run setting more than half the items out of stock is held, one setting fewer is applied', async () => {
      const { db, app, clock, storeId, cast, shelf } = await world();
      const inStock = shelf.length;
      const [kept] = shelf;
      // Lists one item: all the others would go out of stock, more than half.
      const few = buildFeed([{ gtin: kept!.gtin, quantity: 7, price: '5.00' }]);
      // Lists all but one: one item goes out of stock.
      const most = buildFeed(
        shelf.slice(0, -1).map((item) => ({ gtin: item.gtin, quantity: 6, price: '5.00' })),
      );
      const feed = await feedServer({ '/few.csv': few, '/most.csv': most });
      servers.push(feed);

      const unconfirmed = await putSchedule(app, cast.owner, storeId, {
        url: feed.url('/few.csv'),
        schedule: 'daily',
        mode: 'full',
      });
      expect(unconfirmed.statusCode).toBe(400);
      expect(unconfirmed.json()).toMatchObject({ message: feedFetchMessages.confirmFull });
      const confirmed = await putSchedule(app, cast.owner, storeId, {
        url: feed.url('/few.csv'),
        schedule: 'daily',
        mode: 'full',
        confirmFull: true,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(feedScheduleResponse.parse(confirmed.json())).toMatchObject({
        result: { mode: 'full', fullConfirmedAt: CITY_NOW.toISOString() },
      });
      // Saved again with the same address: the confirmation stays.
      const resaved = await putSchedule(app, cast.owner, storeId, {
        url: feed.url('/few.csv'),
        schedule: 'hourly',
        mode: 'full',
      });
      expect(resaved.statusCode, resaved.body).toBe(200);

      await fetchNow(app, cast.owner, storeId);
      const held = await finishedRun(app, cast.owner, storeId);
      expect(held).toMatchObject({
        status: 'held',
        outOfStock: inStock - 1,
        message: feedFetchMessages.held(inStock - 1, inStock),
      });
      // Nothing written: every item still in stock; the preview waits for the owner's review.
      const zeroed = await db
        .select()
        .from(offers)
        .where(and(eq(offers.businessId, storeId), eq(offers.quantity, 0)));
      expect(zeroed).toHaveLength(0);
      const [preview] = await db
        .select()
        .from(inventoryImports)
        .where(eq(inventoryImports.id, held.importId!));
      expect(preview?.status).toBe('preview');

      // A new address asks for the confirmation again.
      const moved = await putSchedule(app, cast.owner, storeId, {
        url: feed.url('/most.csv'),
        schedule: 'hourly',
        mode: 'full',
      });
      expect(moved.statusCode).toBe(400);
      await putSchedule(app, cast.owner, storeId, {
        url: feed.url('/most.csv'),
        schedule: 'hourly',
        mode: 'full',
        confirmFull: true,
      });
      clock.advance(MINUTE);
      await fetchNow(app, cast.owner, storeId);
      const applied = await finishedRun(app, cast.owner, storeId);
      expect(applied).toMatchObject({ status: 'applied', outOfStock: 1, errors: 0 });
      const left = await db
        .select()
        .from(offers)
        .where(and(eq(offers.businessId, storeId), ne(offers.quantity, 0)));
      expect(left).toHaveLength(inStock - 1);
    });
  });
}
