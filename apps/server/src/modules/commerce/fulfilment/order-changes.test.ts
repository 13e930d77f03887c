import { randomUUID } from 'node:crypto';
import {
  commercePaths,
  type FulfilmentMethod,
  managePaths,
  type OrderChangesRequest,
  orderDetailResponse,
  type SubstitutionPreference,
  storeOrderDetailResponse,
  substitutionMessages as sm,
  substitutionPaths,
} from '@localmart/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { offers } from '../../../db/schema/catalog.ts';
import {
  orderItems,
  orderMoneyEvents,
  orders,
  payuSimTransactions,
  payments,
} from '../../../db/schema/commerce.ts';
import { orderSubstitutions } from '../../../db/schema/fulfilment.ts';
import { liveEvents } from '../../../db/schema/live.ts';
import { devOutbox } from '../../../db/schema/mail.ts';
import { notifications } from '../../../db/schema/notifications.ts';
import { useTestApp } from '../../../test/app.ts';
import { useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { makeJobsDue } from '../../../test/jobs.ts';
import type { DemoOffer } from '../../catalog/demo/types.ts';
import {
  addMember,
  type ManageClient,
  manageClient,
  person,
} from '../../manage/manage-test-support.ts';
import {
  FRIDAY_4PM,
  orderRow,
  prepareStore,
} from '../../manage/orders/store-orders-test-support.ts';
import {
  cityShelf,
  expectFailure,
  shopperWithClient,
  type ShopperClient,
} from '../cart/commerce-test-support.ts';
import {
  addProduct,
  listenOnFreePort,
  payAndReturn,
  setStock,
  unusedStoreOffer,
  viewOf,
} from '../checkout/checkout-test-support.ts';
import { offerQuantity } from '../orders/commerce-orders-test-support.ts';
import { SUBSTITUTION_EXPIRY_QUEUE } from './substitution-expiry-queue.ts';

const MINUTE = 60_000;

/**
 * Partial fulfilment and substitutions (issue 15, must show b): the money follows what is handed
 * over. Every order here is real: three lines in the cart, checkout, paid (held) in the PayU
 * simulator, so its money moved the way every order's does.
 */
for (const backend of testDatabases()) {
  describe(`partial fulfilment and substitutions on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    const shelf = cityShelf(useCatalogCity(getDb));
    const usedStores = new Set<string>();
    let now = FRIDAY_4PM;

    interface World {
      app: FastifyInstance;
      owner: ManageClient;
      businessId: string;
      /** a: 2 x $5.00, b: 1 x $8.00, c: 1 x $3.00; dear: $10.00, cheap: $2.00 (not ordered). */
      offer: Record<'a' | 'b' | 'c' | 'dear' | 'cheap', DemoOffer>;
    }

    async function world(): Promise<World> {
      now = FRIDAY_4PM;
      const { app } = await listenOnFreePort(makeApp, { now: () => now });
      const db = getDb().db;
      const first = unusedStoreOffer(shelf, usedStores);
      const more = () =>
        shelf.offer((c) => c.businessId === first.businessId && c.price.currency === 'CAD');
      const offer = { a: first, b: more(), c: more(), dear: more(), cheap: more() };
      await prepareStore(db, first, 10);
      const prices = { a: 500, b: 800, c: 300, dear: 1000, cheap: 200 };
      for (const key of Object.keys(prices) as (keyof typeof prices)[]) {
        await db
          .update(offers)
          .set({ priceAmount: prices[key], saleAmount: null, saleStartsAt: null, saleEndsAt: null })
          .where(eq(offers.id, offer[key].id));
        await setStock(db, offer[key].id, 10);
      }
      const owner = await person(db, now, { name: 'Olive' });
      await addMember(db, first.businessId, owner, 'owner');
      return { app, owner: manageClient(app, owner), businessId: first.businessId, offer };
    }

    interface Placed {
      orderId: string;
      number: string;
      pickupCode: string;
      api: ShopperClient;
      shopper: ManageClient;
      items: Record<'a' | 'b' | 'c', string>;
    }

    /** The three-line order ($21.00 + 13 % tax = $23.73), paid in the simulator, placed. */
    async function placeThreeLines(
      w: World,
      fulfilment: FulfilmentMethod,
      preferences: Partial<Record<'a' | 'b' | 'c', SubstitutionPreference>> = {},
    ): Promise<Placed> {
      const db = getDb().db;
      const { who, api } = await shopperWithClient(w.app, db, now);
      const shopper = manageClient(w.app, who);
      await addProduct(api, w.offer.a, 2);
      await addProduct(api, w.offer.b, 1);
      await addProduct(api, w.offer.c, 1);
      const cart = (await api.get(commercePaths.cart)).json<{
        results: { id: string; itemId: string; substitution?: string }[];
      }>();
      // In the cart each product line says what the shopper accepts; they choose per line.
      expect(cart.results.map((line) => line.substitution)).toEqual([
        'best_match',
        'best_match',
        'best_match',
      ]);
      for (const key of ['a', 'b', 'c'] as const) {
        const preference = preferences[key];
        if (!preference) continue;
        const line = cart.results.find((row) => row.itemId === w.offer[key].id)!;
        const saved = await shopper.put(substitutionPaths.cartLine(line.id), {
          substitution: preference,
        });
        expect(saved.statusCode, saved.body).toBe(200);
      }
      const response = await api.post(commercePaths.checkouts, {
        stores: [{ businessId: w.businessId, fulfilment }],
        idempotencyKey: `key-${randomUUID()}`,
      });
      expect(response.statusCode, response.body).toBe(201);
      const view = viewOf(response);
      expect((await payAndReturn(w.app, api, view.id, 'success')).statusCode).toBe(303);
      const [order] = await db.select().from(orders).where(eq(orders.checkoutId, view.id));
      expect(order?.status).toBe('placed');
      expect(order?.totalAmount).toBe(2373);
      await expect.poll(async () => (await orderRow(db, order!.id)).authorisedAmount).toBe(2373);
      const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
      const itemOf = (key: 'a' | 'b' | 'c') =>
        lines.find((line) => line.offerId === w.offer[key].id)!;
      for (const key of ['a', 'b', 'c'] as const) {
        expect(itemOf(key).substitution).toBe(preferences[key] ?? 'best_match');
      }
      return {
        orderId: order!.id,
        number: order!.number,
        pickupCode: order!.pickupCode,
        api,
        shopper,
        items: { a: itemOf('a').id, b: itemOf('b').id, c: itemOf('c').id },
      };
    }

    async function change(w: World, placed: Placed, body: OrderChangesRequest) {
      return w.owner.post(substitutionPaths.storeChanges(w.businessId, placed.orderId), body);
    }

    async function proposals(orderId: string) {
      return getDb()
        .db.select()
        .from(orderSubstitutions)
        .where(eq(orderSubstitutions.orderId, orderId))
        .orderBy(asc(orderSubstitutions.proposedAt));
    }

    async function moneyEvents(orderId: string) {
      const rows = await getDb()
        .db.select({
          kind: orderMoneyEvents.kind,
          amount: orderMoneyEvents.amount,
          at: orderMoneyEvents.at,
        })
        .from(orderMoneyEvents)
        .where(eq(orderMoneyEvents.orderId, orderId));
      // Movements of one instant (the test clock stands still) in their natural order, as the page.
      const rank = { held: 0, captured: 1, released: 2, refunded: 3 };
      rows.sort((a, b) => a.at.getTime() - b.at.getTime() || rank[a.kind] - rank[b.kind]);
      return rows.map((row) => `${row.kind} ${row.amount}`);
    }

    async function complete(w: World, placed: Placed) {
      const ready = await w.owner.post(managePaths.orderReady(w.businessId, placed.orderId));
      expect(ready.statusCode, ready.body).toBe(200);
      const done = await w.owner.post(managePaths.orderComplete(w.businessId, placed.orderId), {
        pickupCode: placed.pickupCode,
      });
      expect(done.statusCode, done.body).toBe(200);
    }

    it('reserve: one line unavailable, a dearer substitute approved in the app: captured = the handed-over lines, the rest released', async () => {
      const w = await world();
      const db = getDb().db;
      const placed = await placeThreeLines(w, 'reserve_pickup');
      // Accept with changes: c is not there at all, b is replaced by the $10 item.
      const response = await change(w, placed, {
        lines: [
          { itemId: placed.items.c, handOver: 0 },
          { itemId: placed.items.b, handOver: 0, substituteOfferId: w.offer.dear.id },
        ],
      });
      expect(response.statusCode, response.body).toBe(200);
      const detail = storeOrderDetailResponse.parse(response.json());
      if (detail.status !== 1) throw new Error(response.body);
      expect(detail.message).toBe(sm.acceptedWithChanges);
      expect(detail.result.status).toBe('accepted');
      // The timeline names the member who accepted with changes, on the move and on the note.
      expect(
        detail.result.timeline
          .filter((event) => event.actor === 'store')
          .map((event) => event.actorName),
      ).toEqual(['Olive Manager', 'Olive Manager']);
      // The inbox row names only what is still handed over: the two units of a.
      const [lineA] = await db
        .select({ title: orderItems.title })
        .from(orderItems)
        .where(eq(orderItems.id, placed.items.a));
      expect(detail.result.itemsSummary).toBe(`2 × ${lineA!.title}`);
      expect(detail.result.itemCount).toBe(2);
      // a 2 x 5.00 + the $10 substitute (counted while the shopper decides) = 20.00 + 2.60 tax.
      expect(detail.result.total.amount).toBe(2260);
      expect(
        detail.result.changes?.lines.map((line) => [line.title, line.handedOver]),
      ).toHaveLength(2);
      // The stock of the removed units is back; the substitute's unit is reserved.
      expect(await offerQuantity(db, w.offer.b.id)).toBe(10);
      expect(await offerQuantity(db, w.offer.c.id)).toBe(10);
      expect(await offerQuantity(db, w.offer.dear.id)).toBe(9);
      // Only what the order no longer needs is let go: 23.73 - 22.60.
      await expect.poll(() => moneyEvents(placed.orderId)).toEqual(['held 2373', 'released 113']);

      // The shopper was told: the bell, the live stream, an email naming the change.
      const bell = await db
        .select({ kind: notifications.kind })
        .from(notifications)
        .where(eq(notifications.orderId, placed.orderId));
      expect(bell.map((row) => row.kind)).toContain('order_changed');
      const live = await db.select({ data: liveEvents.data }).from(liveEvents);
      expect(
        live.some(
          (row) =>
            (row.data as { kind: string; orderId?: string }).kind === 'order.money' &&
            (row.data as { orderId?: string }).orderId === placed.orderId,
        ),
      ).toBe(true);
      const [mail] = await db
        .select({ subject: devOutbox.subject, text: devOutbox.text })
        .from(devOutbox)
        .where(eq(devOutbox.subject, `Order ${placed.number}: your order changed`));
      expect(mail?.text).toMatch(/not available/);
      expect(mail?.text).toMatch(/instead of/);
      expect(mail?.text).toMatch(/New total: \$22\.60/);

      // The shopper approves in the app.
      const [sub] = await proposals(placed.orderId);
      const approved = await placed.api.post(substitutionPaths.decide(placed.orderId, sub!.id), {
        decision: 'approved',
      });
      expect(approved.statusCode, approved.body).toBe(200);
      const page = orderDetailResponse.parse(approved.json());
      if (page.status !== 1) throw new Error(approved.body);
      expect(page.result.total.amount).toBe(2260);
      expect(page.result.changes?.substitutions[0]?.status).toBe('approved');
      expect(page.result.items.map((item) => item.title)).toContain(sub!.title);
      // Answering twice is refused in words.
      expectFailure(
        await placed.api.post(substitutionPaths.decide(placed.orderId, sub!.id), {
          decision: 'rejected',
        }),
        409,
        sm.alreadyDecided,
      );

      await complete(w, placed);
      // The status emails after the change list what was handed over, not what was ordered.
      const [cLine] = await db
        .select({ title: orderItems.title })
        .from(orderItems)
        .where(eq(orderItems.id, placed.items.c));
      const [done] = await db
        .select({ text: devOutbox.text })
        .from(devOutbox)
        .where(eq(devOutbox.subject, `Order ${placed.number}: Completed`));
      expect(done?.text).toContain(`1 x ${sub!.title}`);
      expect(done?.text).not.toContain(`x ${cLine!.title}`);
      expect(done?.text).toContain('Total: $22.60');
      const row = await orderRow(db, placed.orderId);
      expect(row.capturedAmount).toBe(2260);
      expect(row.releasedAmount).toBe(113);
      expect(row.capturedAmount + row.releasedAmount).toBe(row.authorisedAmount);
      // (Booked in one test-clock instant: listed held, captured, released.)
      expect(await moneyEvents(placed.orderId)).toEqual([
        'held 2373',
        'captured 2260',
        'released 113',
      ]);
    });

    it('charged at once: a cheaper substitute and a line refunded; captured less refunded = the handed-over lines', async () => {
      const w = await world();
      const db = getDb().db;
      const placed = await placeThreeLines(w, 'buy_online_pickup');
      await expect.poll(async () => (await orderRow(db, placed.orderId)).capturedAmount).toBe(2373);
      // Accepted first, then changed before ready: one of the two a's and c go, b becomes the $2 item.
      expect(
        (await w.owner.post(managePaths.orderAccept(w.businessId, placed.orderId), {})).statusCode,
      ).toBe(200);
      const response = await change(w, placed, {
        lines: [
          { itemId: placed.items.a, handOver: 1 },
          { itemId: placed.items.c, handOver: 0 },
          { itemId: placed.items.b, handOver: 0, substituteOfferId: w.offer.cheap.id },
        ],
      });
      expect(response.statusCode, response.body).toBe(200);
      // 5.00 + 2.00 = 7.00 + 0.91 tax = 7.91: 23.73 - 7.91 = 15.82 refunded at once.
      await expect
        .poll(() => moneyEvents(placed.orderId))
        .toEqual(['held 2373', 'captured 2373', 'refunded 1582']);
      expect(await offerQuantity(db, w.offer.a.id)).toBe(9);
      const [sub] = await proposals(placed.orderId);
      const answer = await placed.api.post(substitutionPaths.decide(placed.orderId, sub!.id), {
        decision: 'approved',
      });
      expect(answer.statusCode, answer.body).toBe(200);
      await complete(w, placed);
      const row = await orderRow(db, placed.orderId);
      expect(row.totalAmount).toBe(791);
      expect(row.capturedAmount - row.refundedAmount).toBe(791);
      // PayU's side agrees: the simulator refunded the same amount of the one payment.
      const [payment] = await db.select().from(payments).where(eq(payments.id, row.paymentId!));
      const [sim] = await db
        .select({ refunded: payuSimTransactions.refundedAmount })
        .from(payuSimTransactions)
        .where(eq(payuSimTransactions.txnid, payment!.txnid));
      expect(sim?.refunded).toBe('15.82');
    });

    it('the time box applies the preference: best match takes the substitute, this specific item refunds it', async () => {
      const w = await world();
      const db = getDb().db;
      const placed = await placeThreeLines(w, 'buy_online_pickup', { b: 'specific_item' });
      await expect.poll(async () => (await orderRow(db, placed.orderId)).capturedAmount).toBe(2373);
      const response = await change(w, placed, {
        lines: [
          {
            itemId: placed.items.a,
            handOver: 0,
            substituteOfferId: w.offer.cheap.id,
            substituteQuantity: 2,
          },
          { itemId: placed.items.b, handOver: 0, substituteOfferId: w.offer.cheap.id },
        ],
      });
      expect(response.statusCode, response.body).toBe(200);
      // a (2 x 5.00) -> 2 x 2.00, b (8.00) -> 2.00, c 3.00: 9.00 + 1.17 = 10.17.
      expect((await orderRow(db, placed.orderId)).totalAmount).toBe(1017);
      await expect
        .poll(() => moneyEvents(placed.orderId))
        .toEqual(['held 2373', 'captured 2373', 'refunded 1356']);
      const subs = await proposals(placed.orderId);
      // Too early: the jobs run, see the time box open and wait.
      now = new Date(FRIDAY_4PM.getTime() + 16 * MINUTE);
      for (const sub of subs) {
        expect(await makeJobsDue(db, SUBSTITUTION_EXPIRY_QUEUE, { substitutionId: sub.id })).toBe(
          1,
        );
      }
      await expect
        .poll(
          async () =>
            (await proposals(placed.orderId)).map((sub) => [
              sub.orderItemId,
              sub.status,
              sub.decidedBy,
            ]),
          {
            timeout: 10_000,
          },
        )
        .toEqual(
          expect.arrayContaining([
            [placed.items.a, 'approved', 'timer'],
            [placed.items.b, 'rejected', 'timer'],
          ]),
        );
      // b's substitute went back on the shelf (10 - 2 for a - 1 for b + 1 back); its money is refunded.
      expect(await offerQuantity(db, w.offer.cheap.id)).toBe(8);
      // 4.00 + 3.00 = 7.00 + 0.91 = 7.91: another 2.26 refunded.
      await expect
        .poll(() => moneyEvents(placed.orderId))
        .toEqual(['held 2373', 'captured 2373', 'refunded 1356', 'refunded 226']);
      // A late answer is refused in words.
      expectFailure(
        await placed.api.post(substitutionPaths.decide(placed.orderId, subs[0]!.id), {
          decision: 'rejected',
        }),
        409,
        sm.alreadyDecided,
      );
      const row = await orderRow(db, placed.orderId);
      expect(row.totalAmount).toBe(791);
      expect(row.capturedAmount - row.refundedAmount).toBe(791);
    });

    it("the shopper's default is remembered and starts every new cart line; bad values are refused in words", async () => {
      const w = await world();
      const db = getDb().db;
      const { who, api } = await shopperWithClient(w.app, db, now);
      const shopper = manageClient(w.app, who);
      const before = await shopper.get(substitutionPaths.shopperDefault);
      expect(before.json<{ result: { substitution: string } }>().result.substitution).toBe(
        'best_match',
      );
      expect(
        (await shopper.put(substitutionPaths.shopperDefault, { substitution: 'refund' }))
          .statusCode,
      ).toBe(200);
      await addProduct(api, w.offer.a, 1);
      const cart = (await api.get(commercePaths.cart)).json<{
        results: { substitution?: string }[];
      }>();
      expect(cart.results[0]?.substitution).toBe('refund');
      const bad = await shopper.put(substitutionPaths.shopperDefault, { substitution: 'anything' });
      expectFailure(bad, 400, /best match, this specific item, or no substitute/);

      // A choice made on adding (the product page) wins over the default, for a new line and
      // for one already in the cart.
      const addWith = (offerId: string, substitution: string) =>
        api.post(commercePaths.cartItems, { kind: 'product', itemId: offerId, substitution });
      expect((await addWith(w.offer.b.id, 'specific_item')).statusCode).toBe(200);
      expect((await addWith(w.offer.a.id, 'best_match')).statusCode).toBe(200);
      const after = (await api.get(commercePaths.cart)).json<{
        results: { itemId: string; quantity: number; substitution?: string }[];
      }>();
      const lineOf = (offerId: string) => after.results.find((line) => line.itemId === offerId);
      expect(lineOf(w.offer.b.id)?.substitution).toBe('specific_item');
      expect(lineOf(w.offer.a.id)).toMatchObject({ quantity: 2, substitution: 'best_match' });
      expectFailure(await addWith(w.offer.c.id, 'whatever'), 400, /best match, this specific item/);
    });

    it('a substitute dearer than the card holds is refused to the store in words; nothing changes', async () => {
      const w = await world();
      const db = getDb().db;
      const placed = await placeThreeLines(w, 'reserve_pickup', { c: 'refund' });
      // c ($3) replaced by 2 x $10: 38.00 goods > the $23.73 held.
      const refused = await change(w, placed, {
        lines: [
          {
            itemId: placed.items.c,
            handOver: 0,
            substituteOfferId: w.offer.dear.id,
            substituteQuantity: 1,
          },
        ],
      });
      expectFailure(refused, 409, sm.substituteRefused);
      const over = await change(w, placed, {
        lines: [
          {
            itemId: placed.items.b,
            handOver: 0,
            substituteOfferId: w.offer.dear.id,
            substituteQuantity: 2,
          },
        ],
      });
      expectFailure(over, 409, sm.overHold('$23.73'));
      const row = await orderRow(db, placed.orderId);
      expect(row.status).toBe('placed');
      expect(row.totalAmount).toBe(2373);
      expect(await offerQuantity(db, w.offer.dear.id)).toBe(10);
      expect(await offerQuantity(db, w.offer.b.id)).toBe(9);
      expect(await proposals(placed.orderId)).toEqual([]);
      // Bad input is a 400 in words, never a 500.
      expectFailure(
        await change(w, placed, { lines: [{ itemId: placed.items.a, handOver: 3 }] }),
        400,
        sm.handOverTooMany,
      );
      expectFailure(
        await change(w, placed, { lines: [{ itemId: randomUUID(), handOver: 0 }] }),
        400,
        sm.itemNotInOrder,
      );
      expectFailure(
        await change(w, placed, {
          lines: [
            { itemId: placed.items.a, handOver: 0 },
            { itemId: placed.items.b, handOver: 0 },
            { itemId: placed.items.c, handOver: 0 },
          ],
        }),
        400,
        sm.nothingLeft,
      );
      expectFailure(
        await change(w, placed, { lines: [{ itemId: placed.items.a, handOver: 2 }] }),
        400,
        sm.nothingChanged,
      );
      const bad = await w.owner.post(substitutionPaths.storeChanges(w.businessId, placed.orderId), {
        lines: [{ itemId: placed.items.a, handOver: -1 }],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ status: number }>().status).toBe(0);
    });

    it('a cancelled order gives back only the units it still held, and a pending substitute', async () => {
      const w = await world();
      const db = getDb().db;
      const placed = await placeThreeLines(w, 'reserve_pickup');
      const response = await change(w, placed, {
        lines: [
          { itemId: placed.items.a, handOver: 1 },
          { itemId: placed.items.c, handOver: 0, substituteOfferId: w.offer.cheap.id },
        ],
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await offerQuantity(db, w.offer.a.id)).toBe(9);
      expect(await offerQuantity(db, w.offer.cheap.id)).toBe(9);
      const declined = await w.owner.post(managePaths.orderDecline(w.businessId, placed.orderId), {
        reason: 'other',
        note: 'Closed for a leak',
      });
      expect(declined.statusCode, declined.body).toBe(200);
      // The substitute's unit comes back when its time box finds the order ended.
      const [sub] = await proposals(placed.orderId);
      now = new Date(FRIDAY_4PM.getTime() + 16 * MINUTE);
      expect(await makeJobsDue(db, SUBSTITUTION_EXPIRY_QUEUE, { substitutionId: sub!.id })).toBe(1);
      await expect
        .poll(async () => (await proposals(placed.orderId))[0]?.status, { timeout: 10_000 })
        .toBe('rejected');
      // Every unit is back exactly once: a's two (one at the change, one at the decline), b, c, the substitute.
      expect(await offerQuantity(db, w.offer.a.id)).toBe(10);
      expect(await offerQuantity(db, w.offer.b.id)).toBe(10);
      expect(await offerQuantity(db, w.offer.c.id)).toBe(10);
      expect(await offerQuantity(db, w.offer.cheap.id)).toBe(10);
      // The whole hold is let go, never more.
      await expect.poll(async () => (await orderRow(db, placed.orderId)).releasedAmount).toBe(2373);
      const items = await db
        .select()
        .from(orderItems)
        .where(and(eq(orderItems.orderId, placed.orderId), eq(orderItems.offerId, w.offer.a.id)));
      expect(items[0]?.removedQuantity).toBe(1);
    });
  });
}
