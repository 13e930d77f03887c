import { randomUUID } from 'node:crypto';
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  commercePaths,
  dashboardResponse,
  formatStoreTime,
  illegalTransitionMessage,
  NO_SHOW_HOLD_MINUTES_DEFAULT,
  orderDetailResponse,
  phoneMessages,
  managePaths,
  type OrderStatus,
  pickupCodeLookupResponse,
  pickupQrPayload,
  stockStatus,
  storeOrderDetailResponse,
  storeOrderListResponse,
  storeOrderMessages as sm,
  storePriceMatchesResponse,
  storePriceMatchResponse,
} from '@localmart/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/accounts.ts';
import { businesses, offers, products } from '../../../db/schema/catalog.ts';
import {
  orderEvents,
  orderItems,
  orderMoneyEvents,
  orders,
  priceMatchRequests,
} from '../../../db/schema/commerce.ts';
import { liveEvents } from '../../../db/schema/live.ts';
import { devOutbox } from '../../../db/schema/mail.ts';
import { notifications } from '../../../db/schema/notifications.ts';
import { useTestApp } from '../../../test/app.ts';
import { useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import type { DemoOffer } from '../../catalog/demo/types.ts';
import {
  cityShelf,
  expectFailure,
  shopperClient,
  signedInShopper,
} from '../../commerce/cart/commerce-test-support.ts';
import {
  addProduct,
  listenOnFreePort,
  unusedStoreOffer,
  viewOf,
} from '../../commerce/checkout/checkout-test-support.ts';
import { insertOrder, offerQuantity } from '../../commerce/orders/commerce-orders-test-support.ts';
import { transitionOrder } from '../../commerce/orders/order-transitions.ts';
import { addMember, type ManageClient, manageClient, person } from '../manage-test-support.ts';
import {
  FRIDAY_4PM,
  orderRow,
  paymentStatus,
  placeOrder,
  prepareStore,
  toronto,
} from './store-orders-test-support.ts';

for (const backend of testDatabases()) {
  describe(`the store's order inbox on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    const shelf = cityShelf(useCatalogCity(getDb));
    const usedStores = new Set<string>();
    let now = FRIDAY_4PM;

    interface World {
      app: FastifyInstance;
      offer: DemoOffer;
      owner: ManageClient;
      staff: ManageClient;
      businessId: string;
    }

    async function world(stock = 20): Promise<World> {
      now = FRIDAY_4PM;
      const { app } = await listenOnFreePort(makeApp, { now: () => now });
      const db = getDb().db;
      const offer = unusedStoreOffer(shelf, usedStores);
      await prepareStore(db, offer, stock);
      const [owner, staff] = await Promise.all([
        person(db, now, { name: 'Olive' }),
        person(db, now, { name: 'Stan' }),
      ]);
      await addMember(db, offer.businessId, owner, 'owner');
      await addMember(db, offer.businessId, staff, 'staff');
      return {
        app,
        offer,
        owner: manageClient(app, owner),
        staff: manageClient(app, staff),
        businessId: offer.businessId,
      };
    }

    /**
     * An order written straight into the database and walked through transitionOrder: placed at
     * `placedAt` (so it gets its deadline the usual way), then through `then` by the store.
     */
    async function quickOrder(
      w: World,
      placedAt: Date | null,
      then: OrderStatus[] = [],
      fulfilment: 'reserve_pickup' | 'same_day_delivery' = 'reserve_pickup',
    ): Promise<string> {
      const db = getDb().db;
      const shopper = await signedInShopper(db, FRIDAY_4PM);
      const { orderId } = await insertOrder(db, {
        userId: shopper.userId,
        businessId: w.businessId,
        offerId: w.offer.id,
        quantity: 1,
        status: 'awaiting_payment',
        fulfilment,
        now: placedAt ?? FRIDAY_4PM,
      });
      if (placedAt) {
        await transitionOrder(db, { orderId, to: 'placed', actor: 'system', now: placedAt });
        for (const to of then) {
          await transitionOrder(db, { orderId, to, actor: 'store', now: placedAt });
        }
      }
      return orderId;
    }

    async function list(w: World, filter: string, cursor?: string) {
      const query = new URLSearchParams({ filter, limit: '2', ...(cursor ? { cursor } : {}) });
      const response = await w.staff.get(`${managePaths.orders(w.businessId)}?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const parsed = storeOrderListResponse.parse(response.json());
      if (parsed.status !== 1) throw new Error(response.body);
      return parsed;
    }

    it('lists orders by tab with counts; new ones most urgent first; never unpaid ones', async () => {
      const w = await world();
      const db = getDb().db;
      const later = await quickOrder(w, toronto(20, 15, 30)); // due Mon 11:30
      const sooner = await quickOrder(w, toronto(20, 11)); // due Fri 15:00
      const soonest = await quickOrder(w, toronto(20, 9, 30)); // due Fri 13:30
      const accepted = await quickOrder(w, toronto(19, 12), ['accepted']);
      const ready = await quickOrder(w, toronto(19, 11), ['accepted', 'ready_for_pickup']);
      const declined = await quickOrder(w, toronto(18, 10), ['declined']);
      await quickOrder(w, null); // awaiting payment: not the store's business yet
      const failed = await quickOrder(w, null);
      await transitionOrder(db, {
        orderId: failed,
        to: 'payment_failed',
        actor: 'system',
        now: FRIDAY_4PM,
      });

      const first = await list(w, 'new');
      expect(first.result.counts).toEqual({ new: 3, in_progress: 1, ready: 1, done: 1, all: 6 });
      expect(first.results.map((row) => row.id)).toEqual([soonest, sooner]);
      expect(first.results[0]).toMatchObject({
        status: 'placed',
        statusLabel: 'Placed',
        shopperName: 'Sam Shopper',
        itemCount: 1,
        total: { amount: 1130, currency: 'CAD' },
        placedAt: toronto(20, 9, 30).toISOString(),
        responseDueAt: toronto(20, 13, 30).toISOString(),
      });
      const second = await list(w, 'new', first.result.nextCursor!);
      expect(second.results.map((row) => row.id)).toEqual([later]);
      expect(second.result.nextCursor).toBeNull();

      const all: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await list(w, 'all', cursor);
        all.push(...page.results.map((row) => row.id));
        cursor = page.result.nextCursor ?? undefined;
      } while (cursor);
      // Newest placed first, across pages, and only orders that reached the store.
      expect(all).toEqual([later, sooner, soonest, accepted, ready, declined]);
      expect((await list(w, 'in_progress')).results.map((row) => row.id)).toEqual([accepted]);
      expect((await list(w, 'ready')).results.map((row) => row.id)).toEqual([ready]);
      expect((await list(w, 'done')).results.map((row) => row.id)).toEqual([declined]);

      const bad = await w.staff.get(`${managePaths.orders(w.businessId)}?filter=nope`);
      expect(bad.statusCode).toBe(400);
    }, 60_000);

    it('shows one order without its pickup code; the shopper email only after acceptance', async () => {
      const w = await world();
      const db = getDb().db;
      const placed = await placeOrder(w.app, db, w.offer, { now, quantity: 2 });
      const detail = async () => {
        const response = await w.staff.get(managePaths.order(w.businessId, placed.orderId));
        expect(response.statusCode, response.body).toBe(200);
        expect(response.body).not.toContain(placed.pickupCode);
        const parsed = storeOrderDetailResponse.parse(response.json());
        if (parsed.status !== 1) throw new Error(response.body);
        return parsed.result;
      };
      const before = await detail();
      expect(before).toMatchObject({
        status: 'placed',
        fulfilment: 'reserve_pickup',
        itemCount: 2,
        shopperEmail: null,
        deliveryAddress: null,
        responseDueAt: toronto(23, 12).toISOString(),
        actions: ['accept', 'decline'],
        money: { state: 'held', captured: { amount: 0, currency: 'CAD' } },
      });
      // The store sees this order's own share of the card hold: its total, not the checkout's.
      expect(before.money.authorised).toEqual(before.total);
      expect(before).not.toHaveProperty('pickupCode');
      expect(before.items).toHaveLength(1);
      expect(before.items[0]).toMatchObject({ quantity: 2, outOfStock: false });
      expect(before.timeline.map((event) => event.status)).toContain('placed');

      // Accept with no ready time: the store has no pickup promise, so one hour, counted on its
      // hours: at 16:10 on a Friday it closes at 17:00 first, so Monday's opening plus an hour.
      now = toronto(20, 16, 10);
      const accepted = await w.staff.post(managePaths.orderAccept(w.businessId, placed.orderId));
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json()).toMatchObject({ status: 1, message: sm.accepted });
      const after = await detail();
      const [shopper] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, placed.who.userId));
      expect(after.shopperEmail).toBe(shopper!.email);
      expect(after.readyBy).toBe(toronto(23, 10).toISOString());
      expect(after.actions).toEqual(['ready', 'decline']);
      // The shopper's "accepted" email tells the ready time in the store's clock.
      const mail = await db
        .select({ text: devOutbox.text })
        .from(devOutbox)
        .where(eq(devOutbox.subject, `Order ${placed.number}: Accepted`));
      expect(mail[0]!.text).toContain('The store expects it ready by Mon Nov 23, 10:00.');

      const past = await w.staff.post(managePaths.orderAccept(w.businessId, placed.orderId), {
        readyBy: toronto(20, 12).toISOString(),
      });
      expect(past.statusCode).toBe(400);
      expect(past.json()).toMatchObject({ message: sm.readyByInPast });

      const other = await world();
      const foreign = await other.staff.get(managePaths.order(other.businessId, placed.orderId));
      expect(foreign.statusCode).toBe(404);
    }, 60_000);

    it('declines for out-of-stock items: items marked, stock back then the offer set to 0', async () => {
      const w = await world(10);
      const db = getDb().db;
      const orderId = await quickOrder(w, toronto(20, 15));
      const [item] = await db
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId));
      const url = managePaths.orderDecline(w.businessId, orderId);

      const noItems = await w.staff.post(url, { reason: 'out_of_stock' });
      expect(noItems.statusCode).toBe(400);
      expect(noItems.json().message).toContain(sm.outOfStockItemsRequired);
      const notOurs = await w.staff.post(url, {
        reason: 'out_of_stock',
        outOfStockItemIds: ['00000000-0000-4000-8000-000000000001'],
      });
      expect(notOurs.statusCode).toBe(400);
      expect(notOurs.json()).toMatchObject({ message: sm.outOfStockItemsNotInOrder });
      expect((await orderRow(db, orderId)).status).toBe('placed');

      const declined = await w.staff.post(url, {
        reason: 'out_of_stock',
        note: 'Sorry!',
        outOfStockItemIds: [item!.id],
      });
      expect(declined.statusCode, declined.body).toBe(200);
      const result = storeOrderDetailResponse.parse(declined.json());
      if (result.status !== 1) throw new Error(declined.body);
      expect(result.result.status).toBe('declined');
      expect(result.result.declineReason).toBe('Out of stock: Test item. Sorry!');
      expect(result.result.items[0]!.outOfStock).toBe(true);
      expect(await offerQuantity(db, w.offer.id)).toBe(0);

      // An illegal move is the state machine's refusal.
      const again = await w.staff.post(managePaths.orderAccept(w.businessId, orderId));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        message: illegalTransitionMessage('declined', 'accepted'),
      });
    }, 60_000);

    it('completes a pickup only with its code (typed or scanned), capturing the hold', async () => {
      const w = await world();
      const db = getDb().db;
      const placed = await placeOrder(w.app, db, w.offer, { now });
      const lookup = (code: string) =>
        w.staff.get(
          `${managePaths.orderByPickupCode(w.businessId)}?${new URLSearchParams({ code })}`,
        );
      // Still placed: found, but not something the counter hands over (issue 15: it says why).
      const early = pickupCodeLookupResponse.parse((await lookup(placed.pickupCode)).json());
      expect(early).toMatchObject({
        status: 1,
        result: { status: 'placed', canComplete: false, stateText: sm.pickupState.placed },
      });

      expect(
        (await w.staff.post(managePaths.orderAccept(w.businessId, placed.orderId))).statusCode,
      ).toBe(200);
      const wrongMove = await w.staff.post(
        managePaths.orderOutForDelivery(w.businessId, placed.orderId),
      );
      expect(wrongMove.statusCode).toBe(409);
      expect(wrongMove.json()).toMatchObject({
        message: illegalTransitionMessage('accepted', 'out_for_delivery'),
      });
      expect(
        (await w.staff.post(managePaths.orderReady(w.businessId, placed.orderId))).statusCode,
      ).toBe(200);

      for (const code of [
        placed.pickupCode.toLowerCase(),
        pickupQrPayload(placed.orderId, placed.pickupCode),
      ]) {
        const found = await lookup(code);
        expect(found.statusCode, found.body).toBe(200);
        const parsed = pickupCodeLookupResponse.parse(found.json());
        expect(parsed.status === 1 && parsed.result.id).toBe(placed.orderId);
      }
      const missing = await lookup('ZZZZZZ');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ message: sm.pickupCodeNotFound });
      const otherStore = await world();
      expect(
        (
          await otherStore.staff.get(
            `${managePaths.orderByPickupCode(otherStore.businessId)}?code=${placed.pickupCode}`,
          )
        ).statusCode,
      ).toBe(404);

      const complete = managePaths.orderComplete(w.businessId, placed.orderId);
      const wrong = await w.staff.post(complete, { pickupCode: 'WRONG1' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ status: 0, message: sm.pickupCodeMismatch });
      const noCode = await w.staff.post(complete, {});
      expect(noCode.statusCode).toBe(400);
      expect(await paymentStatus(db, placed.paymentId)).toBe('authorised');

      const done = await w.staff.post(complete, {
        pickupCode: pickupQrPayload(placed.orderId, placed.pickupCode.toLowerCase()),
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ message: sm.completed, result: { status: 'completed' } });
      expect(await paymentStatus(db, placed.paymentId)).toBe('captured');
    }, 60_000);

    it('marks a ready pickup as not picked up, releasing the hold; delivers without a code', async () => {
      const w = await world();
      const db = getDb().db;
      const placed = await placeOrder(w.app, db, w.offer, { now });
      await w.staff.post(managePaths.orderAccept(w.businessId, placed.orderId));
      const early = await w.staff.post(managePaths.orderNoShow(w.businessId, placed.orderId));
      expect(early.statusCode).toBe(409);
      await w.staff.post(managePaths.orderReady(w.businessId, placed.orderId));
      // Past the ready-by time plus the terms' 24-hour hold (counter-and-no-show.test.ts has the rule).
      now = toronto(24, 10);
      const noShow = await w.staff.post(managePaths.orderNoShow(w.businessId, placed.orderId));
      expect(noShow.statusCode, noShow.body).toBe(200);
      expect(noShow.json()).toMatchObject({ result: { status: 'no_show', actions: [] } });
      expect(await paymentStatus(db, placed.paymentId)).toBe('voided');

      const delivery = await quickOrder(w, toronto(20, 15), ['accepted'], 'same_day_delivery');
      const ready = await w.staff.post(managePaths.orderReady(w.businessId, delivery));
      expect(ready.statusCode).toBe(409);
      expect(
        (await w.staff.post(managePaths.orderOutForDelivery(w.businessId, delivery))).statusCode,
      ).toBe(200);
      const delivered = await w.staff.post(managePaths.orderComplete(w.businessId, delivery), {});
      expect(delivered.statusCode, delivered.body).toBe(200);
      expect((await orderRow(db, delivery)).status).toBe('completed');
    }, 60_000);

    it('answers price matches: pending first, a decline needs a note, the shopper is emailed', async () => {
      const w = await world();
      const db = getDb().db;
      const shopper = await signedInShopper(db, now);
      const insert = (status: 'pending' | 'approved', createdAt: Date) =>
        db
          .insert(priceMatchRequests)
          .values({
            userId: shopper.userId,
            offerId: w.offer.id,
            businessId: w.businessId,
            competitorName: 'Other Mart',
            competitorAmount: 100,
            currency: 'CAD',
            evidenceUrl: 'https://example.com/ad',
            status,
            createdAt,
          })
          .returning({ id: priceMatchRequests.id });
      const [old] = await insert('approved', toronto(20, 15));
      const [pending] = await insert('pending', toronto(20, 10));
      const listed = await w.staff.get(managePaths.priceMatches(w.businessId));
      const parsed = storePriceMatchesResponse.parse(listed.json());
      if (parsed.status !== 1) throw new Error(listed.body);
      expect(parsed.results.map((match) => match.id)).toEqual([pending!.id, old!.id]);
      expect(parsed.results[0]).toMatchObject({
        shopperName: 'Sam Shopper',
        competitorName: 'Other Mart',
        competitorPrice: { amount: 100, currency: 'CAD' },
        evidenceUrl: 'https://example.com/ad',
        status: 'pending',
      });

      const url = managePaths.priceMatchDecision(w.businessId, pending!.id);
      const noNote = await w.staff.post(url, { decision: 'declined' });
      expect(noNote.statusCode).toBe(400);
      expect(noNote.json().message).toContain(sm.priceMatchNoteRequired);
      const declined = await w.staff.post(url, {
        decision: 'declined',
        note: 'That ad has ended.',
      });
      expect(declined.statusCode, declined.body).toBe(200);
      const decided = storePriceMatchResponse.parse(declined.json());
      expect(decided.status === 1 && decided.result.status).toBe('declined');
      const [user] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, shopper.userId));
      const mail = await db
        .select({ text: devOutbox.text })
        .from(devOutbox)
        .where(eq(devOutbox.to, user!.email.toLowerCase()));
      expect(mail.some((message) => message.text.includes('That ad has ended.'))).toBe(true);
      expect((await w.staff.post(url, { decision: 'approved' })).statusCode).toBe(409);
      // The shopper's bell and live stream heard the decision once, with its commit (issue 14).
      const told = await db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, shopper.userId));
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        kind: 'price_match_decided',
        orderId: null,
        title: 'Price match declined',
        link: '/profile',
        readAt: null,
      });
      expect(told[0]!.body).toContain('declined your price match for');
      const events = await db
        .select({ data: liveEvents.data })
        .from(liveEvents)
        .where(eq(liveEvents.audience, `user:${shopper.userId}`))
        .orderBy(asc(liveEvents.id));
      expect(events.map((row) => row.data)).toEqual([
        { kind: 'notification.created', notificationId: told[0]!.id },
        { kind: 'price_match.decided', requestId: pending!.id, approved: false },
      ]);
      const otherStore = await world();
      const foreign = await otherStore.staff.post(
        managePaths.priceMatchDecision(otherStore.businessId, old!.id),
        { decision: 'approved' },
      );
      expect(foreign.statusCode).toBe(404);
    }, 60_000);

    it('dashboard: today, waiting answers, 30 store-local days of sales, low stock, latest orders', async () => {
      const w = await world(50);
      const db = getDb().db;
      // Every offer of the store well stocked, then three of them low.
      await db.update(offers).set({ quantity: 50 }).where(eq(offers.businessId, w.businessId));
      const storeOffers = await db
        .select({ id: offers.id, title: products.title })
        .from(offers)
        .innerJoin(products, eq(products.id, offers.productId))
        .where(eq(offers.businessId, w.businessId))
        .orderBy(asc(offers.id));
      const low = storeOffers.filter((offer) => offer.id !== w.offer.id).slice(0, 3);
      for (const [i, offer] of low.entries()) {
        await db.update(offers).set({ quantity: i }).where(eq(offers.id, offer.id));
      }

      const waiting = await quickOrder(w, toronto(20, 15, 30)); // today, due Mon 11:30
      const acceptedToday = await quickOrder(w, toronto(20, 11), ['accepted']);
      // Thursday 23:30 in Toronto is already Friday in UTC: it counts for Thursday.
      const lateThursday = await quickOrder(w, toronto(19, 23, 30), [
        'accepted',
        'ready_for_pickup',
        'completed',
      ]);
      await quickOrder(w, toronto(17, 12), ['declined']); // no sale
      await quickOrder(w, new Date('2026-10-01T15:00:00.000Z'), ['accepted']); // before the window
      // Sales are money that moved (issue 12): the card of the waiting order is only held; the
      // order accepted today was charged and then refunded in part; Thursday's was charged at pickup.
      const money = async (
        orderId: string,
        amounts: { authorised: number; captured: number; refunded: number },
        moved: { kind: 'captured' | 'refunded'; amount: number; at: Date }[],
      ) => {
        await db
          .update(orders)
          .set({
            authorisedAmount: amounts.authorised,
            capturedAmount: amounts.captured,
            refundedAmount: amounts.refunded,
          })
          .where(eq(orders.id, orderId));
        for (const event of moved) {
          await db.insert(orderMoneyEvents).values({ orderId, currency: 'CAD', ...event });
        }
      };
      await money(waiting, { authorised: 1130, captured: 0, refunded: 0 }, []);
      await money(acceptedToday, { authorised: 1130, captured: 1130, refunded: 500 }, [
        { kind: 'captured', amount: 1130, at: toronto(20, 11) },
        { kind: 'refunded', amount: 500, at: toronto(20, 12) },
      ]);
      await money(lateThursday, { authorised: 1130, captured: 1130, refunded: 0 }, [
        { kind: 'captured', amount: 1130, at: toronto(19, 23, 30) },
      ]);

      const response = await w.staff.get(managePaths.dashboard(w.businessId));
      expect(response.statusCode, response.body).toBe(200);
      const parsed = dashboardResponse.parse(response.json());
      if (parsed.status !== 1) throw new Error(response.body);
      const board = parsed.result;
      expect(board.todayOrders).toBe(2);
      expect(board.waiting).toEqual({ count: 1, soonestDueAt: toronto(23, 11, 30).toISOString() });
      expect(board.sales).toHaveLength(30);
      expect(board.sales[0]!.date).toBe('2026-10-22');
      expect(board.sales.at(-1)).toEqual({
        date: '2026-11-20',
        orders: 1,
        amount: { amount: 630, currency: 'CAD' },
      });
      // Held money and refunds are shown apart, never counted as sales. Tax is each movement's
      // share of its order's tax: the $5.00 refund gave back its part of the tax too.
      const [taxed] = await db.select().from(orders).where(eq(orders.id, acceptedToday));
      expect(taxed!.taxAmount).toBeGreaterThan(0);
      const share = (amount: number) => Math.round((amount * taxed!.taxAmount) / 1130);
      expect(board.salesSummary).toEqual({
        sales: { amount: 1760, currency: 'CAD' },
        captured: { amount: 2260, currency: 'CAD' },
        refunded: { amount: 500, currency: 'CAD' },
        held: { amount: 1130, currency: 'CAD' },
        tax: { amount: 2 * share(1130) - share(500), currency: 'CAD' },
      });
      // The 30 days' orders by where they are now; the October one is outside the window.
      const counted = ['placed', 'accepted', 'completed', 'declined'];
      expect(board.ordersByStatus.map((row) => [row.label, row.count])).toEqual(
        ORDER_STATUSES.filter((status) => counted.includes(status)).map((status) => [
          ORDER_STATUS_LABELS[status],
          1,
        ]),
      );
      expect(board.sales.at(-2)).toEqual({
        date: '2026-11-19',
        orders: 1,
        amount: { amount: 1130, currency: 'CAD' },
      });
      const others = board.sales.slice(0, -2);
      expect(others.every((day) => day.orders === 0 && day.amount.amount === 0)).toBe(true);
      expect(board.lowStock.map((offer) => [offer.offerId, offer.quantity])).toEqual(
        low.map((offer, i) => [offer.id, i]),
      );
      expect(board.lowStock[2]!.stock).toEqual(stockStatus(2));
      expect(board.recentOrders.map((order) => order.id).slice(0, 3)).toEqual([
        waiting,
        acceptedToday,
        lateThursday,
      ]);
      expect(board.recentOrders).toHaveLength(5);
      const [sample] = await db.select().from(orders).where(eq(orders.id, waiting));
      expect(sample!.totalAmount).toBe(1130);
    }, 60_000);

    it('exports the orders of a date range as CSV for the owner, spreadsheet-safe, never for staff', async () => {
      const w = await world(50);
      const db = getDb().db;
      const first = await quickOrder(w, toronto(19, 10), ['accepted']);
      const second = await quickOrder(w, toronto(20, 11));
      await quickOrder(w, toronto(17, 12)); // before the range
      // A customer whose name a spreadsheet would run as a formula.
      const [row] = await db.select().from(orders).where(eq(orders.id, second));
      await db
        .update(users)
        .set({ displayName: '=HYPERLINK("http://evil.example","Sam")' })
        .where(eq(users.id, row!.userId));

      const url = `${managePaths.ordersExport(w.businessId)}?from=2026-11-19&to=2026-11-20`;
      const response = await w.owner.get(url);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="orders-[a-z0-9_-]+-2026-11-19-to-2026-11-20\.csv"$/,
      );
      const lines = response.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'Order,Placed (store time),Status,Fulfilment,Customer,Items,Subtotal,Discount,Delivery fee,Tax,Total,Charged,Refunded,Currency',
      );
      expect(lines).toHaveLength(3);
      const [firstOrder] = await db.select().from(orders).where(eq(orders.id, first));
      expect(lines[1]).toMatch(
        new RegExp(`^${firstOrder!.number},2026-11-19 10:00,Accepted,Reserve for pickup,`),
      );
      expect(lines[1]).toContain(',Sam Shopper,1,10.00,0.00,0.00,1.30,11.30,0.00,0.00,CAD');
      // Quoted, and the formula defused with a leading apostrophe.
      expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil.example"",""Sam"")"`);

      expect((await w.staff.get(url)).statusCode).toBe(403);
      const backwards = await w.owner.get(
        `${managePaths.ordersExport(w.businessId)}?from=2026-11-20&to=2026-11-19`,
      );
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json()).toEqual({
        status: 0,
        message: 'The last day must be on or after the first day.',
      });
    }, 60_000);

    // Issue 15: fair no-show rules, a counter that works, member names on the timeline.

    async function storeDetail(w: World, orderId: string) {
      const response = await w.staff.get(managePaths.order(w.businessId, orderId));
      expect(response.statusCode, response.body).toBe(200);
      const parsed = storeOrderDetailResponse.parse(response.json());
      if (parsed.status !== 1) throw new Error(response.body);
      return parsed.result;
    }

    it('no-show: refused before the ready-by time plus the hold window, allowed after', async () => {
      const w = await world();
      const db = getDb().db;
      const placed = await placeOrder(w.app, db, w.offer, { now });
      const readyBy = toronto(20, 16, 30);
      const accept = await w.staff.post(managePaths.orderAccept(w.businessId, placed.orderId), {
        readyBy: readyBy.toISOString(),
      });
      expect(accept.statusCode, accept.body).toBe(200);
      expect(
        (await w.staff.post(managePaths.orderReady(w.businessId, placed.orderId))).statusCode,
      ).toBe(200);
      // The terms' default: held 24 hours after the ready-by time.
      const byTerms = new Date(readyBy.getTime() + NO_SHOW_HOLD_MINUTES_DEFAULT * 60_000);
      expect(NO_SHOW_HOLD_MINUTES_DEFAULT).toBe(24 * 60);
      let detail = await storeDetail(w, placed.orderId);
      expect(detail.noShowFrom).toBe(byTerms.toISOString());
      expect(detail.actions).toEqual(['complete']);

      // The store's own hold window: two hours after ready-by.
      await db
        .update(businesses)
        .set({ noShowHoldMinutes: 120 })
        .where(eq(businesses.id, w.businessId));
      const from = toronto(20, 18, 30);
      detail = await storeDetail(w, placed.orderId);
      expect(detail.noShowFrom).toBe(from.toISOString());

      const noShow = () => w.staff.post(managePaths.orderNoShow(w.businessId, placed.orderId));
      for (const at of [toronto(20, 16), readyBy, toronto(20, 18, 29)]) {
        now = at;
        expectFailure(
          await noShow(),
          409,
          sm.noShowTooEarly(formatStoreTime(from, 'America/Toronto')),
        );
      }
      expect((await noShow()).json().message).toBe(
        'The shopper still has until Fri Nov 20, 18:30 to collect this order; you can mark it not picked up after that.',
      );
      expect((await orderRow(db, placed.orderId)).status).toBe('ready_for_pickup');
      expect(await paymentStatus(db, placed.paymentId)).toBe('authorised');

      now = from;
      detail = await storeDetail(w, placed.orderId);
      expect(detail.actions).toEqual(['complete', 'no_show']);
      const done = await noShow();
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ message: sm.noShow, result: { status: 'no_show' } });
      expect(await paymentStatus(db, placed.paymentId)).toBe('voided');
      // Not accepted yet: the state machine's refusal, not the hold window's.
      const fresh = await quickOrder(w, toronto(20, 15));
      expectFailure(
        await w.staff.post(managePaths.orderNoShow(w.businessId, fresh)),
        409,
        illegalTransitionMessage('placed', 'no_show'),
      );
    }, 60_000);

    it('counter lookup: finds any order of the store and says its state; codes ignore spaces and case', async () => {
      const w = await world();
      const db = getDb().db;
      const at = toronto(20, 10);
      const orderIds = {
        placed: await quickOrder(w, at),
        accepted: await quickOrder(w, at, ['accepted']),
        ready: await quickOrder(w, at, ['accepted', 'ready_for_pickup']),
        completed: await quickOrder(w, at, ['accepted', 'ready_for_pickup', 'completed']),
        declined: await quickOrder(w, at, ['declined']),
        noShow: await quickOrder(w, at, ['accepted', 'ready_for_pickup', 'no_show']),
      };
      const codes = {
        placed: 'PPJGJG',
        accepted: 'KXT4M9',
        ready: 'RDY7QW',
        completed: 'CMP3LT',
        declined: 'DCL9ZN',
        noShow: 'NSH4WX',
      };
      for (const key of Object.keys(codes) as (keyof typeof codes)[]) {
        await db.update(orders).set({ pickupCode: codes[key] }).where(eq(orders.id, orderIds[key]));
      }
      const lookup = async (code: string) => {
        const response = await w.staff.get(
          `${managePaths.orderByPickupCode(w.businessId)}?${new URLSearchParams({ code })}`,
        );
        expect(response.statusCode, response.body).toBe(200);
        const parsed = pickupCodeLookupResponse.parse(response.json());
        if (parsed.status !== 1) throw new Error(response.body);
        return parsed.result;
      };
      const when = formatStoreTime(at, 'America/Toronto'); // Fri Nov 20, 10:00
      expect(await lookup('PPJGJG')).toMatchObject({
        id: orderIds.placed,
        status: 'placed',
        stateText: 'Not accepted yet: accept it before handing it over.',
        canComplete: false,
      });
      expect(await lookup('KXT4M9')).toMatchObject({
        status: 'accepted',
        stateText: sm.pickupState.accepted,
        canComplete: false,
      });
      expect(await lookup('CMP3LT')).toMatchObject({
        id: orderIds.completed,
        status: 'completed',
        stateText: `Already completed on ${when}.`,
        canComplete: false,
      });
      expect(await lookup('DCL9ZN')).toMatchObject({
        stateText: sm.pickupState.declined(when),
        canComplete: false,
      });
      expect(await lookup('NSH4WX')).toMatchObject({
        stateText: sm.pickupState.no_show(when),
      });
      // Read out in groups, typed in lower case, with a dash, or with odd spacing: the same order.
      for (const typed of ['rdy 7qw', 'RDY-7QW', '  r d y 7 q w ', 'Rdy7Qw']) {
        expect(await lookup(typed)).toMatchObject({
          id: orderIds.ready,
          status: 'ready_for_pickup',
          stateText: 'Ready for pickup.',
          canComplete: true,
        });
      }
      expectFailure(
        await w.staff.get(`${managePaths.orderByPickupCode(w.businessId)}?code=ZZZ%20ZZZ`),
        404,
        sm.pickupCodeNotFound,
      );
      // A found, ready order completes with the code as it was looked up (one step at the counter).
      const done = await w.staff.post(managePaths.orderComplete(w.businessId, orderIds.ready), {
        pickupCode: 'rdy 7qw',
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ result: { status: 'completed' } });
      expect((await lookup('RDY 7QW')).stateText).toBe(
        'Already completed on Fri Nov 20, 16:00.', // the clock of this world: Friday 16:00
      );
    }, 60_000);

    it('names the member who acted on every timeline event; inbox rows name the items', async () => {
      const w = await world();
      const db = getDb().db;
      const placed = await placeOrder(w.app, db, w.offer, { now, quantity: 2 });
      expect(
        (await w.staff.post(managePaths.orderAccept(w.businessId, placed.orderId))).statusCode,
      ).toBe(200);
      const owner = await w.owner.post(managePaths.orderReady(w.businessId, placed.orderId));
      expect(owner.statusCode, owner.body).toBe(200);
      const detail = await storeDetail(w, placed.orderId);
      const event = (status: OrderStatus) => detail.timeline.find((e) => e.status === status);
      expect(event('placed')).toMatchObject({ actor: 'system', actorName: null });
      expect(event('accepted')).toMatchObject({ actor: 'store', actorName: 'Stan Manager' });
      expect(event('ready_for_pickup')).toMatchObject({
        actor: 'store',
        actorName: 'Olive Manager',
      });
      const rows = await db
        .select({ status: orderEvents.status, userId: orderEvents.actorUserId })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, placed.orderId));
      const accepted = rows.find((row) => row.status === 'accepted');
      expect(accepted?.userId).not.toBeNull();
      // The shopper's own page says "by the store", never the member's name.
      const mine = await shopperClient(w.app, placed.who).get(commercePaths.order(placed.orderId));
      const shopperView = orderDetailResponse.parse(mine.json());
      if (shopperView.status !== 1) throw new Error(mine.body);
      expect(shopperView.result.timeline.every((event) => event.actorName === null)).toBe(true);

      // A shopper's cancel, the 4-hour rule's auto-cancel and a decline by the owner.
      const byShopper = await placeOrder(w.app, db, w.offer, { now });
      const cancel = await shopperClient(w.app, byShopper.who).post(
        commercePaths.orderCancel(byShopper.orderId),
        {},
      );
      expect(cancel.statusCode, cancel.body).toBe(200);
      const cancelled = await storeDetail(w, byShopper.orderId);
      expect(cancelled.timeline.at(-1)).toMatchObject({
        status: 'cancelled',
        actor: 'shopper',
        actorName: null,
      });
      const declined = await quickOrder(w, toronto(20, 15));
      expect(
        (
          await w.owner.post(managePaths.orderDecline(w.businessId, declined), {
            reason: 'store_closed',
          })
        ).statusCode,
      ).toBe(200);
      expect((await storeDetail(w, declined)).timeline.at(-1)).toMatchObject({
        status: 'declined',
        actor: 'store',
        actorName: 'Olive Manager',
      });

      // Inbox rows: "2 × <title>" instead of "2 items".
      const [line] = await db
        .select({ title: orderItems.title })
        .from(orderItems)
        .where(eq(orderItems.orderId, placed.orderId));
      const ready = await list(w, 'ready');
      expect(ready.results.find((row) => row.id === placed.orderId)?.itemsSummary).toBe(
        `2 × ${line!.title}`,
      );
      expect((await storeDetail(w, declined)).itemsSummary).toBe('Test item');
    }, 60_000);

    it("gives the store the shopper's phone once it accepts: the checkout's, else the profile's", async () => {
      const w = await world();
      const db = getDb().db;
      const given = await placeOrder(w.app, db, w.offer, { now, contactPhone: '416 555 0199' });
      expect((await storeDetail(w, given.orderId)).shopperPhone).toBeNull(); // not accepted yet
      await w.staff.post(managePaths.orderAccept(w.businessId, given.orderId));
      expect((await storeDetail(w, given.orderId)).shopperPhone).toBe('+14165550199');

      // None given at checkout: the profile's number goes with the order; a bad one is refused.
      const shopper = await signedInShopper(db, now);
      await db.update(users).set({ phone: '+442079460958' }).where(eq(users.id, shopper.userId));
      const api = shopperClient(w.app, shopper);
      await addProduct(api, w.offer, 1);
      const checkout = (contactPhone?: string) =>
        api.post(commercePaths.checkouts, {
          stores: [{ businessId: w.businessId, fulfilment: 'reserve_pickup' }],
          idempotencyKey: `key-${randomUUID()}`,
          ...(contactPhone === undefined ? {} : { contactPhone }),
        });
      expectFailure(await checkout('call me'), 400, phoneMessages.invalid);
      const placed = await checkout();
      expect(placed.statusCode, placed.body).toBe(201);
      const [order] = await db
        .select({ phone: orders.contactPhone })
        .from(orders)
        .where(eq(orders.checkoutId, viewOf(placed).id));
      expect(order!.phone).toBe('+442079460958');
    }, 60_000);
  });
}
