import { basisPointsOf } from '../coupons/coupon-rules.ts';

/** One store order's money, in minor units of its currency. */
export interface StoreMoney {
  subtotal: number;
  discount: number;
  deliveryFee: number;
  tax: number;
  total: number;
}

/**
 * A store order's money from its parts, as the quote and the placement price it. Money never goes
 * below zero (issue 12): the goods count from 0, the discount is at most the goods, a fee or tax
 * rate under 0 counts as 0, so no order (and no checkout's card hold, the sum of its orders) can be
 * lowered by another order of the same checkout. The contract and the database refuse negative
 * amounts already; this holds even for data written around them.
 */
export function storeMoney(parts: {
  subtotal: number;
  discount: number;
  deliveryFee: number;
  taxRateBps: number;
}): StoreMoney {
  const subtotal = Math.max(0, parts.subtotal);
  const discount = Math.min(Math.max(0, parts.discount), subtotal);
  const deliveryFee = Math.max(0, parts.deliveryFee);
  const taxable = subtotal - discount + deliveryFee;
  const tax = basisPointsOf(taxable, Math.max(0, parts.taxRateBps));
  return { subtotal, discount, deliveryFee, tax, total: taxable + tax };
}
