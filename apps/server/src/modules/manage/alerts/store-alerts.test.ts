import {
  commercePaths,
  DEFAULT_STORE_ALERT_PREFERENCES,
  livePaths,
  type StoreAlertPreferences,
  storeOrderMessages as sm,
} from '@localmart/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { businesses } from '../../../db/schema/catalog.ts';
import { liveEvents } from '../../../db/schema/live.ts';
import { devOutbox } from '../../../db/schema/mail.ts';
import { useTestApp } from '../../../test/app.ts';
import { useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { makeJobsDue, queuedJobs } from '../../../test/jobs.ts';
import type { DemoOffer } from '../../catalog/demo/types.ts';
import { sendContactMessage } from '../../catalog/businesses/contact.service.ts';
import { cityShelf, shopperWithClient } from '../../commerce/cart/commerce-test-support.ts';
import {
  listenOnFreePort,
  unusedStoreOffer,
} from '../../commerce/checkout/checkout-test-support.ts';
import { ORDER_MAIL_QUEUE } from '../../commerce/orders/order-mail-queue.ts';
import { transitionOrder } from '../../commerce/orders/order-transitions.ts';
import { addMember, manageClient, type Person, person } from '../manage-test-support.ts';
import { runOrderResponse } from '../orders/response-sweeper.service.ts';
import {
  FRIDAY_4PM,
  orderRow,
  placeOrder,
  prepareStore,
  toronto,
} from '../orders/store-orders-test-support.ts';
import { storeAlertSubjects } from './store-alert-emails.ts';

/** Monday 12:00: the deadline of an order placed Friday 16:00 at a 9-5 store (response-rule.test.ts). */
const DUE = toronto(23, 12);
/** 30 open minutes before it. */
const WARNING = toronto(23, 11, 30);

const ALL_OFF: StoreAlertPreferences = {
  order_placed: false,
  order_auto_cancelled: false,
  order_deadline_soon: false,
  price_match_requested: false,
  message_received: false,
};

for (const backend of testDatabases()) {
  describe(`store alert emails and preferences on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    const shelf = cityShelf(useCatalogCity(getDb));
    const usedStores = new Set<string>();
    let now = FRIDAY_4PM;

    interface World {
      app: FastifyInstance;
      offer: DemoOffer;
      storeEmail: string;
      owner: Person;
      /** A member who turned every email alert off. */
      quiet: Person;
    }

    async function world(): Promise<World> {
      now = FRIDAY_4PM;
      const { app } = await listenOnFreePort(makeApp, {
        now: () => now,
        jobs: { pollingIntervalSeconds: 0.5 },
      });
      const db = getDb().db;
      const offer = unusedStoreOffer(shelf, usedStores);
      await prepareStore(db, offer, 10);
      const owner = await person(db, now, { name: 'Olive' });
      const quiet = await person(db, now, { name: 'Quinn' });
      await addMember(db, offer.businessId, owner, 'owner');
      await addMember(db, offer.businessId, quiet, 'staff');
      const saved = await manageClient(app, quiet).put(
        livePaths.storeAlertPreferences(offer.businessId),
        ALL_OFF,
      );
      expect(saved.statusCode, saved.body).toBe(200);
      const [store] = await db
        .select({ email: businesses.email })
        .from(businesses)
        .where(eq(businesses.id, offer.businessId));
      return { app, offer, storeEmail: store!.email.toLowerCase(), owner, quiet };
    }

    async function mailTo(subject: string) {
      const rows = await getDb()
        .db.select({ to: devOutbox.to, text: devOutbox.text, html: devOutbox.html })
        .from(devOutbox)
        .where(eq(devOutbox.subject, subject))
        .orderBy(asc(devOutbox.seq));
      return rows.map((row) => ({ ...row, to: row.to.split(', ').sort() }));
    }

    const jobDeps = (app: FastifyInstance) => ({
      db: app.db,
      payments: app.payments,
      mailer: app.mailer,
      brand: { appName: 'Localmart', appUrl: 'http://localhost:3000' },
      log: app.log,
      now: app.now,
      jobs: app.jobs,
    });

    it('a placed order emails the store and the members who keep it on, once, with the order in it', async () => {
      const w = await world();
      const db = getDb().db;
      const placed = await placeOrder(w.app, db, w.offer, { now, quantity: 2 });
      const subject = storeAlertSubjects.orderPlaced(placed.number);
      const mail = await mailTo(subject);
      expect(mail).toHaveLength(1);
      // The store's address and the owner; Quinn turned it off.
      expect(mail[0]!.to).toEqual([w.storeEmail, w.owner.email.toLowerCase()].sort());
      expect(mail[0]!.text).toMatch(/^2 × \S.+$/m);
      expect(mail[0]!.text).toContain('accept or decline it by Mon Nov 23, 12:00');
      expect(mail[0]!.text).toContain(
        `/manage/stores/${w.offer.businessId}/orders/${placed.orderId}`,
      );
      expect(mail[0]!.html).toContain('Answer it');

      // The request sent it and took the safety-net job back: nothing is left to send it again.
      expect(
        (await queuedJobs(db, ORDER_MAIL_QUEUE, { orderId: placed.orderId })).filter(
          (job) => job.state === 'created' || job.state === 'retry',
        ),
      ).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await mailTo(subject)).toHaveLength(1);
    }, 60_000);

    it('the 4-hour rule warns 30 open minutes before the deadline (once, instead of that slot’s reminder), then the cancel emails the store', async () => {
      const w = await world();
      const db = getDb().db;
      const placed = await placeOrder(w.app, db, w.offer, { now });
      expect((await orderRow(db, placed.orderId)).deadlineWarningAt).toEqual(WARNING);

      // The job run at 11:30 both warns and books that slot's reminder.
      now = WARNING;
      expect(await runOrderResponse(jobDeps(w.app), placed.orderId, WARNING)).toBe('warned');
      // A retried run (the worker died after the commit) warns nobody twice.
      expect(await runOrderResponse(jobDeps(w.app), placed.orderId, WARNING)).toBe('waiting');
      const warning = await mailTo(storeAlertSubjects.deadlineSoon(placed.number));
      expect(warning).toHaveLength(1);
      expect(warning[0]!.to).toEqual([w.storeEmail, w.owner.email.toLowerCase()].sort());
      expect(warning[0]!.text).toContain('answer it by Mon Nov 23, 12:00');
      // Quinn chose no warning emails: the slot's plain reminder reaches them, and only them.
      const reminders = await mailTo(sm.reminderSubject(placed.number));
      expect(reminders.map((mail) => mail.to)).toEqual([[w.quiet.email.toLowerCase()]]);
      // The store's members hear it live too, once.
      const events = await getDb()
        .db.select({ data: liveEvents.data })
        .from(liveEvents)
        .where(eq(liveEvents.audience, `store:${w.offer.businessId}`));
      expect(
        events.map((event) => event.data).filter((data) => data.kind === 'order.deadline_soon'),
      ).toEqual([
        {
          kind: 'order.deadline_soon',
          businessId: w.offer.businessId,
          orderId: placed.orderId,
          number: placed.number,
          status: 'placed',
          responseDueAt: DUE.toISOString(),
        },
      ]);
      const row = await orderRow(db, placed.orderId);
      expect(row.deadlineWarningAt).toBeNull();
      expect(row.remindersSent).toBe(1);

      now = DUE;
      expect(await runOrderResponse(jobDeps(w.app), placed.orderId, DUE)).toBe('cancelled');
      const cancelled = await mailTo(storeAlertSubjects.orderAutoCancelled(placed.number));
      expect(cancelled).toHaveLength(1);
      expect(cancelled[0]!.to).toEqual([w.storeEmail, w.owner.email.toLowerCase()].sort());
      expect(cancelled[0]!.text).toContain('nobody answered it in time');
    }, 60_000);

    it('the order-mail safety net sends the store’s email when the request never did, once', async () => {
      const w = await world();
      const db = getDb().db;
      const placed = await placeOrder(w.app, db, w.offer, { now });
      now = DUE;
      // The change commits, then the process "dies" before its effects: only the job is left.
      await transitionOrder(db, {
        orderId: placed.orderId,
        to: 'auto_cancelled',
        actor: 'system',
        now: DUE,
        note: sm.autoCancelNote,
        jobs: w.app.jobs,
      });
      const subject = storeAlertSubjects.orderAutoCancelled(placed.number);
      expect(await mailTo(subject)).toHaveLength(0);
      expect(await makeJobsDue(db, ORDER_MAIL_QUEUE, { orderId: placed.orderId })).toBe(1);
      await expect.poll(async () => (await mailTo(subject)).length, { timeout: 10_000 }).toBe(1);
      await expect
        .poll(async () =>
          (await queuedJobs(db, ORDER_MAIL_QUEUE, { orderId: placed.orderId })).map(
            (job) => job.state,
          ),
        )
        .toEqual(['completed']);
      expect(await mailTo(subject)).toHaveLength(1);
    }, 60_000);

    it('a price-match request emails the members who keep it on; a contact message also the store’s address', async () => {
      const w = await world();
      const db = getDb().db;
      const { api } = await shopperWithClient(w.app, db, now);
      const asked = await api.post(commercePaths.priceMatches, {
        offerId: w.offer.id,
        competitorName: 'Corner <Grocer>',
        competitorPrice: w.offer.price.amount - 40,
        evidenceUrl: 'https://corner-grocer.example/flyer',
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const title = asked.json().result.productTitle as string;
      const match = await mailTo(storeAlertSubjects.priceMatchRequested(title));
      expect(match.map((mail) => mail.to)).toEqual([[w.owner.email.toLowerCase()]]);
      expect(match[0]!.text).toContain("match Corner <Grocer>'s price");
      expect(match[0]!.html).toContain('Corner &#60;Grocer&#62;');
      expect(match[0]!.text).toContain(`/manage/stores/${w.offer.businessId}/price-matches`);

      const sent = await sendContactMessage(db, w.app.mailer, {
        appName: 'Localmart',
        businessId: w.offer.businessId,
        userId: null,
        form: { name: 'Pat', email: 'pat@example.com', phone: '', message: 'Open on Sunday?' },
      });
      expect(sent).toEqual({ sent: true });
      const [message] = await getDb()
        .db.select({ to: devOutbox.to })
        .from(devOutbox)
        .where(
          eq(
            devOutbox.text,
            'Pat <pat@example.com> wrote:\n\nOpen on Sunday?\n\nReply to this email to answer them.',
          ),
        );
      expect(message!.to.split(', ').sort()).toEqual(
        [w.storeEmail, w.owner.email.toLowerCase()].sort(),
      );
    }, 60_000);

    it('preferences: each member reads and saves their own; defaults all on; others are refused', async () => {
      const w = await world();
      const db = getDb().db;
      const url = livePaths.storeAlertPreferences(w.offer.businessId);
      const owner = manageClient(w.app, w.owner);

      const first = await owner.get(url);
      expect(first.statusCode).toBe(200);
      expect(first.json().result).toEqual(DEFAULT_STORE_ALERT_PREFERENCES);

      const choice = { ...DEFAULT_STORE_ALERT_PREFERENCES, price_match_requested: false };
      const saved = await owner.put(url, choice);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ message: 'Email alerts saved.', result: choice });
      expect((await owner.get(url)).json().result).toEqual(choice);
      // Quinn's choices are Quinn's own.
      expect((await manageClient(w.app, w.quiet).get(url)).json().result).toEqual(ALL_OFF);

      // A partial or unknown body is a 400 in words, never half-saved.
      const partial = await owner.put(url, { order_placed: false });
      expect(partial.statusCode).toBe(400);
      expect((await owner.get(url)).json().result).toEqual(choice);

      const stranger = await person(db, now, { name: 'Stranger' });
      const otherStore = unusedStoreOffer(shelf, usedStores);
      await addMember(db, otherStore.businessId, stranger, 'owner');
      expect((await manageClient(w.app, stranger).get(url)).statusCode).toBe(403);
      expect((await manageClient(w.app, stranger).put(url, ALL_OFF)).statusCode).toBe(403);
      expect((await manageClient(w.app).get(url)).statusCode).toBe(401);
      // A platform admin sees the store but is no member: no email alerts to choose.
      const admin = await person(db, now, { name: 'Ada', admin: true });
      const asAdmin = await manageClient(w.app, admin).get(url);
      expect(asAdmin.statusCode).toBe(404);
      expect(asAdmin.json()).toMatchObject({ status: 0 });
    }, 60_000);
  });
}
