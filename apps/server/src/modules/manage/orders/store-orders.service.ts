import {
  DEFAULT_READY_MINUTES,
  type DeclineReason,
  declineReasonText,
  formatStoreTime,
  isPickup,
  noShowAllowedFrom,
  ORDER_STATUS_LABELS,
  orderItemsSummary,
  type OrderStatus,
  parsePickupInput,
  type PickupCodeLookup,
  readyTimeAt,
  STORE_ORDER_FILTER_STATUSES,
  STORE_ORDER_FILTERS,
  STORE_VISIBLE_STATUSES,
  type StoreOrderCounts,
  type StoreOrderDetail,
  type StoreOrderFilter,
  type StoreOrderRow,
  storeOrderActions,
  storeOrderMessages as sm,
} from '@localmart/contract';
import { and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { users } from '../../../db/schema/accounts.ts';
import { businesses, offers } from '../../../db/schema/catalog.ts';
import { orderEvents, orderItems, orders } from '../../../db/schema/commerce.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { cursorInstantSchema, decodeCursor, pageOf } from '../../catalog/shared/cursor.ts';
import { applyOrderEffects, type OrderEffectsDeps } from '../../commerce/orders/order-effects.ts';
import { orderParts } from '../../commerce/orders/order-parts.ts';
import { orderMoneyOf } from '../../commerce/orders/order-money.ts';
import { orderChangesOf } from '../../commerce/fulfilment/order-changes-view.ts';
import { deliveryAddressOf } from '../../commerce/orders/orders.service.ts';
import { transitionOrder } from '../../commerce/orders/order-transitions.ts';
import { orderAppointments } from '../../appointments/booking.service.ts';

/**
 * The store's side of its orders: the inbox, one order, and the store's moves. Every read and move
 * is scoped by the store (another store's order id is "not found"); moves go through transitionOrder
 * (row lock, state machine, timeline, stock) and, after the commit, applyOrderEffects (provider
 * capture / void / refund, the shopper's email).
 *
 * A store sees an order once it has been placed: awaiting_payment and payment_failed orders, and
 * those a shopper abandoned before paying (cancelled with no placedAt), never reached it.
 */

/** Units the store hands over on a line: the store may have removed some (partial fulfilment). */
const handedOverSql = sql`(${orderItems.quantity} - ${orderItems.removedQuantity})`;

/** Units in the order (a row's "3 items"), those the store removed left out. */
export const itemCountSql = sql<number>`(select coalesce(sum(${handedOverSql}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`;

/** The lines still handed over, for the row's item summary, in the detail's order (title, id). */
const itemLinesSql = sql<
  { title: string; quantity: number }[] | string
>`(select coalesce(json_agg(json_build_object('title', ${orderItems.title}, 'quantity', ${handedOverSql}) order by ${orderItems.title}, ${orderItems.id}), '[]'::json) from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${handedOverSql} > 0)`;

/** The inbox's `new` tab sorts by the deadline; placedAt stands in for a (legacy) missing one. */
const dueKey = sql<Date>`coalesce(${orders.responseDueAt}, ${orders.placedAt})`;

const rowColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  fulfilment: orders.fulfilment,
  currency: orders.currency,
  totalAmount: orders.totalAmount,
  placedAt: orders.placedAt,
  responseDueAt: orders.responseDueAt,
  readyBy: orders.readyBy,
  shopperName: users.displayName,
  itemCount: itemCountSql,
  itemLines: itemLinesSql,
};

type RowRecord = {
  id: string;
  number: string;
  status: OrderStatus;
  fulfilment: StoreOrderRow['fulfilment'];
  currency: string;
  totalAmount: number;
  placedAt: Date | null;
  responseDueAt: Date | null;
  readyBy: Date | null;
  shopperName: string;
  itemCount: number;
  itemLines: { title: string; quantity: number }[] | string;
};

/** Orders of the store a store may see. */
export function storeVisible(businessId: string): SQL {
  return and(
    eq(orders.businessId, businessId),
    inArray(orders.status, [...STORE_VISIBLE_STATUSES]),
    isNotNull(orders.placedAt),
  )!;
}

