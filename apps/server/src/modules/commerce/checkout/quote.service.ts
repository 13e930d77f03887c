import { and, eq, inArray } from 'drizzle-orm';
import {
  appointmentMessages,
  type CartStore,
  type CheckoutQuote,
  type CheckoutTotal,
  type FulfilmentMethod,
  type QuotedStore,
  type checkoutSelectionSchema,
  commerceMessages as m,
  FULFILMENT_LABELS,
  formatMoney,
  haversineKm,
  MINOR_UNITS_MAX,
  offeredMethods,
  type OpeningHours,
  paymentModeOf,
} from '@localmart/contract';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { businesses } from '../../../db/schema/catalog.ts';
import { addresses } from '../../../db/schema/commerce.ts';
import { type PricedCartLine, readCart } from '../cart/read-cart.ts';
import { type CouponVerdict, evaluateCoupon } from '../coupons/coupon-rules.ts';
import { countRedemptions, findCoupon } from '../coupons/coupons.service.ts';
import { storeMoney } from './store-money.ts';

export type CheckoutSelectionInput = z.output<typeof checkoutSelectionSchema>;
type AddressRow = typeof addresses.$inferSelect;

/** A store's order as it would be placed: the quote line plus what placing it needs. */
export interface StorePlan {
  quoted: QuotedStore;
  store: CartStore;
  lines: PricedCartLine[];
  address: AddressRow | null;
  note: string;
  pickupReadyMinutes: number | null;
  timeZone: string;
  /** The store's opening hours: placing counts the ready time on them (ready-time.ts). */
  hours: OpeningHours | null;
}

export interface CheckoutPlan {
  quote: CheckoutQuote;
  stores: StorePlan[];
  couponId: string | null;
}

function methodName(method: FulfilmentMethod): string {
  return FULFILMENT_LABELS[method].toLowerCase();
}

/**
 * Why a store's chosen method cannot be placed; empty when it can. Returns the delivery fee too.
 * Same-day delivery's day is the cart's: `store.deliveryUnavailable` was read on the store's hours
 * and time zone at the quote's instant (past the cut-off, not open again today), and is told before
 * any address, so the shopper learns first that no address would help.
 */
function fulfilmentProblems(
  store: CartStore,
  method: FulfilmentMethod,
  address: AddressRow | null | undefined,
  context: { addressChosen: boolean },
): { problems: string[]; deliveryFee: number; distanceKm: number | null } {
  const none = { deliveryFee: 0, distanceKm: null };
  const delivery = store.delivery;
  if (
    !offeredMethods(store.fulfilment).includes(method) ||
    (method === 'same_day_delivery' && !delivery)
  ) {
    return { problems: [m.fulfilmentNotOffered(store.name, methodName(method))], ...none };
  }
  if (method !== 'same_day_delivery' || !delivery) return { problems: [], ...none };
  const problems: string[] = store.deliveryUnavailable ? [store.deliveryUnavailable] : [];
  if (!context.addressChosen)
    return { problems: [...problems, m.deliveryAddressRequired], ...none };
  if (!address) return { problems: [...problems, m.addressNotFound], ...none };

  const distanceKm = Math.round(haversineKm(address, store) * 100) / 100;
  if (distanceKm > delivery.radiusKm) {
    problems.push(
      m.deliveryOutOfRange(store.name, distanceKm.toFixed(1), String(delivery.radiusKm)),
    );
  }
  if (store.subtotal.amount < delivery.minimumOrder.amount) {
    problems.push(
      m.deliveryBelowMinimum(
        store.name,
        formatMoney(delivery.minimumOrder.amount, delivery.minimumOrder.currency),
      ),
    );
  }
  return { problems, deliveryFee: delivery.fee.amount, distanceKm };
}

function totalsOf(stores: readonly QuotedStore[]): CheckoutTotal[] {
  const byCurrency = new Map<string, CheckoutTotal>();
  for (const store of stores) {
    const currency = store.total.currency;
    const total = byCurrency.get(currency) ?? {
      currency,
      subtotal: 0,
      discount: 0,
      deliveryFee: 0,
      tax: 0,
      total: 0,
      payNow: 0,
      holdNow: 0,
    };
    total.subtotal += store.subtotal.amount;
    total.discount += store.discount.amount;
    total.deliveryFee += store.deliveryFee.amount;
    total.tax += store.tax.amount;
    total.total += store.total.amount;
    if (paymentModeOf(store.fulfilment) === 'charge') total.payNow += store.total.amount;
    else total.holdNow += store.total.amount;
    byCurrency.set(currency, total);
  }
  return [...byCurrency.values()];
}

async function couponVerdict(
  db: Database,
  userId: string,
  code: string | null,
  stores: readonly CartStore[],
  now: Date,
): Promise<CouponVerdict | null> {
  if (!code) return null;
  const coupon = await findCoupon(db, code);
  const usedCount = coupon ? await countRedemptions(db, coupon.id, userId) : 0;
  return evaluateCoupon({
    code,
    coupon,
    usedCount,
    now,
    stores: stores.map((s) => ({
      businessId: s.id,
      currency: s.subtotal.currency,
      subtotal: s.subtotal.amount,
    })),
  });
}

/**
 * Prices a checkout selection from the shopper's cart as it is now: every amount comes from the
 * server (the request carries choices only). Used by the quote call and again, inside the placing
 * transaction, by placement, so what is placed is what the rules allow at that instant.
 */
