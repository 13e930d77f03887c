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
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
  stockStatus,
  toLocalDate,
} from '@localmart/contract';
import { and, asc, desc, eq, gte, inArray, lt, lte, min, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { businesses, offers, products } from '../../../db/schema/catalog.ts';
import { orderMoneyEvents, orders } from '../../../db/schema/commerce.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { selectStoreRows, storeVisible, toStoreRow } from './store-orders.service.ts';

/** The part of a money movement that is tax, in proportion to its order's tax in its total. */
export function taxShareOf(amount: number, orderTax: number, orderTotal: number): number {
  return orderTotal > 0 ? Math.round((amount * orderTax) / orderTotal) : 0;
}

/** Orders whose card hold still counts (not yet charged, not let go). */
const HOLDING: OrderStatus[] = ['placed', 'accepted', 'ready_for_pickup', 'out_for_delivery'];

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

  // Sales are money, not orders: what was captured less what was refunded, on the day it moved
  // (issue 12: a refunded no-show or a card only held is no sale). A store's month is small, so
  // movements are grouped here by the store's calendar, not by the database's.
  const moved = await db
    .select({
      orderId: orderMoneyEvents.orderId,
      kind: orderMoneyEvents.kind,
      amount: orderMoneyEvents.amount,
      at: orderMoneyEvents.at,
      orderTotal: orders.totalAmount,
      orderTax: orders.taxAmount,
    })
    .from(orderMoneyEvents)
    .innerJoin(orders, eq(orders.id, orderMoneyEvents.orderId))
    .where(
      and(
        eq(orders.businessId, businessId),
        inArray(orderMoneyEvents.kind, ['captured', 'refunded']),
        gte(orderMoneyEvents.at, salesStart),
        lt(orderMoneyEvents.at, tomorrowStart),
      ),
    );
  const byDay = new Map<string, { orders: Set<string>; amount: number }>();
  for (let offset = 0; offset < DASHBOARD_SALES_DAYS; offset++) {
    byDay.set(formatLocalDate(addDays(firstDay, offset)), { orders: new Set(), amount: 0 });
  }
  let captured = 0;
  let refunded = 0;
  let tax = 0;
  for (const event of moved) {
    const day = byDay.get(formatLocalDate(toLocalDate(event.at, timeZone)));
    if (!day) continue;
    // Each movement carries its order's share of tax: a partial refund gives back that much tax.
    const taxShare = taxShareOf(event.amount, event.orderTax, event.orderTotal);
    if (event.kind === 'captured') {
      captured += event.amount;
      tax += taxShare;
      day.amount += event.amount;
      day.orders.add(event.orderId);
    } else {
      refunded += event.amount;
      tax -= taxShare;
      day.amount -= event.amount;
    }
  }
  const statusRows = await db
    .select({ status: orders.status, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(storeVisible(businessId), gte(orders.placedAt, salesStart)))
    .groupBy(orders.status);
  const byStatus = new Map(statusRows.map((row) => [row.status, Number(row.count)]));
  // Cards held now for orders still on their way: money the store may get, not yet a sale.
  const [held] = await db
    .select({
      amount: sql<number>`coalesce(sum(${orders.authorisedAmount} - ${orders.capturedAmount} - ${orders.releasedAmount}), 0)::int`,
    })
    .from(orders)
    .where(and(eq(orders.businessId, businessId), inArray(orders.status, HOLDING)));

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
    salesSummary: {
      sales: { amount: captured - refunded, currency: store.currency },
      captured: { amount: captured, currency: store.currency },
      refunded: { amount: refunded, currency: store.currency },
      held: { amount: Number(held?.amount ?? 0), currency: store.currency },
      tax: { amount: tax, currency: store.currency },
    },
    // In the order a store's day runs, so the list reads like the inbox's tabs.
    ordersByStatus: ORDER_STATUSES.flatMap((status) => {
      const count = byStatus.get(status) ?? 0;
      return count > 0 ? [{ status, label: ORDER_STATUS_LABELS[status], count }] : [];
    }),
    sales: [...byDay.entries()].map(([date, day]) => ({
      date,
      orders: day.orders.size,
      amount: { amount: day.amount, currency: store.currency },
    })),
    lowStock: lowStock.map((offer) => ({
      ...offer,
      stock: stockStatus(offer.quantity),
    })),
    recentOrders: recent.map(toStoreRow),
  };
}