export function selectStoreRows(db: Database) {
  return db.select(rowColumns).from(orders).innerJoin(users, eq(users.id, orders.userId));
}

export function toStoreRow(row: RowRecord): StoreOrderRow {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    statusLabel: ORDER_STATUS_LABELS[row.status],
    fulfilment: row.fulfilment,
    shopperName: row.shopperName,
    itemCount: Number(row.itemCount),
    itemsSummary: orderItemsSummary(
      typeof row.itemLines === 'string' ? JSON.parse(row.itemLines) : row.itemLines,
    ),
    total: { amount: row.totalAmount, currency: row.currency },
    placedAt: row.placedAt?.toISOString() ?? null,
    responseDueAt: row.responseDueAt?.toISOString() ?? null,
    readyBy: row.readyBy?.toISOString() ?? null,
  };
}

const cursorShape = z.tuple([cursorInstantSchema, z.uuid()]);

async function countsOf(db: Database, businessId: string): Promise<StoreOrderCounts> {
  const rows = await db
    .select({ status: orders.status, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(storeVisible(businessId))
    .groupBy(orders.status);
  const counts = Object.fromEntries(STORE_ORDER_FILTERS.map((filter) => [filter, 0])) as Record<
    StoreOrderFilter,
    number
  >;
  for (const row of rows) {
    for (const filter of STORE_ORDER_FILTERS) {
      if ((STORE_ORDER_FILTER_STATUSES[filter] as readonly OrderStatus[]).includes(row.status)) {
        counts[filter] += Number(row.count);
      }
    }
  }
  return counts;
}

/** The inbox: one tab's page (keyset-paged) and every tab's count. */
export async function listStoreOrders(
  db: Database,
  businessId: string,
  query: { filter: StoreOrderFilter; cursor?: string | undefined; limit: number },
): Promise<{ results: StoreOrderRow[]; nextCursor: string | null; counts: StoreOrderCounts }> {
  const urgentFirst = query.filter === 'new';
  const key = urgentFirst ? dueKey : orders.placedAt;
  const conditions: SQL[] = [
    storeVisible(businessId),
    inArray(orders.status, [...STORE_ORDER_FILTER_STATUSES[query.filter]]),
  ];
  if (query.cursor) {
    const [at, id] = decodeCursor(query.cursor, cursorShape);
    const after = sql`${at}::timestamptz`;
    conditions.push(
      urgentFirst
        ? sql`(${key} > ${after} or (${key} = ${after} and ${orders.id} > ${id}))`
        : sql`(${key} < ${after} or (${key} = ${after} and ${orders.id} < ${id}))`,
    );
  }
  const rows = await selectStoreRows(db)
    .where(and(...conditions))
    .orderBy(...(urgentFirst ? [asc(key), asc(orders.id)] : [desc(key), desc(orders.id)]))
    .limit(query.limit + 1);
  const page = pageOf(
    rows,
    query.limit,
    (row) => [((urgentFirst ? row.responseDueAt : null) ?? row.placedAt)!.toISOString(), row.id],
    toStoreRow,
  );
  await labelAppointments(db, page.results);
  return { ...page, counts: await countsOf(db, businessId) };
}

/** Inbox rows of service bookings name their appointment (issue 15). */
async function labelAppointments(db: Database, rows: StoreOrderRow[]): Promise<void> {
  const found = await orderAppointments(
    db,
    rows.map((row) => row.id),
  );
  for (const row of rows) {
    const first = found.get(row.id)?.[0];
    row.appointmentLabel = first ? `${first.title}, ${first.label}` : null;
  }
}

/** True while the store may still answer a placed order. */
function answerable(
  order: { status: OrderStatus; responseDueAt: Date | null },
  now: Date,
): boolean {
  return !(
    order.status === 'placed' &&
    order.responseDueAt !== null &&
    order.responseDueAt.getTime() <= now.getTime()
  );
}

/** One order as the store sees it; never the pickup code (the shopper shows it at the counter). */
export async function storeOrderDetail(
  db: Database,
  businessId: string,
  orderId: string,
  now: Date,
): Promise<StoreOrderDetail> {
  const [row] = await db
    .select({
      ...rowColumns,
      order: orders,
      shopperEmail: users.email,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, orderId), storeVisible(businessId)));
  if (!row) throw new HttpError(404, sm.orderNotFound);
  const { order } = row;
  const { items, timeline } = await orderParts(db, order, { actorNames: true });
  const noShowFrom = await noShowFromOf(db, businessId, order.readyBy);
  const orderMoney = (await orderMoneyOf(db, [order])).get(order.id)!;
  const money = (amount: number) => ({ amount, currency: order.currency });
  return {
    ...toStoreRow(row),
    items: items.map((item) => ({
      id: item.id,
      offerId: item.offerId,
      title: item.title,
      subtitle: item.subtitle,
      image: item.image,
      options: item.options,
      note: item.note,
      quantity: item.quantity,
      unitPrice: money(item.unitAmount),
      lineTotal: money(item.lineAmount),
      outOfStock: item.outOfStock,
    })),
    subtotal: money(order.subtotalAmount),
    discount: money(order.discountAmount),
    deliveryFee: money(order.deliveryFeeAmount),
    tax: money(order.taxAmount),
    deliveryAddress: isPickup(order.fulfilment) ? null : deliveryAddressOf(order.deliveryAddress),
    // The shopper's address is theirs until the store has taken the order on.
    shopperEmail: order.acceptedAt ? row.shopperEmail : null,
    shopperPhone: order.acceptedAt ? order.contactPhone : null,
    noShowFrom: noShowFrom?.toISOString() ?? null,
    note: order.note,
    declineReason: order.declineReason,
    cancelReason: order.cancelReason,
    acceptedAt: order.acceptedAt?.toISOString() ?? null,
    timeline,
    money: orderMoney,
    actions: answerable(order, now)
      ? storeOrderActions(order).filter(
          // No-show waits for the ready-by time plus the hold window (issue 15).
          (action) => action !== 'no_show' || (noShowFrom !== null && noShowFrom <= now),
        )
      : [],
    changes: await orderChangesOf(db, order),
    appointments: (await orderAppointments(db, [order.id])).get(order.id) ?? [],
  };
}

/** The store's no-show rule for an order ready by `readyBy` (null before it is accepted). */
async function noShowFromOf(
  db: Database,
  businessId: string,
  readyBy: Date | null,
): Promise<Date | null> {
  if (!readyBy) return null;
  const [store] = await db
    .select({ holdMinutes: businesses.noShowHoldMinutes })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return noShowAllowedFrom(readyBy, store?.holdMinutes ?? null);
}

/** The store's own time zone, for times said in words ("until Sat Nov 21, 16:00"). */
async function storeTimeZone(db: Database, businessId: string): Promise<string> {
  const [store] = await db
    .select({ hours: businesses.hours })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return store?.hours.timeZone ?? 'UTC';
}

/**
 * The store's moves also name who made them (issue 15): `actorUserId` is the signed-in member,
 * written on the order's timeline event with their display name.
 */
export type StoreMoveDeps = OrderEffectsDeps & { actorUserId?: string | undefined };

/** A store's move through the state machine, then its effects after the commit. */
async function move(
  deps: StoreMoveDeps,
  businessId: string,
  orderId: string,
  to: OrderStatus,
  extra: { note?: string; readyBy?: Date } = {},
): Promise<void> {
  const change = await transitionOrder(deps.db, {
    orderId,
    businessId,
    to,
    actor: 'store',
    actorUserId: deps.actorUserId,
    now: deps.now(),
    jobs: deps.jobs,
    ...extra,
  });
  await applyOrderEffects(deps, [change]);
}

/** The store's order row, or 404: checks made before a move read it. */
async function orderOf(db: Database, businessId: string, orderId: string) {
  const [order] = await db
    .select({
      id: orders.id,
      fulfilment: orders.fulfilment,
      pickupCode: orders.pickupCode,
      status: orders.status,
      readyBy: orders.readyBy,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), storeVisible(businessId)));
  if (!order) throw new HttpError(404, sm.orderNotFound);
  return order;
}