export async function planCheckout(
  db: Database,
  userId: string,
  selection: CheckoutSelectionInput,
  now: Date,
): Promise<CheckoutPlan> {
  const cart = await readCart(db, userId, now);
  const problems: string[] = [];
  if (cart.lines.length === 0) problems.push(m.cartEmpty);
  for (const line of cart.lines) {
    for (const notice of line.notices) {
      if (notice.blocking) problems.push(`${line.title}: ${notice.message}`);
    }
  }

  const cartStores = new Map(cart.summary.stores.map((store) => [store.id, store]));
  const chosen = new Map<string, CheckoutSelectionInput['stores'][number]>();
  for (const choice of selection.stores) {
    if (!cartStores.has(choice.businessId)) {
      if (!problems.includes(m.storeNotInCart)) problems.push(m.storeNotInCart);
    } else if (chosen.has(choice.businessId)) {
      if (!problems.includes(m.chooseFulfilment)) problems.push(m.chooseFulfilment);
    } else {
      chosen.set(choice.businessId, choice);
    }
  }
  if (chosen.size < cartStores.size && !problems.includes(m.chooseFulfilment)) {
    problems.push(m.chooseFulfilment);
  }

  const storeIds = [...chosen.keys()];
  const storeRows = storeIds.length
    ? await db
        .select({
          id: businesses.id,
          hours: businesses.hours,
          pickupReadyMinutes: businesses.pickupReadyMinutes,
        })
        .from(businesses)
        .where(inArray(businesses.id, storeIds))
    : [];
  const storeInfo = new Map(storeRows.map((row) => [row.id, row]));
  const addressIds = [...chosen.values()]
    .map((choice) => choice.addressId)
    .filter((id): id is string => id !== null);
  const addressRows = addressIds.length
    ? await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.userId, userId), inArray(addresses.id, addressIds)))
    : [];
  const addressById = new Map(addressRows.map((row) => [row.id, row]));

  const chosenStores = cart.summary.stores.filter((store) => chosen.has(store.id));
  const verdict = await couponVerdict(db, userId, selection.couponCode, chosenStores, now);
  const discountFor = (businessId: string) =>
    verdict?.outcome.applied && verdict.outcome.businessId === businessId
      ? (verdict.outcome.discount?.amount ?? 0)
      : 0;

  const plans: StorePlan[] = [];
  for (const store of chosenStores) {
    const choice = chosen.get(store.id)!;
    const info = storeInfo.get(store.id);
    const timeZone = info?.hours.timeZone ?? 'UTC';
    const address = choice.addressId === null ? null : addressById.get(choice.addressId);
    const checked = fulfilmentProblems(store, choice.fulfilment, address, {
      addressChosen: choice.addressId !== null,
    });
    // A booked service happens at the store at its time (issue 15): never delivered, no pickup time.
    const storeLines = cart.lines.filter((line) => line.businessId === store.id);
    const booksServices = storeLines.some((line) => line.kind === 'service');
    if (booksServices && choice.fulfilment === 'same_day_delivery') {
      checked.problems.push(appointmentMessages.notDelivered);
    }
    const currency = store.subtotal.currency;
    // Never below zero: the discount is at most the goods, and no fee or total is negative.
    const amounts = storeMoney({
      subtotal: store.subtotal.amount,
      discount: discountFor(store.id),
      deliveryFee: checked.deliveryFee,
      taxRateBps: store.taxRateBps,
    });
    const money = (amount: number) => ({ amount, currency });
    plans.push({
      quoted: {
        businessId: store.id,
        businessName: store.name,
        logo: store.logo,
        fulfilment: choice.fulfilment,
        lineIds: store.lineIds,
        subtotal: money(amounts.subtotal),
        discount: money(amounts.discount),
        deliveryFee: money(amounts.deliveryFee),
        taxRateBps: store.taxRateBps,
        tax: money(amounts.tax),
        total: money(amounts.total),
        pickupPromise:
          choice.fulfilment === 'same_day_delivery' || storeLines.every((l) => l.kind === 'service')
            ? null
            : store.pickupPromise,
        deliveryDistanceKm: checked.distanceKm,
        problems: checked.problems,
      },
      store,
      lines: cart.lines.filter((line) => line.businessId === store.id),
      address: address ?? null,
      note: choice.note,
      pickupReadyMinutes: info?.pickupReadyMinutes ?? null,
      timeZone,
      hours: info?.hours ?? null,
    });
  }

  const quoted = plans.map((plan) => plan.quoted);
  const totals = totalsOf(quoted);
  // Every amount of an order is stored in an integer column: a cart of many dear items is refused
  // in words here, rather than failing in the database when it is placed.
  const tooLarge = (amount: number) => amount > MINOR_UNITS_MAX;
  if (
    quoted.some((store) => tooLarge(store.subtotal.amount) || tooLarge(store.total.amount)) ||
    totals.some((total) => tooLarge(total.total) || tooLarge(total.subtotal))
  ) {
    problems.push(m.orderTooLarge);
  }
  return {
    quote: {
      stores: quoted,
      coupon: verdict?.outcome ?? null,
      totals,
      problems,
      canPlace: problems.length === 0 && quoted.every((store) => store.problems.length === 0),
    },
    stores: plans,
    couponId: verdict?.couponId ?? null,
  };
}
