import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  commerceMessages as m,
  isPickup,
  PICKUP_CODE_ALPHABET,
  PICKUP_CODE_LENGTH,
  type placeCheckoutRequest,
  readyTimeAt,
} from '@localmart/contract';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { users } from '../../../db/schema/accounts.ts';
import { offers } from '../../../db/schema/catalog.ts';
import {
  checkouts,
  couponRedemptions,
  orderEvents,
  orderItems,
  orders,
  payments,
} from '../../../db/schema/commerce.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { type PricedCartLine } from '../cart/read-cart.ts';
import type { Jobs } from '../../jobs/jobs.plugin.ts';
import { queueCheckoutExpiryJob } from './checkout-expiry-queue.ts';
import { bookAppointments, type OrderServiceLine } from '../../appointments/booking.service.ts';
import { type CheckoutPlan, planCheckout, type StorePlan } from './quote.service.ts';
import {
  MAX_PENDING_PAYMENTS_PER_SHOPPER,
  pendingPaymentCount,
  releaseOlderUnpaid,
} from './unpaid-checkouts.ts';

export type PlaceCheckoutInput = z.output<typeof placeCheckoutRequest>;

/** Our id of a payment at the provider: unique, unguessable, within PayU's 25-character txnid. */
export function newTxnid(): string {
  return `lm${randomBytes(11).toString('hex')}`;
}

/** A code from the pickup alphabet (no 0/O, 1/I): pickup codes and the code part of order numbers. */
export function pickupAlphabetCode(length = PICKUP_CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i += 1)
    code += PICKUP_CODE_ALPHABET[randomInt(PICKUP_CODE_ALPHABET.length)];
  return code;
}

/** The placing transaction lost the idempotency race: another request with the key committed. */
class DuplicateCheckout extends Error {}

async function checkoutByKey(db: Database, userId: string, key: string) {
  const [row] = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), eq(checkouts.idempotencyKey, key)));
  return row;
}

/** Holds one product line's units: a conditional decrement, so concurrent checkouts never oversell. */
async function reserveStock(db: Database, line: PricedCartLine): Promise<void> {
  if (line.kind !== 'product' || !line.offerId) return;
  const held = await db
    .update(offers)
    .set({ quantity: sql`${offers.quantity} - ${line.quantity}` })
    .where(and(eq(offers.id, line.offerId), gte(offers.quantity, line.quantity)))
    .returning({ id: offers.id });
  if (held.length > 0) return;
  const [offer] = await db
    .select({ quantity: offers.quantity })
    .from(offers)
    .where(eq(offers.id, line.offerId));
  const left = Math.max(0, offer?.quantity ?? 0);
  throw new HttpError(
    409,
    `${line.title}: ${left === 0 ? m.itemOutOfStock : m.notEnoughStock(left)}`,
  );
}

function addressSnapshot(address: NonNullable<StorePlan['address']>): Record<string, unknown> {
  const {
    id: _id,
    userId: _userId,
    createdAt: _createdAt,
    isDefault: _isDefault,
    ...kept
  } = address;
  return kept;
}