/**
 * Accept with a ready time: the one given (in the future), else the pickup promise (or 60 min)
 * counted on the store's hours, as placing counts it: an order accepted just before closing is
 * ready after the next opening (ready-time.ts).
 */
export async function acceptOrder(
  deps: StoreMoveDeps,
  businessId: string,
  orderId: string,
  readyBy: string | undefined,
): Promise<void> {
  await orderOf(deps.db, businessId, orderId);
  const now = deps.now();
  let ready: Date;
  if (readyBy) {
    ready = new Date(readyBy);
    if (ready.getTime() <= now.getTime()) throw new HttpError(400, sm.readyByInPast);
  } else {
    const [store] = await deps.db
      .select({ minutes: businesses.pickupReadyMinutes, hours: businesses.hours })
      .from(businesses)
      .where(eq(businesses.id, businessId));
    const minutes = store?.minutes ?? DEFAULT_READY_MINUTES;
    // A store that never opens again still gets a time to aim at.
    ready =
      (store && readyTimeAt(store.hours, now, minutes)) ??
      new Date(now.getTime() + minutes * 60_000);
  }
  await move(deps, businessId, orderId, 'accepted', { readyBy: ready });
}

/**
 * Decline with a reason. Out-of-stock items are marked on the order and, in the same transaction,
 * their offers are set to 0: the store just said it has none (transitionOrder has already given
 * the order's units back, so the zero is the last word).
 */
