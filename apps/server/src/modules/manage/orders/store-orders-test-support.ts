import { randomUUID } from 'node:crypto';
import { commercePaths, type FulfilmentMethod, type OpeningHours } from '@localmart/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { businesses } from '../../../db/schema/catalog.ts';
import { orderEvents, orders, payments } from '../../../db/schema/commerce.ts';
import type { DemoOffer } from '../../catalog/demo/types.ts';
import { type Shopper, shopperWithClient } from '../../commerce/cart/commerce-test-support.ts';
import {
  addProduct,
  payAndReturn,
  setStock,
  setStoreTerms,
  viewOf,
} from '../../commerce/checkout/checkout-test-support.ts';

/** Mon-Fri 9-17 in Toronto, no holidays: the example store. */
export const WEEKDAYS_9_TO_5: OpeningHours = {
  timeZone: 'America/Toronto',
  weekly: {
    mon: [{ open: '09:00', close: '17:00' }],
    tue: [{ open: '09:00', close: '17:00' }],
    wed: [{ open: '09:00', close: '17:00' }],
    thu: [{ open: '09:00', close: '17:00' }],
    fri: [{ open: '09:00', close: '17:00' }],
    sat: [],
    sun: [],
  },
  holidays: [],
};

/** Friday 20 Nov 2026, 16:00 in Toronto (EST, UTC-5). */
export const FRIDAY_4PM = new Date('2026-11-20T21:00:00.000Z');
/** Toronto wall-clock instants in late Nov 2026 (EST). */
export const toronto = (day: number, hour: number, minute = 0) =>
  new Date(Date.UTC(2026, 10, day, hour + 5, minute));

/** Gives the store the 9-5 weekday hours and every fulfilment method, and the offer `stock` units. */
export async function prepareStore(db: Database, offer: DemoOffer, stock: number): Promise<void> {
  await db
    .update(businesses)
    .set({ hours: WEEKDAYS_9_TO_5, pausedUntil: null, pickupReadyMinutes: null })
    .where(eq(businesses.id, offer.businessId));
  await setStoreTerms(db, offer.businessId, {
    fulfilment: { reservePickup: true, buyOnlinePickup: true, sameDayDelivery: false },
    delivery: null,
    taxRateBps: 1300,
  });
  await setStock(db, offer.id, stock);
}

export interface PlacedOrder {
  orderId: string;
  paymentId: string;
  who: Shopper;
  pickupCode: string;
  number: string;
}

/**
 * A real order: a shopper's checkout of `quantity` units, paid (or held, for reserve_pickup) in the
 * embedded PayU simulator, so the order became `placed` the way every order does.
 */
export async function placeOrder(
  app: FastifyInstance,
  db: Database,
  offer: DemoOffer,
  options: { now: Date; quantity?: number; fulfilment?: FulfilmentMethod; contactPhone?: string },
): Promise<PlacedOrder> {
  const { who, api } = await shopperWithClient(app, db, options.now);
  await addProduct(api, offer, options.quantity ?? 1);
  const response = await api.post(commercePaths.checkouts, {
    stores: [{ businessId: offer.businessId, fulfilment: options.fulfilment ?? 'reserve_pickup' }],
    idempotencyKey: `key-${randomUUID()}`,
    ...(options.contactPhone !== undefined ? { contactPhone: options.contactPhone } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  const view = viewOf(response);
  const paid = await payAndReturn(app, api, view.id, 'success');
  expect(paid.statusCode).toBe(303);
  const [order] = await db.select().from(orders).where(eq(orders.checkoutId, view.id));
  expect(order?.status).toBe('placed');
  return {
    orderId: order!.id,
    paymentId: order!.paymentId!,
    who,
    pickupCode: order!.pickupCode,
    number: order!.number,
  };
}

export async function orderRow(db: Database, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

export async function paymentStatus(db: Database, paymentId: string) {
  const [row] = await db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return row!.status;
}

export async function eventsOf(db: Database, orderId: string) {
  return db
    .select({ status: orderEvents.status, actor: orderEvents.actor, note: orderEvents.note })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at));
}
