import { randomUUID } from 'node:crypto';
import {
  appointmentMessages as am,
  appointmentPaths,
  cartResponse,
  commercePaths,
  orderDetailResponse,
  serviceSlotsResponse,
  type AppointmentSlot,
  type ServiceAvailability,
} from '@localmart/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { appointments, appointmentSlots } from '../../db/schema/appointments.ts';
import { checkouts, orderItems, orders } from '../../db/schema/commerce.ts';
import { businesses } from '../../db/schema/catalog.ts';
import { users } from '../../db/schema/accounts.ts';
import { mailTo } from '../../test/accounts.ts';
import { mailOrderChange } from '../commerce/orders/order-effects.ts';
import { useTestApp } from '../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../test/databases.ts';
import type { DemoService } from '../catalog/demo/types.ts';
import {
  cityShelf,
  type ShopperClient,
  shopperWithClient,
} from '../commerce/cart/commerce-test-support.ts';
import { setStoreTerms } from '../commerce/checkout/checkout-test-support.ts';
import { transitionOrder } from '../commerce/orders/order-transitions.ts';
import { manageCast, manageClient } from '../manage/manage-test-support.ts';

const RESERVE_ONLY = { reservePickup: true, buyOnlinePickup: false, sameDayDelivery: false };
/** Mon-Sun 09:00-17:00, hour slots: 8 a day, lunch 12-13 taken out. */
const WEEKLY = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [
    day,
    [{ open: '09:00', close: '17:00' }],
  ]),
) as ServiceAvailability['weekly'];

