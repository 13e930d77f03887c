import {
  type CouponKind,
  type CouponOutcome,
  commerceMessages as m,
  formatMoney,
} from '@localmart/contract';

/** A coupon as the rules need it (a `coupons` row plus the name of the store it is scoped to). */
export interface CouponTerms {
  id: string;
  code: string;
  kind: CouponKind;
  value: number;
  currency: string;
  minimumSpendAmount: number;
  startsAt: Date;
  endsAt: Date;
  perUserLimit: number;
  active: boolean;
  businessId: string | null;
  businessName: string | null;
}

/** One store's share of the cart as far as a coupon cares. */
export interface CouponStore {
  businessId: string;
  currency: string;
  subtotal: number;
}

export interface CouponVerdict {
  outcome: CouponOutcome;
  /** The coupon when it applies (the order it discounts records it). */
  couponId: string | null;
}

/** `amount * bps / 10000` rounded half up, in integer minor units (amounts are never negative). */
export function basisPointsOf(amount: number, bps: number): number {
  return Math.floor((amount * bps + 5_000) / 10_000);
}

/**
 * What a coupon takes off a store's goods: never below 0 and never more than the goods (issue 12),
 * whatever the row says (a percent coupon counts at most 100 %, a fixed one at most the subtotal).
 */
export function discountOf(coupon: Pick<CouponTerms, 'kind' | 'value'>, subtotal: number): number {
  const goods = Math.max(0, subtotal);
  const value = Math.max(0, coupon.value);
  const amount = coupon.kind === 'percent' ? basisPointsOf(goods, Math.min(value, 10_000)) : value;
  return Math.min(amount, goods);
}

function notApplied(code: string, reason: string): CouponVerdict {
  return {
    outcome: { code, applied: false, reason, businessId: null, discount: null },
    couponId: null,
  };
}

/**
 * Whether a code applies to this cart, and to which store's order. A coupon that does not apply is
 * an answer, not an error: the shopper sees the reason beside the code and can still place the order.
 * A platform coupon (no store) discounts the largest eligible store order, so one code is never
 * spent twice in one checkout.
 */
export function evaluateCoupon(input: {
  code: string;
  coupon: CouponTerms | undefined;
  stores: readonly CouponStore[];
  /** This shopper's earlier redemptions that still count (orders not failed or cancelled). */
  usedCount: number;
  now: Date;
}): CouponVerdict {
  const { code, coupon, stores, usedCount, now } = input;
  if (!coupon || !coupon.active) return notApplied(code, m.couponNotFound);
  if (now < coupon.startsAt) return notApplied(code, m.couponNotStarted);
  if (now >= coupon.endsAt) return notApplied(code, m.couponExpired);
  if (usedCount >= coupon.perUserLimit) return notApplied(code, m.couponUsedUp);

  const scoped = coupon.businessId;
  const inScope = scoped === null ? stores : stores.filter((s) => s.businessId === scoped);
  if (inScope.length === 0) return notApplied(code, m.couponWrongStore(coupon.businessName ?? ''));
  const eligible = inScope.filter((s) => s.currency === coupon.currency);
  const target = eligible.reduce<CouponStore | undefined>(
    (best, store) => (best === undefined || store.subtotal > best.subtotal ? store : best),
    undefined,
  );
  if (!target) return notApplied(code, m.couponWrongCurrency);
  if (target.subtotal < coupon.minimumSpendAmount) {
    return notApplied(
      code,
      m.couponBelowMinimum(formatMoney(coupon.minimumSpendAmount, coupon.currency)),
    );
  }
  const amount = discountOf(coupon, target.subtotal);
  return {
    outcome: {
      code,
      applied: true,
      reason: null,
      businessId: target.businessId,
      discount: { amount, currency: coupon.currency },
    },
    couponId: coupon.id,
  };
}
