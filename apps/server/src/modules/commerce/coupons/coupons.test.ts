import { commerceMessages as m, formatMoney } from '@localmart/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coupons } from '../../../db/schema/commerce.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { pgliteBackend, useTestDatabase } from '../../../test/databases.ts';
import { basisPointsOf, type CouponTerms, discountOf, evaluateCoupon } from './coupon-rules.ts';
import { seedDemoCoupons } from './demo-coupons.ts';

const terms: CouponTerms = {
  id: 'c1',
  code: 'TEN',
  kind: 'percent',
  value: 1000,
  currency: 'CAD',
  minimumSpendAmount: 2000,
  startsAt: new Date('2026-01-01T00:00:00Z'),
  endsAt: new Date('2027-01-01T00:00:00Z'),
  perUserLimit: 1,
  active: true,
  businessId: null,
  businessName: null,
};
const now = new Date('2026-06-01T00:00:00Z');
const stores = [
  { businessId: 'a', currency: 'CAD', subtotal: 2500 },
  { businessId: 'b', currency: 'CAD', subtotal: 4005 },
];

describe('coupon rules', () => {
  it('rounds basis points half up in minor units', () => {
    expect(basisPointsOf(4005, 1000)).toBe(401); // 400.5
    expect(basisPointsOf(4004, 1000)).toBe(400); // 400.4
    expect(basisPointsOf(999, 1300)).toBe(130); // 129.87
    expect(basisPointsOf(0, 1300)).toBe(0);
  });

  it('gives a platform coupon to the largest store order', () => {
    const verdict = evaluateCoupon({ code: 'TEN', coupon: terms, stores, usedCount: 0, now });
    expect(verdict.outcome).toEqual({
      code: 'TEN',
      applied: true,
      reason: null,
      businessId: 'b',
      discount: { amount: 401, currency: 'CAD' },
    });
    expect(verdict.couponId).toBe('c1');
  });

  it('checks the window at its edges, the limit and the minimum', () => {
    const at = (instant: Date) =>
      evaluateCoupon({ code: 'TEN', coupon: terms, stores, usedCount: 0, now: instant }).outcome
        .reason;
    expect(at(terms.startsAt)).toBeNull();
    expect(at(new Date(terms.startsAt.getTime() - 1))).toBe(m.couponNotStarted);
    expect(at(terms.endsAt)).toBe(m.couponExpired);
    expect(
      evaluateCoupon({ code: 'TEN', coupon: terms, stores, usedCount: 1, now }).outcome.reason,
    ).toBe(m.couponUsedUp);
    expect(
      evaluateCoupon({
        code: 'TEN',
        coupon: { ...terms, minimumSpendAmount: 5000 },
        stores,
        usedCount: 0,
        now,
      }).outcome.reason,
    ).toBe(m.couponBelowMinimum(formatMoney(5000, 'CAD')));
  });

  it('caps a fixed coupon at the store subtotal', () => {
    const verdict = evaluateCoupon({
      code: 'BIG',
      coupon: { ...terms, kind: 'fixed', value: 9999, minimumSpendAmount: 0, businessId: 'a' },
      stores,
      usedCount: 0,
      now,
    });
    expect(verdict.outcome.businessId).toBe('a');
    expect(verdict.outcome.discount).toEqual({ amount: 2500, currency: 'CAD' });
  });

  it('never discounts below 0 or beyond the goods, whatever the coupon row says', () => {
    expect(discountOf({ kind: 'percent', value: 25_000 }, 4000)).toBe(4000);
    expect(discountOf({ kind: 'percent', value: -1000 }, 4000)).toBe(0);
    expect(discountOf({ kind: 'fixed', value: -500 }, 4000)).toBe(0);
    expect(discountOf({ kind: 'fixed', value: 500 }, -300)).toBe(0);
    const verdict = evaluateCoupon({
      code: 'ALL',
      coupon: { ...terms, kind: 'percent', value: 15_000, minimumSpendAmount: 0 },
      stores,
      usedCount: 0,
      now,
    });
    expect(verdict.outcome.discount).toEqual({ amount: 4005, currency: 'CAD' });
  });
});

describe('demo coupons', () => {
  const getDb = useTestDatabase(pgliteBackend);
  useCatalogCity(getDb);

  it('seeds WELCOME10 and a grocery FRESH5 once, valid for a year', async () => {
    const db = getDb().db;
    expect(await seedDemoCoupons(db, CITY_NOW)).toBe(2);
    expect(await seedDemoCoupons(db, CITY_NOW)).toBe(0);
    const [welcome] = await db.select().from(coupons).where(eq(coupons.code, 'WELCOME10'));
    expect(welcome).toMatchObject({
      kind: 'percent',
      value: 1000,
      minimumSpendAmount: 2000,
      perUserLimit: 1,
      businessId: null,
      startsAt: CITY_NOW,
    });
    expect(welcome!.endsAt.getTime() - CITY_NOW.getTime()).toBe(365 * 24 * 60 * 60 * 1000);
    const [fresh] = await db.select().from(coupons).where(eq(coupons.code, 'FRESH5'));
    expect(fresh).toMatchObject({ kind: 'fixed', value: 500, minimumSpendAmount: 2500 });
    expect(fresh!.businessId).not.toBeNull();
  });
});
