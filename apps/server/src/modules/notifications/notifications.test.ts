import { randomUUID } from 'node:crypto';
import { livePaths } from '@localmart/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { liveEvents } from '../../db/schema/live.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { useTestApp } from '../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../test/databases.ts';
import { queuedJobs } from '../../test/jobs.ts';
import { shopperClient, signedInShopper } from '../commerce/cart/commerce-test-support.ts';
import { insertOrder } from '../commerce/orders/commerce-orders-test-support.ts';
import { transitionOrder } from '../commerce/orders/order-transitions.ts';
import { PUSH_QUEUE } from './push-queue.ts';

for (const backend of testDatabases()) {
  describe(`shopper notifications on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const city = useCatalogCity(getDb);
    const testApp = useTestApp(() => getDb());

    async function placedOrder(userId: string) {
      const offer = [...city().offers].find((candidate) => candidate.quantity >= 5)!;
      const store = city().businesses.find((b) => b.id === offer.businessId)!;
      const { orderId } = await insertOrder(getDb().db, {
        userId,
        businessId: offer.businessId,
        offerId: offer.id,
        status: 'placed',
        fulfilment: 'reserve_pickup',
        now: CITY_NOW,
      });
      return { orderId, storeName: store.name };
    }

    it('writes one notification per change the shopper should hear of, in its transaction', async () => {
      const app = await testApp();
      const db = getDb().db;
      const shopper = await signedInShopper(db, CITY_NOW);
      const { orderId, storeName } = await placedOrder(shopper.userId);
      const at = (minutes: number) => new Date(CITY_NOW.getTime() + minutes * 60_000);
      await transitionOrder(db, {
        orderId,
        to: 'accepted',
        actor: 'store',
        now: at(1),
        jobs: app.jobs,
      });
      await transitionOrder(db, {
        orderId,
        to: 'ready_for_pickup',
        actor: 'store',
        now: at(2),
        jobs: app.jobs,
      });
      // A move that fails leaves no notification behind (same transaction).
      await expect(
        transitionOrder(db, { orderId, to: 'accepted', actor: 'store', now: at(3) }),
      ).rejects.toMatchObject({ statusCode: 409 });

      const rows = await db.select().from(notifications).where(eq(notifications.orderId, orderId));
      expect(rows.map((row) => row.kind).sort()).toEqual(['order_accepted', 'order_ready']);
      const ready = rows.find((row) => row.kind === 'order_ready')!;
      expect(ready.title).toBe('Ready for pickup');
      expect(ready.body).toContain(storeName);
      expect(ready.link).toBe(`/order-details/${orderId}`);
      // Each notification is announced on the shopper's own stream, in its transaction: the failed
      // move above left no event behind.
      const told = await db
        .select({ data: liveEvents.data })
        .from(liveEvents)
        .where(eq(liveEvents.audience, `user:${shopper.userId}`));
      expect(
        told.map((row) => row.data).filter((data) => data.kind === 'notification.created'),
      ).toEqual(
        rows
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
          .map((row) => ({ kind: 'notification.created', notificationId: row.id })),
      );
      // No device registered: no push job.
      expect(await queuedJobs(db, PUSH_QUEUE, { notificationId: ready.id })).toEqual([]);

      // The shopper's own cancel is not told back to them.
      const second = await placedOrder(shopper.userId);
      await transitionOrder(db, {
        orderId: second.orderId,
        to: 'cancelled',
        actor: 'shopper',
        now: at(4),
      });
      expect(
        await db.select().from(notifications).where(eq(notifications.orderId, second.orderId)),
      ).toEqual([]);
    });

    it('lists only the signed-in user’s own notifications and marks them read', async () => {
      const app = await testApp();
      const db = getDb().db;
      const sam = await signedInShopper(db, CITY_NOW);
      const kim = await signedInShopper(db, CITY_NOW);
      const samOrder = await placedOrder(sam.userId);
      const kimOrder = await placedOrder(kim.userId);
      for (const { orderId } of [samOrder, kimOrder]) {
        await transitionOrder(db, { orderId, to: 'accepted', actor: 'store', now: CITY_NOW });
      }
      const anonymous = await app.inject({ method: 'GET', url: livePaths.notifications });
      expect(anonymous.statusCode).toBe(401);

      const samClient = shopperClient(app, sam);
      const kimClient = shopperClient(app, kim);
      const list = (await samClient.get(livePaths.notifications)).json();
      expect(list.result.unread).toBe(1);
      expect(list.result.notifications).toHaveLength(1);
      expect(list.result.notifications[0]).toMatchObject({
        kind: 'order_accepted',
        title: 'Order accepted',
        link: `/order-details/${samOrder.orderId}`,
        readAt: null,
      });
      const kimId = (await kimClient.get(livePaths.notifications)).json().result.notifications[0]
        .id;

      // Sam cannot mark Kim's: ignored, Kim's stays unread.
      const foreign = await samClient.post(livePaths.notificationsRead, { ids: [kimId] });
      expect(foreign.statusCode).toBe(200);
      expect((await kimClient.get(livePaths.notifications)).json().result.unread).toBe(1);

      const strict = await samClient.post(livePaths.notificationsRead, { all: true, extra: 1 });
      expect(strict.statusCode).toBe(400);

      const read = await samClient.post(livePaths.notificationsRead, {
        ids: [list.result.notifications[0].id],
      });
      expect(read.json().result.unread).toBe(0);
      expect(read.json().result.notifications[0].readAt).not.toBeNull();

      const all = await kimClient.post(livePaths.notificationsRead, { all: true });
      expect(all.json()).toMatchObject({ message: 'All notifications are marked as read.' });
      expect(all.json().result.unread).toBe(0);
    });

    it('keeps push devices per user: register, list, remove own only, refuse internal addresses', async () => {
      const app = await testApp();
      const db = getDb().db;
      const sam = shopperClient(app, await signedInShopper(db, CITY_NOW));
      const kim = shopperClient(app, await signedInShopper(db, CITY_NOW));
      const keys = {
        p256dh:
          'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      };

      expect((await sam.get(livePaths.pushKey)).json().result.publicKey).toMatch(/^[\w-]{87}$/);

      for (const endpoint of [
        'http://push.example.com/x',
        'https://127.0.0.1/x',
        'https://10.1.2.3/x',
        'https://[::1]/x',
        'https://169.254.169.254/latest',
        'https://localhost/x',
        'https://metadata.internal/x',
      ]) {
        const refused = await sam.post(livePaths.pushSubscriptions, { endpoint, keys });
        expect(refused.statusCode, endpoint).toBe(400);
      }

      const endpoint = `https://push.example.com/send/${randomUUID()}`;
      const added = await sam.post(livePaths.pushSubscriptions, {
        endpoint,
        keys,
        label: 'Chrome on Linux',
      });
      expect(added.statusCode).toBe(201);
      const device = added.json().result;
      expect(device).toMatchObject({ kind: 'web', label: 'Chrome on Linux', lastSuccessAt: null });
      const native = await sam.post(livePaths.pushSubscriptions, {
        kind: 'fcm',
        token: `fcm-${randomUUID()}`,
      });
      expect(native.statusCode).toBe(201);

      expect((await sam.get(livePaths.pushSubscriptions)).json().result).toHaveLength(2);
      expect((await kim.get(livePaths.pushSubscriptions)).json().result).toEqual([]);
      expect((await kim.delete(livePaths.pushSubscription(device.id))).statusCode).toBe(404);
      expect((await sam.delete(livePaths.pushSubscription('not-a-uuid'))).statusCode).toBe(404);
      expect((await sam.delete(livePaths.pushSubscription(device.id))).statusCode).toBe(200);
      expect((await sam.get(livePaths.pushSubscriptions)).json().result).toHaveLength(1);
    });
  });
}