export async function declineOrder(
  deps: StoreMoveDeps,
  businessId: string,
  orderId: string,
  body: {
    reason: DeclineReason;
    note?: string | undefined;
    outOfStockItemIds?: string[] | undefined;
  },
): Promise<void> {
  await orderOf(deps.db, businessId, orderId);
  const now = deps.now();
  const wanted = body.reason === 'out_of_stock' ? [...new Set(body.outOfStockItemIds ?? [])] : [];
  const change = await deps.db.transaction(async (tx) => {
    const items = await tx
      .select({ id: orderItems.id, title: orderItems.title, offerId: orderItems.offerId })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    const chosen = items.filter((item) => wanted.includes(item.id));
    if (chosen.length !== wanted.length) throw new HttpError(400, sm.outOfStockItemsNotInOrder);
    const result = await transitionOrder(tx, {
      orderId,
      businessId,
      to: 'declined',
      actor: 'store',
      actorUserId: deps.actorUserId,
      now,
      jobs: deps.jobs,
      note: declineReasonText(
        body.reason,
        body.note,
        chosen.map((item) => item.title),
      ),
    });
    if (chosen.length > 0) {
      await tx
        .update(orderItems)
        .set({ outOfStock: true })
        .where(
          inArray(
            orderItems.id,
            chosen.map((item) => item.id),
          ),
        );
      const offerIds = chosen.flatMap((item) => (item.offerId ? [item.offerId] : []));
      if (offerIds.length > 0) {
        await tx
          .update(offers)
          .set({ quantity: 0, stockUpdatedAt: now })
          .where(and(eq(offers.businessId, businessId), inArray(offers.id, offerIds)));
      }
    }
    return result;
  });
  await applyOrderEffects(deps, [change]);
}

export async function markReady(deps: StoreMoveDeps, businessId: string, orderId: string) {
  await orderOf(deps.db, businessId, orderId);
  await move(deps, businessId, orderId, 'ready_for_pickup');
}

export async function markOutForDelivery(deps: StoreMoveDeps, businessId: string, orderId: string) {
  await orderOf(deps.db, businessId, orderId);
  await move(deps, businessId, orderId, 'out_for_delivery');
}

/**
 * Not picked up: only once the shopper's time is over, the ready-by time plus the store's hold
 * window (issue 15). Earlier is a 409 that says until when the shopper may still come. An order
 * the state machine would refuse anyway (not accepted yet, already closed) gets its 409 instead.
 */
