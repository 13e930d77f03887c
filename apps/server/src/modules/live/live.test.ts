import { liveMessages, livePaths } from '@localmart/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { liveEvents } from '../../db/schema/live.ts';
import { useTestApp } from '../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../test/databases.ts';
import { manageCast, person } from '../manage/manage-test-support.ts';
import { openStream, type TestStream } from './live-test-support.ts';
import { deleteOldLiveEvents } from './live.plugin.ts';
import { publishLive, storeAudience, userAudience } from './publish-live.ts';

const quiet = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

const message = (businessId: string, messageId: string) =>
  ({ kind: 'message.received', businessId, messageId }) as const;

for (const backend of testDatabases()) {
  describe(`live events on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const city = useCatalogCity(getDb);
    const makeApp = useTestApp(getDb);

    async function world(env: Record<string, string> = {}) {
      const app = await makeApp({ now: () => CITY_NOW, env });
      const [store, otherStore] = city().businesses;
      const cast = await manageCast(getDb().db, CITY_NOW, {
        storeId: store!.id,
        otherStoreId: otherStore!.id,
      });
      const otherShopper = await person(getDb().db, CITY_NOW, { name: 'Tess' });
      const base = await listening(app);
      return { app, base, storeId: store!.id, otherStoreId: otherStore!.id, otherShopper, ...cast };
    }

    it('delivers after commit, to its audience only; a rolled-back event never leaves', async () => {
      const w = await world();
      const streams: Record<string, TestStream> = {
        owner: await openStream(w.base, livePaths.storeEvents(w.storeId), { token: w.owner.token }),
        staff: await openStream(w.base, livePaths.storeEvents(w.storeId), { token: w.staff.token }),
        otherStore: await openStream(w.base, livePaths.storeEvents(w.otherStoreId), {
          token: w.otherStaff.token,
        }),
        shopper: await openStream(w.base, livePaths.shopperEvents, { token: w.shopper.token }),
        otherShopper: await openStream(w.base, livePaths.shopperEvents, {
          token: w.otherShopper.token,
        }),
      };
      for (const stream of Object.values(streams)) expect(stream.status).toBe(200);
      await quiet(100);

      const db = getDb().db;
      await expect(
        db.transaction(async (tx) => {
          await publishLive(tx, storeAudience(w.storeId), message(w.storeId, 'rolled-back'));
          await publishLive(tx, userAudience(w.shopper.userId), {
            kind: 'notification.created',
            notificationId: 'rolled-back',
          });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      let committedAt = 0;
      await db.transaction(async (tx) => {
        await publishLive(tx, storeAudience(w.storeId), message(w.storeId, 'm1'));
        await publishLive(tx, userAudience(w.shopper.userId), {
          kind: 'notification.created',
          notificationId: 'n1',
        });
        // Nothing leaves before the commit.
        await quiet(150);
        expect(streams.owner!.events).toEqual([]);
        committedAt = Date.now();
      });

      const [ownerEvent] = await streams.owner!.received(1);
      const [staffEvent] = await streams.staff!.received(1);
      const [shopperEvent] = await streams.shopper!.received(1);
      console.warn(
        `[live ${backend.name}] commit -> receipt ${Date.now() - committedAt} ms (owner, staff, shopper)`,
      );
      expect(ownerEvent).toMatchObject({ data: message(w.storeId, 'm1') });
      expect(staffEvent!.id).toBe(ownerEvent!.id);
      expect(shopperEvent).toMatchObject({
        data: { kind: 'notification.created', notificationId: 'n1' },
      });
      expect(new Date(ownerEvent!.at).toISOString()).toBe(ownerEvent!.at);
      await quiet(300);
      expect(streams.otherStore!.events).toEqual([]);
      expect(streams.otherShopper!.events).toEqual([]);
      expect(streams.owner!.events).toHaveLength(1);
      expect(streams.shopper!.events).toHaveLength(1);
      const stored = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(liveEvents)
        .where(sql`${liveEvents.data}->>'messageId' = 'rolled-back'`);
      expect(stored[0]!.n).toBe(0);
      for (const stream of Object.values(streams)) stream.close();
    });

    it('catches a reconnecting client up from Last-Event-ID or ?after=, without gaps or duplicates', async () => {
      const w = await world();
      const path = livePaths.storeEvents(w.storeId);
      const db = getDb().db;
      const publish = (id: string) =>
        db.transaction((tx) => publishLive(tx, storeAudience(w.storeId), message(w.storeId, id)));

      const first = await openStream(w.base, path, { token: w.owner.token });
      await quiet(100);
      await publish('c1');
      const [seen] = await first.received(1);
      first.close();
      // While disconnected: two for this store, one for another.
      await publish('c2');
      await db.transaction((tx) =>
        publishLive(tx, storeAudience(w.otherStoreId), message(w.otherStoreId, 'other')),
      );
      await publish('c3');

      const again = await openStream(w.base, path, {
        token: w.owner.token,
        lastEventId: seen!.id,
      });
      const caughtUp = await again.received(2);
      expect(caughtUp.map((e) => (e.data as { messageId: string }).messageId)).toEqual([
        'c2',
        'c3',
      ]);
      await publish('c4');
      const all = await again.received(3);
      expect(all.map((e) => (e.data as { messageId: string }).messageId)).toEqual([
        'c2',
        'c3',
        'c4',
      ]);
      await quiet(200);
      expect(again.events).toHaveLength(3);
      again.close();

      // A reloaded page passes the last id it stored as ?after=.
      const reloaded = await openStream(w.base, path, { token: w.owner.token, after: seen!.id });
      expect(
        (await reloaded.received(3)).map((e) => (e.data as { messageId: string }).messageId),
      ).toEqual(['c2', 'c3', 'c4']);
      reloaded.close();
    });

    it('answers a bad cursor 400, a non-member 403, an anonymous caller 401, a plain fetch 406', async () => {
      const w = await world();
      const storePath = livePaths.storeEvents(w.storeId);
      const get = (url: string, headers: Record<string, string>) =>
        w.app.inject({
          method: 'GET',
          url,
          headers: { accept: 'text/event-stream', ...headers },
        });
      const owner = { authorization: `Bearer ${w.owner.token}` };
      for (const bad of ['abc', '-1', '1.5', '99999999999999999999', '9223372036854775808', '']) {
        const byQuery = await get(`${storePath}?after=${encodeURIComponent(bad)}`, owner);
        expect(byQuery.statusCode, `after=${bad}`).toBe(400);
        expect(byQuery.json()).toEqual({ status: 0, message: liveMessages.badCursor });
      }
      const byHeader = await get(livePaths.shopperEvents, {
        authorization: `Bearer ${w.shopper.token}`,
        'last-event-id': 'x1',
      });
      expect(byHeader.statusCode).toBe(400);
      expect(byHeader.json()).toEqual({ status: 0, message: liveMessages.badCursor });

      expect(
        (await get(storePath, { authorization: `Bearer ${w.otherStaff.token}` })).statusCode,
      ).toBe(403);
      expect(
        (await get(storePath, { authorization: `Bearer ${w.shopper.token}` })).statusCode,
      ).toBe(403);
      expect((await get(storePath, {})).statusCode).toBe(401);
      expect((await get(livePaths.shopperEvents, {})).statusCode).toBe(401);
      const plain = await w.app.inject({ method: 'GET', url: storePath, headers: owner });
      expect(plain.statusCode).toBe(406);
      expect(plain.json()).toEqual({ status: 0, message: liveMessages.notAStreamRequest });
    });

    it('streams past REQUEST_TIMEOUT_MS, uncompressed and unbuffered, and ends on shutdown', async () => {
      const w = await world({ REQUEST_TIMEOUT_MS: '1000' });
      const response = await fetch(`${w.base}${livePaths.shopperEvents}`, {
        headers: {
          accept: 'text/event-stream',
          authorization: `Bearer ${w.shopper.token}`,
          'accept-encoding': 'gzip, br',
        },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(response.headers.get('x-accel-buffering')).toBe('no');
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('cache-control')).toBe('no-store');
      response.body?.cancel().catch(() => undefined);

      const stream = await openStream(w.base, livePaths.shopperEvents, { token: w.shopper.token });
      await quiet(2_500);
      await getDb().db.transaction((tx) =>
        publishLive(tx, userAudience(w.shopper.userId), {
          kind: 'notification.created',
          notificationId: 'late',
        }),
      );
      expect((await stream.next()).data).toEqual({
        kind: 'notification.created',
        notificationId: 'late',
      });
      const started = Date.now();
      await w.app.close();
      await stream.ended;
      expect(Date.now() - started).toBeLessThan(3_000);
    });

    it('deletes events past their retention', async () => {
      const db = getDb().db;
      await db.transaction((tx) =>
        publishLive(tx, userAudience('00000000-0000-4000-8000-000000000000'), {
          kind: 'notification.created',
          notificationId: 'old',
        }),
      );
      const future = new Date(Date.now() + 49 * 3_600_000);
      expect(await deleteOldLiveEvents(db, future)).toBeGreaterThan(0);
      const [left] = await db.select({ n: sql<number>`count(*)::int` }).from(liveEvents);
      expect(left!.n).toBe(0);
    });
  });
}
