import {
  illegalTransitionMessage,
  type LiveEventData,
  type OrderStatus,
} from '@localmart/contract';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses } from '../../db/schema/catalog.ts';
import { orders } from '../../db/schema/commerce.ts';
import { liveEvents } from '../../db/schema/live.ts';
import { CITY_NOW, useCatalogCity } from '../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../test/databases.ts';
import { signedInShopper } from '../commerce/cart/commerce-test-support.ts';
import { insertOrder } from '../commerce/orders/commerce-orders-test-support.ts';
import { transitionOrder } from '../commerce/orders/order-transitions.ts';

/**
 * The live events of an order's moves (order-events.ts, called by transitionOrder in the move's
 * transaction): what the store and the shopper hear, and that a move that rolls back leaves none.
 */
for (const backend of testDatabases()) {
  describe(`order live events on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const city = useCatalogCity(getDb);
    const later = (minutes: number) => new Date(CITY_NOW.getTime() + minutes * 60_000);

    async function world() {
      const db = getDb().db;
      const shopper = await signedInShopper(db, CITY_NOW);
      const offer = [...city().offers].find((candidate) => candidate.quantity >= 5)!;
      const [store] = await db
        .select({ name: businesses.name })
        .from(businesses)
        .where(eq(businesses.id, offer.businessId));
      const order = async (status: OrderStatus) => {
        const { orderId } = await insertOrder(db, {
          userId: shopper.userId,
          businessId: offer.businessId,
          offerId: offer.id,
          quantity: 3,
          status,
          fulfilment: 'reserve_pickup',
          now: CITY_NOW,
        });
        const [row] = await db
          .select({ number: orders.number })
          .from(orders)
          .where(eq(orders.id, orderId));
        return { orderId, number: row!.number };
      };
      /** Every live event of this order, per audience, in id order. */
      const eventsOf = async (orderId: string) => {
        const rows = await db
          .select({ audience: liveEvents.audience, data: liveEvents.data })
          .from(liveEvents)
          .orderBy(asc(liveEvents.id));
        const mine = rows.filter((row) => 'orderId' in row.data && row.data.orderId === orderId);
        const of = (audience: string) =>
          mine.filter((row) => row.audience === audience).map((row) => row.data);
        return {
          all: mine,
          store: of(`store:${offer.businessId}`),
          shopper: of(`user:${shopper.userId}`),
        };
      };
      const countAll = async () => (await db.select().from(liveEvents)).length;
      return { db, shopper, offer, storeName: store!.name, order, eventsOf, countAll };
    }

    it('placed: order.placed to the store with items, total and deadline; nothing to the store before', async () => {
      const { db, offer, storeName, order, eventsOf } = await world();
      const unpaid = await order('awaiting_payment');
      // Sitting in awaiting_payment (the shopper at the payment page): no event for anyone.
      expect((await eventsOf(unpaid.orderId)).all).toEqual([]);

      await transitionOrder(db, {
        orderId: unpaid.orderId,
        to: 'placed',
        actor: 'system',
        now: CITY_NOW,
      });
      const [row] = await db
        .select({ responseDueAt: orders.responseDueAt })
        .from(orders)
        .where(eq(orders.id, unpaid.orderId));
      expect(row!.responseDueAt).not.toBeNull();
      const events = await eventsOf(unpaid.orderId);
      expect(events.store).toEqual([
        {
          kind: 'order.placed',
          businessId: offer.businessId,
          orderId: unpaid.orderId,
          number: unpaid.number,
          status: 'placed',
          itemCount: 3,
          totalAmount: 1130,
          currency: 'CAD',
          responseDueAt: row!.responseDueAt!.toISOString(),
        } satisfies LiveEventData,
      ]);
      expect(events.shopper.filter((data) => data.kind === 'order.status')).toEqual([
        {
          kind: 'order.status',
          orderId: unpaid.orderId,
          number: unpaid.number,
          status: 'placed',
          storeName,
        },
      ]);
      // Nothing else, to anyone, about this order.
      expect(events.all).toHaveLength(events.store.length + events.shopper.length);
    });

    it("the shopper's unpaid order ending (payment failed, cancelled) tells the shopper only, never the store", async () => {
      const { db, order, eventsOf } = await world();
      const failed = await order('awaiting_payment');
      await transitionOrder(db, {
        orderId: failed.orderId,
        to: 'payment_failed',
        actor: 'system',
        now: later(1),
      });
      const cancelled = await order('awaiting_payment');
      await transitionOrder(db, {
        orderId: cancelled.orderId,
        to: 'cancelled',
        actor: 'shopper',
        now: later(1),
      });
      for (const [one, status] of [
        [failed, 'payment_failed'],
        [cancelled, 'cancelled'],
      ] as const) {
        const events = await eventsOf(one.orderId);
        expect(events.store, status).toEqual([]);
        expect(
          events.shopper.filter((data) => data.kind === 'order.status'),
          status,
        ).toMatchObject([{ kind: 'order.status', orderId: one.orderId, status }]);
      }
    });

    it('accepted: order.updated to the store, order.status to the shopper', async () => {
      const { db, offer, storeName, order, eventsOf } = await world();
      const one = await order('awaiting_payment');
      await transitionOrder(db, {
        orderId: one.orderId,
        to: 'placed',
        actor: 'system',
        now: CITY_NOW,
      });
      const before = await eventsOf(one.orderId);
      await transitionOrder(db, {
        orderId: one.orderId,
        to: 'accepted',
        actor: 'store',
        businessId: offer.businessId,
        now: later(5),
      });
      const after = await eventsOf(one.orderId);
      expect(after.store.slice(before.store.length)).toEqual([
        {
          kind: 'order.updated',
          businessId: offer.businessId,
          orderId: one.orderId,
          number: one.number,
          status: 'accepted',
        } satisfies LiveEventData,
      ]);
      expect(
        after.shopper.slice(before.shopper.length).filter((data) => data.kind === 'order.status'),
      ).toEqual([
        {
          kind: 'order.status',
          orderId: one.orderId,
          number: one.number,
          status: 'accepted',
          storeName,
        },
      ]);
    });

    it('a move that rolls back leaves no live event: refused as illegal, or its wrapping transaction throws', async () => {
      const { db, offer, order, countAll } = await world();
      const one = await order('placed');
      const start = await countAll();

      // Illegal: a placed order cannot be completed.
      await expect(
        transitionOrder(db, {
          orderId: one.orderId,
          to: 'completed',
          actor: 'store',
          businessId: offer.businessId,
          now: later(1),
        }),
      ).rejects.toMatchObject({
        statusCode: 409,
        message: illegalTransitionMessage('placed', 'completed'),
      });
      expect(await countAll()).toBe(start);

      // Legal, and its events written (a savepoint inside the caller's transaction), but the caller
      // then fails: the move and its events go together.
      let writtenInside = 0;
      await expect(
        db.transaction(async (tx) => {
          await transitionOrder(tx, {
            orderId: one.orderId,
            to: 'accepted',
            actor: 'store',
            businessId: offer.businessId,
            now: later(1),
          });
          writtenInside = (await tx.select().from(liveEvents)).length - start;
          throw new Error('the caller failed after the move');
        }),
      ).rejects.toThrow('the caller failed after the move');
      expect(writtenInside).toBeGreaterThanOrEqual(2);
      expect(await countAll()).toBe(start);
      const [row] = await db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, one.orderId));
      expect(row!.status).toBe('placed');

      // Legal, but the wrapping transaction throws inside transitionOrder's own: the same.
      const two = await order('awaiting_payment');
      await expect(
        db.transaction(async (tx) => {
          await transitionOrder(tx, {
            orderId: two.orderId,
            to: 'placed',
            actor: 'system',
            now: later(2),
          });
          await transitionOrder(tx, {
            orderId: two.orderId,
            to: 'refunded',
            actor: 'store',
            now: later(2),
          });
        }),
      ).rejects.toMatchObject({ statusCode: 409 });
      expect(await countAll()).toBe(start);
    });
  });
}