export async function markNoShow(deps: StoreMoveDeps, businessId: string, orderId: string) {
  const order = await orderOf(deps.db, businessId, orderId);
  const from = await noShowFromOf(deps.db, businessId, order.readyBy);
  const now = deps.now();
  if (from && now.getTime() < from.getTime() && storeOrderActions(order).includes('no_show')) {
    const zone = await storeTimeZone(deps.db, businessId);
    throw new HttpError(409, sm.noShowTooEarly(formatStoreTime(from, zone)));
  }
  await move(deps, businessId, orderId, 'no_show');
}

/** True when a typed code or scanned QR text is this order's pickup code. */
function codeMatches(input: string, order: { id: string; pickupCode: string }): boolean {
  const parsed = parsePickupInput(input);
  if (!parsed) return false;
  if (parsed.orderId !== null && parsed.orderId.toLowerCase() !== order.id.toLowerCase()) {
    return false;
  }
  return parsed.code === order.pickupCode.toUpperCase();
}

/** Complete: a pickup needs the shopper's code (which the capture of a held card follows). */
export async function completeOrder(
  deps: StoreMoveDeps,
  businessId: string,
  orderId: string,
  pickupCode: string | undefined,
) {
  const order = await orderOf(deps.db, businessId, orderId);
  if (isPickup(order.fulfilment)) {
    if (!pickupCode) throw new HttpError(400, sm.pickupCodeRequired);
    if (!codeMatches(pickupCode, order)) throw new HttpError(400, sm.pickupCodeMismatch);
  }
  await move(deps, businessId, orderId, 'completed');
}

/** Where a found order stands, in the counter's words; `at` is when it reached that state. */
function pickupStateText(status: OrderStatus, at: string): string {
  const words = sm.pickupState;
  switch (status) {
    case 'placed':
    case 'accepted':
    case 'ready_for_pickup':
    case 'out_for_delivery':
      return words[status];
    case 'completed':
    case 'declined':
    case 'cancelled':
    case 'auto_cancelled':
    case 'no_show':
    case 'refunded':
      return words[status](at);
    default:
      return ORDER_STATUS_LABELS[status];
  }
}

/**
 * The counter's lookup (issue 15): the store's order with that code (typed with or without spaces,
 * any case, or the QR text) whatever its state, with the state in words ("Not accepted yet",
 * "Already completed on ...") and whether the counter can complete it now, with the same code.
 * Among several orders with one code (codes are short) the live one wins, then the newest.
 */
export async function findByPickupCode(
  db: Database,
  businessId: string,
  input: string,
): Promise<PickupCodeLookup> {
  const parsed = parsePickupInput(input);
  if (!parsed) throw new HttpError(404, sm.pickupCodeNotFound);
  const conditions: SQL[] = [
    storeVisible(businessId),
    eq(sql`upper(${orders.pickupCode})`, parsed.code),
  ];
  if (parsed.orderId !== null) {
    // Not a UUID: no order has it (and the comparison must not make the database throw).
    if (!z.uuid().safeParse(parsed.orderId).success) {
      throw new HttpError(404, sm.pickupCodeNotFound);
    }
    conditions.push(eq(orders.id, parsed.orderId));
  }
  const live = sql`case when ${inArray(orders.status, LIVE_STATUSES)} then 0 else 1 end`;
  const [row] = await selectStoreRows(db)
    .where(and(...conditions))
    .orderBy(live, desc(orders.placedAt))
    .limit(1);
  if (!row) throw new HttpError(404, sm.pickupCodeNotFound);
  const [last] = await db
    .select({ at: orderEvents.at })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, row.id), eq(orderEvents.status, row.status)))
    .orderBy(desc(orderEvents.at))
    .limit(1);
  const zone = await storeTimeZone(db, businessId);
  const at = formatStoreTime(last?.at ?? row.placedAt ?? new Date(0), zone);
  return {
    ...toStoreRow(row),
    stateText: pickupStateText(row.status, at),
    canComplete:
      isPickup(row.fulfilment) &&
      row.status === 'ready_for_pickup' &&
      storeOrderActions(row).includes('complete'),
  };
}

/** Orders still on their way to the shopper: a lookup prefers them over closed ones. */
const LIVE_STATUSES: OrderStatus[] = ['placed', 'accepted', 'ready_for_pickup', 'out_for_delivery'];