for (const backend of testDatabases()) {
  describe(`service appointments on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    const city = useCatalogCity(getDb);
    const shelf = cityShelf(city);
    const usedStores = new Set<string>();

    /** A service of its own store, the store taking reservations, with `availability` saved. */
    async function bookableService(
      app: FastifyInstance,
      availability: Partial<ServiceAvailability> = {},
    ): Promise<DemoService> {
      const service = shelf.service((candidate) => !usedStores.has(candidate.businessId));
      usedStores.add(service.businessId);
      await setStoreTerms(getDb().db, service.businessId, { fulfilment: RESERVE_ONLY });
      const { owner } = await manageCast(getDb().db, CITY_NOW, {
        storeId: service.businessId,
        otherStoreId: city().businesses.find((b) => b.id !== service.businessId)!.id,
      });
      const saved = await manageClient(app, owner).send(
        'PUT',
        appointmentPaths.availability(service.businessId, service.id),
        {
          weekly: WEEKLY,
          slotMinutes: 60,
          capacity: 3,
          breaks: [{ start: '12:00', end: '13:00' }],
          closures: [],
          cutoffHours: 24,
          ...availability,
        },
      );
      expect(saved.statusCode, saved.body).toBe(200);
      return service;
    }

    async function slotsOf(app: FastifyInstance, serviceId: string) {
      const response = await app.inject({
        method: 'GET',
        url: appointmentPaths.serviceSlots(serviceId),
      });
      expect(response.statusCode, response.body).toBe(200);
      const parsed = serviceSlotsResponse.parse(response.json());
      if (parsed.status !== 1) throw new Error(response.body);
      return parsed.result;
    }

    /** The first slot two days out (past any cut-off and notice). */
    async function laterSlot(app: FastifyInstance, serviceId: string): Promise<AppointmentSlot> {
      const slots = await slotsOf(app, serviceId);
      const slot = slots.days[2]!.slots[0];
      if (!slot) throw new Error('no slot two days out');
      return slot;
    }

    async function book(api: ShopperClient, service: DemoService, startsAt: string, quantity = 1) {
      const added = await api.post(commercePaths.cartItems, {
        kind: 'service',
        itemId: service.id,
        quantity,
        appointmentStartsAt: startsAt,
      });
      expect(added.statusCode, added.body).toBe(200);
    }

    const place = (api: ShopperClient, service: DemoService) =>
      api.post(commercePaths.checkouts, {
        stores: [{ businessId: service.businessId, fulfilment: 'reserve_pickup' }],
        idempotencyKey: `key-${randomUUID()}`,
      });

    it('lists days and times from the availability: breaks out, capacity and places left', async () => {
      const app = await makeApp({ now: () => CITY_NOW });
      const service = await bookableService(app);
      const slots = await slotsOf(app, service.id);
      expect(slots.days).toHaveLength(14);
      const day = slots.days[2]!;
      expect(day.slots.map((slot) => slot.time)).toEqual([
        '09:00',
        '10:00',
        '11:00',
        '13:00',
        '14:00',
        '15:00',
        '16:00',
      ]);
      expect(day.slots[0]).toMatchObject({ capacity: 3, remaining: 3 });
    });

    it('books the picked time with the order; the places left drop; the cart and the order say so', async () => {
      const db = getDb().db;
      const app = await makeApp({ now: () => CITY_NOW });
      const service = await bookableService(app);
      const slot = await laterSlot(app, service.id);
      const { api } = await shopperWithClient(app, db, CITY_NOW);

      // No time, no booking.
      const untimed = await api.post(commercePaths.cartItems, {
        kind: 'service',
        itemId: service.id,
      });
      expect(untimed.statusCode).toBe(400);
      expect(untimed.json()).toEqual({ status: 0, message: am.pickATime });
      const elsewhere = await api.post(commercePaths.cartItems, {
        kind: 'service',
        itemId: service.id,
        appointmentStartsAt: new Date(Date.parse(slot.startsAt) + 60_000).toISOString(),
      });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json()).toEqual({ status: 0, message: am.slotNotOffered });

      await book(api, service, slot.startsAt, 2);
      const cart = cartResponse.parse((await api.get(commercePaths.cart)).json());
      if (cart.status !== 1) throw new Error('no cart');
      expect(cart.results[0]!.appointment).toMatchObject({ startsAt: slot.startsAt, places: 2 });
      expect(cart.result.canCheckout).toBe(true);

      const placed = await place(api, service);
      expect(placed.statusCode, placed.body).toBe(201);
      const after = await slotsOf(app, service.id);
      const same = after.days[2]!.slots.find((s) => s.startsAt === slot.startsAt)!;
      expect(same.remaining).toBe(1);

      const [order] = await db
        .select()
        .from(orders)
        .where(eq(orders.businessId, service.businessId));
      expect(order!.readyBy?.toISOString()).toBe(slot.startsAt);
      const detail = orderDetailResponse.parse(
        (await api.get(commercePaths.order(order!.id))).json(),
      );
      if (detail.status !== 1) throw new Error('no order');
      expect(detail.result.appointments).toHaveLength(1);
      expect(detail.result.appointments![0]).toMatchObject({
        startsAt: slot.startsAt,
        places: 2,
        released: false,
      });
      expect(detail.result.pickupPromise).toBeNull();
    });

    it('gives exactly 3 of 50 concurrent bookings a slot of capacity 3; the rest are told it is fully booked', async () => {
      const db = getDb().db;
      const app = await makeApp({ now: () => CITY_NOW });
      const service = await bookableService(app, { capacity: 3 });
      const slot = await laterSlot(app, service.id);
      const shoppers = await Promise.all(
        Array.from({ length: 50 }, () => shopperWithClient(app, db, CITY_NOW)),
      );
      for (const { api } of shoppers) await book(api, service, slot.startsAt);
      const answers = await Promise.all(shoppers.map(({ api }) => place(api, service)));
      const codes = answers.map((answer) => answer.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(3);
      expect(codes.filter((code) => code === 409)).toHaveLength(47);
      for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
        expect(refused.json()).toEqual({
          status: 0,
          message: `${service.name}: ${am.slotFullyBooked}`,
        });
      }
      // Nothing half-written: 3 orders, 3 order lines, 3 appointments, the counter at 3.
      const [placedOrders] = await db
        .select({ n: count() })
        .from(orders)
        .where(eq(orders.businessId, service.businessId));
      expect(placedOrders!.n).toBe(3);
      const [madeCheckouts] = await db
        .select({ n: count() })
        .from(checkouts)
        .where(
          inArray(
            checkouts.userId,
            shoppers.map(({ who }) => who.userId),
          ),
        );
      expect(madeCheckouts!.n).toBe(3);
      const [lines] = await db
        .select({ n: count() })
        .from(orderItems)
        .where(eq(orderItems.serviceId, service.id));
      expect(lines!.n).toBe(3);
      const [booked] = await db
        .select({ n: count() })
        .from(appointments)
        .where(eq(appointments.serviceId, service.id));
      expect(booked!.n).toBe(3);
      const [counter] = await db
        .select({ booked: appointmentSlots.booked })
        .from(appointmentSlots)
        .where(
          and(
            eq(appointmentSlots.serviceId, service.id),
            eq(appointmentSlots.startsAt, new Date(slot.startsAt)),
          ),
        );
      expect(counter!.booked).toBe(3);
      const left = await slotsOf(app, service.id);
      expect(left.days[2]!.slots.find((s) => s.startsAt === slot.startsAt)!.remaining).toBe(0);
      console.warn(
        `[appointments ${backend.name}] 50 concurrent bookings, capacity 3: ${codes.filter((c) => c === 201).length} booked, ${codes.filter((c) => c === 409).length} refused 409`,
      );
    }, 180_000);

    it('mails the appointment with its .ics, gives the places back when the order ends, and moves or cancels only up to the cut-off', async () => {
      const db = getDb().db;
      let now = CITY_NOW;
      const app = await makeApp({ now: () => now });
      const service = await bookableService(app, { capacity: 1, cutoffHours: 24 });
      const slots = await slotsOf(app, service.id);
      const first = slots.days[3]!.slots[0]!;
      const second = slots.days[3]!.slots[1]!;
      const { api, who } = await shopperWithClient(app, db, CITY_NOW);
      await book(api, service, first.startsAt);
      expect((await place(api, service)).statusCode).toBe(201);
      const [order] = await db.select().from(orders).where(eq(orders.userId, who.userId));
      const placed = await transitionOrder(db, {
        orderId: order!.id,
        to: 'placed',
        actor: 'system',
        now,
      });
      // The placement emails (shopper's and store's) name the appointment and carry the .ics.
      const deps = {
        db,
        payments: app.payments,
        mailer: app.mailer,
        brand: { appName: 'Localmart', appUrl: 'http://localhost:3000' },
        log: app.log,
        now: () => now,
      };
      await mailOrderChange(deps, db, placed);
      const [shopper] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, who.userId));
      const [shopperMail] = await mailTo(db, shopper!.email);
      expect(shopperMail!.text).toContain(`Appointment: ${service.name}, `);
      expect(shopperMail!.text).not.toMatch(/ready by/i);
      expect(shopperMail!.text).toContain('BEGIN:VCALENDAR');
      expect(shopperMail!.text).toContain(
        `DTSTART:${first.startsAt.replace(/[-:]/g, '').replace('.000', '')}`,
      );
      expect(shopperMail!.text).toContain('STATUS:CONFIRMED');
      const [store] = await db
        .select({ email: businesses.email })
        .from(businesses)
        .where(eq(businesses.id, service.businessId));
      const [storeMail] = await mailTo(db, store!.email);
      expect(storeMail!.text).toContain(`Appointment · `);
      expect(storeMail!.text).toContain(`Appointment: ${service.name}, `);
      expect(storeMail!.text).toContain('BEGIN:VCALENDAR');

      // Rescheduled: the new slot is taken, the old one free again.
      const moved = await api.post(appointmentPaths.reschedule(order!.id), {
        startsAt: second.startsAt,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const [movedMail] = await mailTo(db, shopper!.email);
      expect(movedMail!.subject).toBe(`Order ${order!.number}: appointment moved`);
      expect(movedMail!.text).toContain('SEQUENCE:1');
      expect(movedMail!.text).toContain(
        `DTSTART:${second.startsAt.replace(/[-:]/g, '').replace('.000', '')}`,
      );
      let day = (await slotsOf(app, service.id)).days[3]!;
      expect(day.slots.find((s) => s.startsAt === first.startsAt)!.remaining).toBe(1);
      expect(day.slots.find((s) => s.startsAt === second.startsAt)!.remaining).toBe(0);

      // Past the cut-off (23 h before): neither moved nor cancelled.
      now = new Date(Date.parse(second.startsAt) - 23 * 3_600_000);
      const late = await api.post(appointmentPaths.reschedule(order!.id), {
        startsAt: first.startsAt,
      });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ status: 0, message: am.pastCutoff(24) });
      const lateCancel = await api.post(commercePaths.orderCancel(order!.id), {});
      expect(lateCancel.statusCode).toBe(409);
      expect(lateCancel.json()).toEqual({ status: 0, message: am.pastCutoff(24) });

      // Before it, even once the store has accepted the booking (goods could no longer be
      // cancelled then): the order offers Cancel, and cancelling gives the place back.
      now = CITY_NOW;
      await transitionOrder(db, {
        orderId: order!.id,
        businessId: service.businessId,
        to: 'accepted',
        actor: 'store',
        now,
      });
      const detail = await api.get(commercePaths.order(order!.id));
      expect(detail.json()).toMatchObject({ result: { status: 'accepted', canCancel: true } });
      const cancelled = await api.post(commercePaths.orderCancel(order!.id), {});
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      day = (await slotsOf(app, service.id)).days[3]!;
      expect(day.slots.find((s) => s.startsAt === second.startsAt)!.remaining).toBe(1);
      // Its email takes the appointment off the shopper's calendar.
      await expect
        .poll(async () => (await mailTo(db, shopper!.email))[0]?.text ?? '')
        .toContain('STATUS:CANCELLED');
    });

    it('never delivers an appointment and promises no pickup time for it', async () => {
      const db = getDb().db;
      const app = await makeApp({ now: () => CITY_NOW });
      const service = await bookableService(app);
      await setStoreTerms(db, service.businessId, {
        fulfilment: { reservePickup: true, buyOnlinePickup: true, sameDayDelivery: true },
        delivery: {
          radiusKm: 50,
          fee: { amount: 0, currency: 'CAD' },
          minimumOrder: { amount: 0, currency: 'CAD' },
          cutoffTime: '23:00',
        },
      });
      const slot = await laterSlot(app, service.id);
      const { api } = await shopperWithClient(app, db, CITY_NOW);
      await book(api, service, slot.startsAt);
      const quote = async (fulfilment: string) => {
        const response = await api.post(commercePaths.checkoutQuote, {
          stores: [{ businessId: service.businessId, fulfilment }],
        });
        expect(response.statusCode, response.body).toBe(200);
        return (
          response.json() as {
            result: { stores: { problems: string[]; pickupPromise: string | null }[] };
          }
        ).result.stores[0]!;
      };
      expect((await quote('same_day_delivery')).problems).toContain(am.notDelivered);
      const booked = await quote('reserve_pickup');
      expect(booked.problems).toEqual([]);
      expect(booked.pickupPromise).toBeNull();
    });

    it('refuses availability a provider could not mean, in words', async () => {
      const app = await makeApp({ now: () => CITY_NOW });
      const service = shelf.service((candidate) => !usedStores.has(candidate.businessId));
      usedStores.add(service.businessId);
      const { owner } = await manageCast(getDb().db, CITY_NOW, {
        storeId: service.businessId,
        otherStoreId: city().businesses.find((b) => b.id !== service.businessId)!.id,
      });
      const bad = await manageClient(app, owner).send(
        'PUT',
        appointmentPaths.availability(service.businessId, service.id),
        {
          weekly: null,
          slotMinutes: 60,
          capacity: 0,
          breaks: [],
          closures: [],
          cutoffHours: 24,
        },
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ status: 0, message: am.capacityRange });
    });
  });
}
