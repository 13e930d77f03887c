import {
  managePaths,
  ORDER_STATUS_LABELS,
  REMINDER_EVERY_MINUTES,
  storeOrderMessages as sm,
} from '@localmart/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/accounts.ts';
import { businesses } from '../../../db/schema/catalog.ts';
import { devOutbox } from '../../../db/schema/mail.ts';
import { type TestAppOptions, useTestApp } from '../../../test/app.ts';
import { useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import type { DemoOffer } from '../../catalog/demo/types.ts';
import { cityShelf } from '../../commerce/cart/commerce-test-support.ts';
import {
  listenOnFreePort,
  unusedStoreOffer,
} from '../../commerce/checkout/checkout-test-support.ts';
import { offerQuantity } from '../../commerce/orders/commerce-orders-test-support.ts';
import { addMember, type ManageClient, manageClient, person } from '../manage-test-support.ts';
import { makeJobsDue, queuedJobs } from '../../../test/jobs.ts';
import { ORDER_RESPONSE_QUEUE } from '../../commerce/orders/order-response-queue.ts';
import { type ResponseSweepDeps, sweepOrderResponses } from './response-sweeper.service.ts';
import {
  eventsOf,
  FRIDAY_4PM,
  orderRow,
  paymentStatus,
  placeOrder,
  prepareStore,
  toronto,
} from './store-orders-test-support.ts';

const MINUTE = 60_000;
const DUE = toronto(23, 12); // Monday 12:00: one hour on Friday, three on Monday

for (const backend of testDatabases()) {
  describe(`the 4-hour response rule on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    const shelf = cityShelf(useCatalogCity(getDb));
    const usedStores = new Set<string>();
    /** The app's clock (checkout, store answers); sweeps are given their instant. */
    let now = FRIDAY_4PM;

    interface World {
      app: FastifyInstance;
      offer: DemoOffer;
      owner: ManageClient;
      ownerEmail: string;
      deps: () => ResponseSweepDeps;
    }

    /** A listening app (the payment adapter asks the simulator over HTTP) and a 9-5 store of its own. */
    async function world(stock = 10, options: TestAppOptions = {}): Promise<World> {
      now = FRIDAY_4PM;
      const { app } = await listenOnFreePort(makeApp, { ...options, now: () => now });
      const db = getDb().db;
      const offer = unusedStoreOffer(shelf, usedStores);
      await prepareStore(db, offer, stock);
      const owner = await person(db, now, { name: 'Olive' });
      await addMember(db, offer.businessId, owner, 'owner');
      const deps = () => ({
        db: app.db,
        payments: app.payments,
        mailer: app.mailer,
        brand: { appName: 'Localmart', appUrl: 'http://localhost:3000' },
        log: app.log,
        now: app.now,
      });
      return { app, offer, owner: manageClient(app, owner), ownerEmail: owner.email, deps };
    }

    async function reminders(number: string) {
      return getDb()
        .db.select({ to: devOutbox.to, text: devOutbox.text })
        .from(devOutbox)
        .where(eq(devOutbox.subject, sm.reminderSubject(number)))
        .orderBy(asc(devOutbox.seq));
    }

    async function shopperSubjects(userId: string): Promise<string[]> {
      const [user] = await getDb()
        .db.select({ email: users.email })
        .from(users)
        .where(eq(users.id, userId));
      const rows = await getDb()
        .db.select({ subject: devOutbox.subject })
        .from(devOutbox)
        .where(eq(devOutbox.to, user!.email.toLowerCase()))
        .orderBy(asc(devOutbox.seq));
      return rows.map((row) => row.subject);
    }

    const accept = (w: World, orderId: string) =>
      w.owner.post(managePaths.orderAccept(w.offer.businessId, orderId), {});

    it('an order placed Friday 16:00 at a Mon-Fri 9-17 store is due Monday 12:00; reminders every 30 open minutes, none at night or on the weekend', async () => {
      const w = await world();
      const db = getDb().db;
      const placed = await placeOrder(w.app, db, w.offer, { now });
      const row = await orderRow(db, placed.orderId);
      expect(row.placedAt).toEqual(FRIDAY_4PM);
      expect(row.responseDueAt).toEqual(DUE);
      expect(row.nextReminderAt).toEqual(toronto(20, 16, 30));
      expect(row.remindersSent).toBe(0);

      // Sweep every 15 minutes from Friday 16:00 until just before the deadline, as the timer would.
      const sentAt: Date[] = [];
      for (let at = FRIDAY_4PM.getTime(); at < DUE.getTime(); at += 15 * MINUTE) {
        const before = (await reminders(placed.number)).length;
        await sweepOrderResponses(w.deps(), new Date(at));
        const after = (await reminders(placed.number)).length;
        expect(after - before).toBeLessThanOrEqual(1);
        if (after > before) sentAt.push(new Date(at));
      }
      // +30, +60 (17:00: the closing instant still counts as open time) ... +210 business minutes.
      expect(sentAt).toEqual([
        toronto(20, 16, 30),
        toronto(20, 17, 0),
        toronto(23, 9, 30),
        toronto(23, 10, 0),
        toronto(23, 10, 30),
        toronto(23, 11, 0),
        toronto(23, 11, 30),
      ]);
      const after = await orderRow(db, placed.orderId);
      expect(after.status).toBe('placed');
      expect(after.remindersSent).toBe(7);
      // The next slot would be the deadline itself: no reminder then, the order is cancelled.
      expect(after.nextReminderAt).toBeNull();

      const mail = await reminders(placed.number);
      const [store] = await db
        .select({ email: businesses.email })
        .from(businesses)
        .where(eq(businesses.id, w.offer.businessId));
      // One message to the store's address and every member's.
      expect(mail[0]!.to.split(', ').sort()).toEqual(
        [store!.email.toLowerCase(), w.ownerEmail.toLowerCase()].sort(),
      );
      expect(mail[0]!.text).toContain(
        `Order ${placed.number} is waiting for your answer: respond by Mon Nov 23, 12:00.`,
      );
      expect(mail[0]!.text).toContain(
        `/manage/stores/${w.offer.businessId}/orders/${placed.orderId}`,
      );
      expect(REMINDER_EVERY_MINUTES).toBe(30);
    }, 120_000);

    it('auto-cancels at the deadline: hold voided, stock released, the shopper told', async () => {
      const w = await world(10);
      const db = getDb().db;
      const placed = await placeOrder(w.app, db, w.offer, { now, quantity: 3 });
      expect(await offerQuantity(db, w.offer.id)).toBe(7);
      expect(await paymentStatus(db, placed.paymentId)).toBe('authorised');

      // A minute before: still the store's to answer.
      await sweepOrderResponses(w.deps(), new Date(DUE.getTime() - MINUTE));
      expect((await orderRow(db, placed.orderId)).status).toBe('placed');

      await sweepOrderResponses(w.deps(), DUE);
      const row = await orderRow(db, placed.orderId);
      expect(row.status).toBe('auto_cancelled');
      expect(row.cancelReason).toBe(sm.autoCancelNote);
      expect(await offerQuantity(db, w.offer.id)).toBe(10);
      expect(await paymentStatus(db, placed.paymentId)).toBe('voided');
      const events = await eventsOf(db, placed.orderId);
      expect(events.at(-1)).toEqual({
        status: 'auto_cancelled',
        actor: 'system',
        note: sm.autoCancelNote,
      });
      expect(await shopperSubjects(placed.who.userId)).toContain(
        `Order ${placed.number}: ${ORDER_STATUS_LABELS.auto_cancelled}`,
      );

      // Survives a "restart": a later sweep finds nothing more to do with it.
      await sweepOrderResponses(w.deps(), new Date(DUE.getTime() + 60 * MINUTE));
      expect((await eventsOf(db, placed.orderId)).length).toBe(events.length);
    }, 60_000);

    it('stops reminding once the store accepts, and refuses answers after the deadline', async () => {
      const w = await world();
      const db = getDb().db;
      const answered = await placeOrder(w.app, db, w.offer, { now });
      const late = await placeOrder(w.app, db, w.offer, { now });
      await sweepOrderResponses(w.deps(), toronto(20, 16, 30));
      expect(await reminders(answered.number)).toHaveLength(1);

      now = toronto(20, 16, 40);
      const accepted = await accept(w, answered.orderId);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect((await orderRow(db, answered.orderId)).nextReminderAt).toBeNull();
      for (const at of [toronto(20, 17), toronto(23, 9, 30), DUE, toronto(23, 13)]) {
        await sweepOrderResponses(w.deps(), at);
      }
      expect(await reminders(answered.number)).toHaveLength(1);
      expect((await orderRow(db, answered.orderId)).status).toBe('accepted');

      // The other order: the sweep at DUE cancelled it; an answer now is refused with the rule's words.
      expect((await orderRow(db, late.orderId)).status).toBe('auto_cancelled');
      now = toronto(23, 13);
      for (const response of [
        await accept(w, late.orderId),
        await w.owner.post(managePaths.orderDecline(w.offer.businessId, late.orderId), {
          reason: 'store_closed',
        }),
      ]) {
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ status: 0, message: sm.responseTimePassed });
      }
    }, 60_000);

    it('refuses an answer at the deadline even before the sweeper has run', async () => {
      const w = await world();
      const db = getDb().db;
      const placed = await placeOrder(w.app, db, w.offer, { now });
      now = DUE;
      const response = await accept(w, placed.orderId);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ status: 0, message: sm.responseTimePassed });
      expect((await orderRow(db, placed.orderId)).status).toBe('placed');
      const events = (await eventsOf(db, placed.orderId)).map((event) => event.status);
      expect(events.at(-1)).toBe('placed');
      expect(events).not.toContain('accepted');
    }, 60_000);

    it('acceptance racing the sweeper ends in exactly one final state, with one event', async () => {
      const w = await world(20);
      const db = getDb().db;
      const outcomes = new Set<string>();
      for (let round = 0; round < 6; round++) {
        now = FRIDAY_4PM;
        const placed = await placeOrder(w.app, db, w.offer, { now });
        // Even rounds: the store answers at the deadline (always too late). Odd rounds: a second
        // before it, racing a sweep at the deadline (either may win, never both).
        const answerAt = round % 2 === 0 ? DUE : new Date(DUE.getTime() - 1000);
        now = answerAt;
        const [response] = await Promise.all([
          accept(w, placed.orderId),
          sweepOrderResponses(w.deps(), DUE),
        ]);
        // A sweep that found the row locked by the answer leaves it to the next tick.
        await sweepOrderResponses(w.deps(), DUE);
        const row = await orderRow(db, placed.orderId);
        const finals = (await eventsOf(db, placed.orderId)).filter(
          (event) => event.status === 'accepted' || event.status === 'auto_cancelled',
        );
        expect(finals).toHaveLength(1);
        expect(finals[0]!.status).toBe(row.status);
        if (row.status === 'accepted') {
          expect(response!.statusCode).toBe(200);
          expect(answerAt < DUE).toBe(true);
        } else {
          expect(row.status).toBe('auto_cancelled');
          expect(response!.statusCode).toBe(409);
          expect(await paymentStatus(db, placed.paymentId)).toBe('voided');
        }
        outcomes.add(row.status);
      }
      expect(outcomes.has('auto_cancelled')).toBe(true);
    }, 120_000);

    it('two sweepers at once never double-process: one reminder email, one cancel', async () => {
      const w = await world();
      const db = getDb().db;
      const placed = await placeOrder(w.app, db, w.offer, { now });
      const [a, b] = await Promise.all([
        sweepOrderResponses(w.deps(), toronto(20, 16, 30)),
        sweepOrderResponses(w.deps(), toronto(20, 16, 30)),
      ]);
      expect(a.reminders + b.reminders).toBeGreaterThanOrEqual(1);
      expect(await reminders(placed.number)).toHaveLength(1);
      expect((await orderRow(db, placed.orderId)).remindersSent).toBe(1);

      await Promise.all([
        sweepOrderResponses(w.deps(), DUE),
        sweepOrderResponses(w.deps(), DUE),
        sweepOrderResponses(w.deps(), DUE),
      ]);
      const cancels = (await eventsOf(db, placed.orderId)).filter(
        (event) => event.status === 'auto_cancelled',
      );
      expect(cancels).toHaveLength(1);
      const told = (await shopperSubjects(placed.who.userId)).filter(
        (subject) => subject === `Order ${placed.number}: ${ORDER_STATUS_LABELS.auto_cancelled}`,
      );
      expect(told).toHaveLength(1);
      expect(await paymentStatus(db, placed.paymentId)).toBe('voided');
      const [still] = await db
        .select({ status: businesses.status })
        .from(businesses)
        .where(and(eq(businesses.id, w.offer.businessId)));
      expect(still?.status).toBe('published');
    }, 60_000);

    it('each placed order has one job: it sends each reminder when due and queues the next, then auto-cancels at the deadline', async () => {
      const w = await world(10, { jobs: { pollingIntervalSeconds: 0.5 } });
      const db = getDb().db;
      const placed = await placeOrder(w.app, db, w.offer, { now });
      const match = { orderId: placed.orderId };
      const jobs = () => queuedJobs(db, ORDER_RESPONSE_QUEUE, match);
      // Queued with the order, due at its first reminder (Friday 16:30): no scan every minute.
      const [first] = await jobs();
      expect(first?.state).toBe('created');
      expect(first?.dueInSeconds).toBeGreaterThan(30 * 60 - 60);
      expect(first?.dueInSeconds).toBeLessThanOrEqual(30 * 60 + 1);

      now = toronto(20, 16, 30);
      expect(await makeJobsDue(db, ORDER_RESPONSE_QUEUE, match)).toBe(1);
      await expect.poll(async () => (await orderRow(db, placed.orderId)).remindersSent).toBe(1);
      expect(await reminders(placed.number)).toHaveLength(1);
      // The run queued the next one (in the transaction that booked the reminder and its email).
      await expect
        .poll(async () => (await jobs()).map((job) => job.state))
        .toEqual(['completed', 'created']);
      expect((await jobs())[1]!.dueInSeconds).toBeGreaterThan(0);

      now = DUE;
      expect(await makeJobsDue(db, ORDER_RESPONSE_QUEUE, match)).toBe(1);
      await expect
        .poll(async () => (await orderRow(db, placed.orderId)).status, { timeout: 10_000 })
        .toBe('auto_cancelled');
      await expect.poll(() => paymentStatus(db, placed.paymentId)).toBe('voided');
      // The chain ends with the order: nothing waits, and one reminder was sent in all.
      await expect
        .poll(async () => (await jobs()).filter((job) => job.state !== 'completed'))
        .toEqual([]);
      expect(await reminders(placed.number)).toHaveLength(1);
    }, 60_000);

    it('an order answered before its time ends its job quietly', async () => {
      const w = await world(10, { jobs: { pollingIntervalSeconds: 0.5 } });
      const db = getDb().db;
      const placed = await placeOrder(w.app, db, w.offer, { now });
      expect((await accept(w, placed.orderId)).statusCode).toBe(200);
      now = DUE;
      await makeJobsDue(db, ORDER_RESPONSE_QUEUE, { orderId: placed.orderId });
      await expect
        .poll(async () =>
          (await queuedJobs(db, ORDER_RESPONSE_QUEUE, { orderId: placed.orderId })).map(
            (job) => job.state,
          ),
        )
        .toEqual(['completed']);
      expect((await orderRow(db, placed.orderId)).status).toBe('accepted');
      expect(await reminders(placed.number)).toHaveLength(0);
    }, 60_000);
  });
}
