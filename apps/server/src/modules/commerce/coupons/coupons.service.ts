import { and, count, eq, getTableColumns, inArray, not } from 'drizzle-orm';
import type { OrderStatus } from '@localmart/contract';
import type { Database } from '../../../db/client.ts';
import { businesses } from '../../../db/schema/catalog.ts';
import { couponRedemptions, coupons, orders } from '../../../db/schema/commerce.ts';
import type { CouponTerms } from './coupon-rules.ts';

/** Orders that never went through give their coupon back: the shopper may use it again. */
const COUPON_RETURNED_STATUSES: OrderStatus[] = [
  'payment_failed',
  'cancelled',
  'auto_cancelled',
  'declined',
];

/** The coupon of a code (codes are stored upper case), with the name of the store it is for. */
export async function findCoupon(db: Database, code: string): Promise<CouponTerms | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(coupons), businessName: businesses.name })
    .from(coupons)
    .leftJoin(businesses, eq(businesses.id, coupons.businessId))
    .where(eq(coupons.code, code.trim().toUpperCase()))
    .limit(1);
  return row;
}

/** How often this shopper has used the coupon on orders that still stand. */
export async function countRedemptions(
  db: Database,
  couponId: string,
  userId: string,
): Promise<number> {
  const [row] = await db
    .select({ used: count() })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        eq(couponRedemptions.userId, userId),
        not(inArray(orders.status, COUPON_RETURNED_STATUSES)),
      ),
    );
  return row?.used ?? 0;
}