async function placeStoreOrder(
  tx: Database,
  context: {
    checkoutId: string;
    userId: string;
    now: Date;
    plan: CheckoutPlan;
    contactPhone: string | null;
  },
  store: StorePlan,
): Promise<{ orderId: string; currency: string; total: number; itemIds: string[] }> {
  const { quoted } = store;
  const coupon = context.plan.quote.coupon;
  const couponHere =
    coupon?.applied === true && coupon.businessId === quoted.businessId && context.plan.couponId
      ? { id: context.plan.couponId, code: coupon.code }
      : null;
  const readyMinutes = store.pickupReadyMinutes;
  const [order] = await tx
    .insert(orders)
    .values({
      number: `LM-${pickupAlphabetCode(6)}`,
      checkoutId: context.checkoutId,
      userId: context.userId,
      businessId: quoted.businessId,
      status: 'awaiting_payment',
      fulfilment: quoted.fulfilment,
      currency: quoted.total.currency,
      subtotalAmount: quoted.subtotal.amount,
      discountAmount: quoted.discount.amount,
      deliveryFeeAmount: quoted.deliveryFee.amount,
      taxAmount: quoted.tax.amount,
      taxRateBps: quoted.taxRateBps,
      totalAmount: quoted.total.amount,
      couponId: couponHere?.id ?? null,
      couponCode: couponHere?.code ?? null,
      deliveryAddress:
        quoted.fulfilment === 'same_day_delivery' && store.address
          ? addressSnapshot(store.address)
          : null,
      deliveryDistanceKm: quoted.deliveryDistanceKm,
      pickupCode: pickupAlphabetCode(),
      contactPhone: context.contactPhone,
      readyBy:
        isPickup(quoted.fulfilment) && store.hours
          ? readyTimeAt(store.hours, context.now, readyMinutes)
          : null,
      note: store.note,
      createdAt: context.now,
      updatedAt: context.now,
    })
    .returning({ id: orders.id });
  const orderId = order!.id;

  const items = await tx
    .insert(orderItems)
    .values(
      store.lines.map((line) => ({
        orderId,
        kind: line.kind,
        offerId: line.offerId,
        productId: line.productId,
        menuItemId: line.menuItemId,
        serviceId: line.serviceId,
        title: line.title,
        subtitle: line.subtitle,
        image: line.image,
        options: line.options,
        note: line.note,
        quantity: line.quantity,
        unitAmount: line.unitPrice.amount,
        regularUnitAmount: line.regularUnitPrice.amount,
        lineAmount: line.lineTotal.amount,
        priceMatchId: line.priceMatchId,
        substitution: line.substitution ?? 'best_match',
      })),
    )
    .returning({ id: orderItems.id });
  await tx.insert(orderEvents).values({
    orderId,
    status: 'awaiting_payment',
    actor: 'shopper',
    // Who acted (issue 15): the shopper placing it; the store's page says "by the shopper".
    actorUserId: context.userId,
    note: null,
    at: context.now,
  });
  if (couponHere) {
    await tx
      .insert(couponRedemptions)
      .values({ couponId: couponHere.id, userId: context.userId, orderId, createdAt: context.now });
  }
  return {
    orderId,
    currency: quoted.total.currency,
    total: quoted.total.amount,
    itemIds: items.map((item) => item.id),
  };
}

/**
 * One payment per currency for the whole checkout (ADR 0009): the shopper enters a card once and
 * the card is held for every order; each order then captures its own share when it is due.
 */
async function createPayments(
  tx: Database,
  context: { checkoutId: string; userId: string; now: Date; provider: string },
  placed: readonly Awaited<ReturnType<typeof placeStoreOrder>>[],
): Promise<void> {
  const groups = new Map<string, typeof placed>();
  for (const order of placed)
    groups.set(order.currency, [...(groups.get(order.currency) ?? []), order]);
  for (const [currency, group] of groups) {
    const amount = group.reduce((sum, order) => sum + order.total, 0);
    // A card cannot be held for nothing (PayU's minimum is above zero).
    if (amount <= 0) throw new HttpError(409, m.checkoutNothingToCharge);
    const [payment] = await tx
      .insert(payments)
      .values({
        checkoutId: context.checkoutId,
        userId: context.userId,
        provider: context.provider,
        mode: 'preauth',
        txnid: newTxnid(),
        amount,
        currency,
        createdAt: context.now,
        updatedAt: context.now,
      })
      .returning({ id: payments.id });
    await tx
      .update(orders)
      .set({ paymentId: payment!.id })
      .where(
        inArray(
          orders.id,
          group.map((order) => order.orderId),
        ),
      );
  }
}

/**
 * Places a checkout: one order per store, stock held, payments created, in ONE transaction. The
 * idempotency key makes a retry or a double submit answer the first checkout: the checkout row is
 * inserted first with ON CONFLICT DO NOTHING on (user, key), so of two racing requests the second
 * waits on the unique index and then finds the first one's row instead of placing again.
 * The cart is left as it is: it is emptied of the ordered lines only when the payments succeed.
 */
/** The phone the stores get: the one given at checkout ('' = none), else the profile's (issue 15). */
async function contactPhoneOf(
  db: Database,
  userId: string,
  given: string | null | undefined,
): Promise<string | null> {
  if (given !== undefined) return given;
  const [user] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  return user?.phone ?? null;
}

