import {
  addDays,
  type Dashboard,
  DASHBOARD_LOW_STOCK_LIMIT,
  LOW_STOCK_MAX_QUANTITY,
  DASHBOARD_RECENT_ORDERS,
  DASHBOARD_SALES_DAYS,
  formatLocalDate,
  fromLocalDateTime,
  type LocalDate,
  manageMessages,
  type OrderStatus,
  stockStatus,
  toLocalDate,
} from '@localmart/contract';
import { and, asc, desc, eq, gte, lt, lte, min, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { businesses, offers, products } from '../../../db/schema/catalog.ts';
import { orders } from '../../../db/schema/commerce.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { selectStoreRows, storeVisible, toStoreRow } from './store-orders.service.ts';

/** Orders that brought no sale: the 30-day chart leaves them out. */
const NOT_SALES: OrderStatus[] = [
  'cancelled',
  'declined',
  'auto_cancelled',
  'payment_failed',
  'refunded',
];

const midnight = (date: LocalDate, timeZone: string) =>
  fromLocalDateTime({ ...date, hour: 0, minute: 0 }, timeZone);

/**
 * The store's dashboard at `now`, in the store's own calendar (its time zone): orders placed today,
 * orders waiting for an answer, sales of the last 30 days (one entry a day, zeros included),
 * low-stock offers and the latest orders.
 */
export async function storeDashboard(
  db: Database,
  businessId: string,
  now: Date,
): Promise<Dashboard> {
  const [store] = await db
    .select({ hours: businesses.hours, currency: businesses.currency })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!store) throw new HttpError(404, manageMessages.storeNotFound);
  const { timeZone } = store.hours;
  const today = toLocalDate(now, timeZone);
  const todayStart = midnight(today, timeZone);
  const tomorrowStart = midnight(addDays(today, 1), timeZone);
  const firstDay = addDays(today, -(DASHBOARD_SALES_DAYS - 1));
  const salesStart = midnight(firstDay, timeZone);

  const [todayCount] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        storeVisible(businessId),
        gte(orders.placedAt, todayStart),
        lt(orders.placedAt, tomorrowStart),
      ),
    );

  const [waiting] = await db
    .select({ count: sql<number>`count(*)::int`, soonest: min(orders.responseDueAt) })
    .from(orders)
    .where(and(eq(orders.businessId, businessId), eq(orders.status, 'placed')));

  // A store's month of orders is small: grouped here by the store's calendar, not by the database's.
  const sold = await db
    .select({ placedAt: orders.placedAt, totalAmount: orders.totalAmount })
    .from(orders)
    .where(
      and(
        eq(orders.businessId, businessId),
        gte(orders.placedAt, salesStart),
        lt(orders.placedAt, tomorrowStart),
        notInArray(orders.status, NOT_SALES),
      ),
    );
  const byDay = new Map<string, { orders: number; amount: number }>();
  for (let offset = 0; offset < DASHBOARD_SALES_DAYS; offset++) {
    byDay.set(formatLocalDate(addDays(firstDay, offset)), { orders: 0, amount: 0 });
  }
  for (const order of sold) {
    const day = byDay.get(formatLocalDate(toLocalDate(order.placedAt!, timeZone)));
    if (!day) continue;
    day.orders += 1;
    day.amount += order.totalAmount;
  }

  const lowStock = await db
    .select({ offerId: offers.id, title: products.title, quantity: offers.quantity })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(and(eq(offers.businessId, businessId), lte(offers.quantity, LOW_STOCK_MAX_QUANTITY)))
    .orderBy(asc(offers.quantity), asc(products.title), asc(offers.id))
    .limit(DASHBOARD_LOW_STOCK_LIMIT);

  const recent = await selectStoreRows(db)
    .where(storeVisible(businessId))
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(DASHBOARD_RECENT_ORDERS);

  const soonest = waiting?.soonest ? new Date(waiting.soonest) : null;
  return {
    todayOrders: Number(todayCount?.count ?? 0),
    waiting: { count: Number(waiting?.count ?? 0), soonestDueAt: soonest?.toISOString() ?? null },
    sales: [...byDay.entries()].map(([date, day]) => ({
      date,
      orders: day.orders,
      amount: { amount: day.amount, currency: store.currency },
    })),
    lowStock: lowStock.map((offer) => ({
      ...offer,
      stock: stockStatus(offer.quantity),
    })),
    recentOrders: recent.map(toStoreRow),
  };
}
