import {
  canTransition,
  FULFILMENT_METHODS,
  illegalTransitionMessage,
  ORDER_ACTORS,
  ORDER_STATUSES,
  type OrderActor,
  type OrderStatus,
  STOCK_RELEASED_STATUSES,
  type FulfilmentMethod,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderEvents, orders, paymentActions } from '../../../db/schema/commerce.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { signedInShopper } from '../cart/commerce-test-support.ts';
import { insertOrder, offerQuantity } from './commerce-orders-test-support.ts';
import { transitionOrder } from './order-transitions.ts';

for (const backend of testDatabases()) {
  describe(`order transitions on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const city = useCatalogCity(getDb);

    async function world() {
      const db = getDb().db;
      const shopper = await signedInShopper(db, CITY_NOW);
      const offer = [...city().offers].find((candidate) => candidate.quantity >= 5)!;
      const order = (status: OrderStatus, fulfilment: FulfilmentMethod) =>
        insertOrder(db, {
          userId: shopper.userId,
          businessId: offer.businessId,
          offerId: offer.id,
          status,
          fulfilment,
          now: CITY_NOW,
        });
      return { db, shopper, offer, order };
    }

    it('refuses every move the state machine refuses, and changes nothing when it does', async () => {
      const { db, order } = await world();
      let refused = 0;
      for (const method of FULFILMENT_METHODS) {
        for (const from of ORDER_STATUSES) {
          const { orderId } = await order(from, method);
          for (const to of ORDER_STATUSES) {
            for (const actor of ORDER_ACTORS) {
              if (canTransition(from, to, actor, method)) continue;
              await expect(
                transitionOrder(db, { orderId, to, actor, now: CITY_NOW }),
              ).rejects.toMatchObject({
                statusCode: 409,
                message: illegalTransitionMessage(from, to),
              });
              refused += 1;
            }
          }
          const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
          expect(row!.status).toBe(from);
          const events = await db
            .select()
            .from(orderEvents)
            .where(eq(orderEvents.orderId, orderId));
          expect(events).toEqual([]);
        }
      }
      // 12 x 12 x 3 x 3 moves minus the legal ones: the loop really ran.
      expect(refused).toBeGreaterThan(1_200);
    }, 120_000);

    it('applies every legal move with its event, timestamp and stock release', async () => {
      const { db, offer, order } = await world();
      const legal: {
        from: OrderStatus;
        to: OrderStatus;
        actor: OrderActor;
        method: FulfilmentMethod;
      }[] = [];
      for (const method of FULFILMENT_METHODS) {
        for (const from of ORDER_STATUSES) {
          for (const to of ORDER_STATUSES) {
            for (const actor of ORDER_ACTORS) {
              if (canTransition(from, to, actor, method)) legal.push({ from, to, actor, method });
            }
          }
        }
      }
      expect(legal.length).toBeGreaterThan(20);
      const later = new Date(CITY_NOW.getTime() + 60_000);
      for (const move of legal) {
        const { orderId } = await order(move.from, move.method);
        const before = await offerQuantity(db, offer.id);
        const change = await transitionOrder(db, {
          orderId,
          to: move.to,
          actor: move.actor,
          note: 'because',
          now: later,
        });
        expect(change).toMatchObject({ from: move.from, to: move.to });
        const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
        expect(row!.status).toBe(move.to);
        expect(row!.updatedAt).toEqual(later);
        if (move.to === 'placed') expect(row!.placedAt).toEqual(later);
        if (move.to === 'cancelled') expect(row!.cancelReason).toBe('because');
        if (move.to === 'declined') expect(row!.declineReason).toBe('because');
        const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
        expect(events).toMatchObject([{ status: move.to, actor: move.actor, note: 'because' }]);
        const releases =
          STOCK_RELEASED_STATUSES.has(move.to) && !STOCK_RELEASED_STATUSES.has(move.from);
        expect(await offerQuantity(db, offer.id)).toBe(before + (releases ? 2 : 0));
      }
    }, 120_000);

    it('names the provider call a change needs: release a hold, refund a charge, capture at pickup', async () => {
      const { db, shopper, offer } = await world();
      const make = (
        status: OrderStatus,
        mode: 'charge' | 'preauth',
        paid: 'authorised' | 'captured',
      ) =>
        insertOrder(db, {
          userId: shopper.userId,
          businessId: offer.businessId,
          offerId: offer.id,
          status,
          fulfilment: mode === 'preauth' ? 'reserve_pickup' : 'buy_online_pickup',
          now: CITY_NOW,
          payment: { mode, status: paid, providerRef: 'ref-1' },
        });
      const hold = await make('placed', 'preauth', 'authorised');
      const charge = await make('placed', 'charge', 'captured');
      const pickup = await make('ready_for_pickup', 'preauth', 'authorised');
      const cancel = (orderId: string) =>
        transitionOrder(db, { orderId, to: 'cancelled', actor: 'shopper', now: CITY_NOW });
      const kinds = async (change: { paymentActionIds: string[] }) =>
        (
          await db
            .select({ id: paymentActions.id, action: paymentActions.action })
            .from(paymentActions)
        )
          .filter((row) => change.paymentActionIds.includes(row.id))
          .map((row) => row.action)
          .sort();
      // A held order lets its share go; a charged one is refunded (and releases anything left).
      expect(await kinds(await cancel(hold.orderId))).toEqual(['void']);
      expect(await kinds(await cancel(charge.orderId))).toEqual(['refund', 'void']);
      const completed = await transitionOrder(db, {
        orderId: pickup.orderId,
        to: 'completed',
        actor: 'store',
        now: CITY_NOW,
      });
      expect(await kinds(completed)).toEqual(['capture']);
    });

    it("answers 404 for another shopper's order", async () => {
      const { db, order } = await world();
      const { orderId } = await order('placed', 'reserve_pickup');
      const stranger = await signedInShopper(db, CITY_NOW);
      await expect(
        transitionOrder(db, {
          orderId,
          userId: stranger.userId,
          to: 'cancelled',
          actor: 'shopper',
          now: CITY_NOW,
        }),
      ).rejects.toMatchObject({ statusCode: 404 });
    });
  });
}