export async function placeCheckout(
  db: Database,
  input: {
    userId: string;
    request: PlaceCheckoutInput;
    now: Date;
    provider: string;
    /** The job engine: the checkout's expiry check is queued with it (payment-expiry.jobs.ts). */
    jobs?: Jobs | undefined;
  },
): Promise<{ checkoutId: string; created: boolean }> {
  const { userId, request, now } = input;
  const existing = await checkoutByKey(db, userId, request.idempotencyKey);
  if (existing) return { checkoutId: existing.id, created: false };
  try {
    const checkoutId = await db.transaction(async (tx) => {
      const [checkout] = await tx
        .insert(checkouts)
        .values({ userId, idempotencyKey: request.idempotencyKey, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: checkouts.id });
      if (!checkout) throw new DuplicateCheckout();
      // One shopper's unpaid checkouts never hold the same stock twice: the older ones go first,
      // so this one can take their units; payments still at the bank are not piled up.
      if ((await pendingPaymentCount(tx, userId)) >= MAX_PENDING_PAYMENTS_PER_SHOPPER) {
        throw new HttpError(409, m.tooManyUnpaidCheckouts);
      }
      await releaseOlderUnpaid(tx, userId, now);

      const plan = await planCheckout(tx, userId, request, now);
      if (!plan.quote.canPlace) {
        const problems = [
          ...plan.quote.problems,
          ...plan.quote.stores.flatMap((store) => store.problems),
        ];
        throw new HttpError(409, problems.join(' '));
      }
      const context = {
        checkoutId: checkout.id,
        userId,
        now,
        plan,
        provider: input.provider,
        contactPhone: await contactPhoneOf(tx, userId, request.contactPhone),
      };
      const placed = [];
      for (const store of plan.stores) placed.push(await placeStoreOrder(tx, context, store));
      // Offers are locked in one global order (by id), so two checkouts holding the same offers
      // in a different cart order wait for each other instead of deadlocking.
      const productLines = plan.stores
        .flatMap((store) => store.lines)
        .sort((a, b) => (a.offerId ?? '').localeCompare(b.offerId ?? ''));
      for (const line of productLines) await reserveStock(tx, line);
      // Service lines book their picked times: a slot's capacity is never oversold (issue 15).
      await bookAppointments(tx, serviceLinesOf(plan, placed, userId), now);
      await createPayments(tx, context, placed);
      if (input.jobs) await queueCheckoutExpiryJob(input.jobs, tx, checkout.id, now, now, 'placed');
      if (plan.couponId && plan.quote.coupon?.applied) {
        await tx
          .update(checkouts)
          .set({ couponId: plan.couponId })
          .where(eq(checkouts.id, checkout.id));
      }
      return checkout.id;
    });
    return { checkoutId, created: true };
  } catch (error) {
    if (!(error instanceof DuplicateCheckout) && !isUniqueViolationOnKey(error)) throw error;
    const winner = await checkoutByKey(db, userId, request.idempotencyKey);
    if (!winner) throw error;
    return { checkoutId: winner.id, created: false };
  }
}

/** The service lines of the placed orders, each with its order item and cart line. */
function serviceLinesOf(
  plan: CheckoutPlan,
  placed: readonly { orderId: string; itemIds: string[] }[],
  userId: string,
): OrderServiceLine[] {
  return plan.stores.flatMap((store, storeIndex) =>
    store.lines.flatMap((line, lineIndex) =>
      line.kind === 'service' && line.serviceId
        ? [
            {
              orderId: placed[storeIndex]!.orderId,
              orderItemId: placed[storeIndex]!.itemIds[lineIndex]!,
              cartLineId: line.id,
              serviceId: line.serviceId,
              userId,
              businessId: store.quoted.businessId,
              quantity: line.quantity,
              title: line.title,
            },
          ]
        : [],
    ),
  );
}

/** PostgreSQL reports a lost unique race as 23505 (a driver error, or wrapped in its `cause`). */
function isUniqueViolationOnKey(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && (constraint === undefined || constraint === 'checkouts_user_key_key')) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
