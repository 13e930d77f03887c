import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  type MarkNotificationsReadRequest,
  type Notification,
  type NotificationFacts,
  type NotificationKind,
  type NotificationList,
  notificationText,
  orderNotificationLink,
  type OrderActor,
  type OrderStatus,
  PUSHED_NOTIFICATION_KINDS,
} from '@localmart/contract';
import type { Database } from '../../db/client.ts';
import { businesses } from '../../db/schema/catalog.ts';
import { orders } from '../../db/schema/commerce.ts';
import { notifications } from '../../db/schema/notifications.ts';
import type { Jobs } from '../jobs/jobs.plugin.ts';
import { tellShopper } from './live-bridge.ts';
import { queuePushJobs } from './push-queue.ts';

/** How many notifications the bell lists (the newest). */
export const NOTIFICATION_LIST_LIMIT = 50;

/** The order statuses a shopper hears about, and the kind each one is told as. */
const STATUS_KINDS: Partial<Record<OrderStatus, NotificationKind>> = {
  accepted: 'order_accepted',
  declined: 'order_declined',
  ready_for_pickup: 'order_ready',
  out_for_delivery: 'order_out_for_delivery',
  completed: 'order_completed',
  cancelled: 'order_cancelled',
  auto_cancelled: 'order_auto_cancelled',
  refunded: 'order_refunded',
};

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  orderId: string | null;
  /** Names the change told about: the same change told twice is one row. */
  dedupeKey: string;
  facts: NotificationFacts;
  link: string;
  now: Date;
  /** The job engine: a pushed kind queues its push jobs here, in the caller's transaction. */
  jobs?: Jobs | undefined;
}

/**
 * Writes one notification inside `db` (the caller's transaction), announces it on the user's live
 * stream (`notification.created`, sent after the commit) and, for the kinds that matter when the app
 * is closed, queues a push job per device in the same transaction. Null when this change was
 * already told (its dedupe key exists).
 */
export async function createNotification(
  db: Database,
  input: NewNotification,
): Promise<string | null> {
  const text = notificationText(input.kind, input.facts);
  const [row] = await db
    .insert(notifications)
    .values({
      userId: input.userId,
      kind: input.kind,
      orderId: input.orderId,
      dedupeKey: input.dedupeKey,
      title: text.title,
      body: text.body,
      link: input.link,
      createdAt: input.now,
    })
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning({ id: notifications.id });
  if (!row) return null;
  await tellShopper(db, input.userId, { kind: 'notification.created', notificationId: row.id });
  if (input.jobs && PUSHED_NOTIFICATION_KINDS.has(input.kind)) {
    await queuePushJobs(
      input.jobs,
      db,
      { userId: input.userId, notificationId: row.id },
      input.now,
    );
  }
  return row.id;
}

async function orderFacts(db: Database, orderId: string) {
  const [row] = await db
    .select({ userId: orders.userId, number: orders.number, storeName: businesses.name })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(eq(orders.id, orderId));
  return row;
}

/**
 * The shopper's notification about an order's new status, called by transitionOrder inside its
 * transaction. A move the shopper made themselves (their own cancel) is not told back to them.
 */
export async function notifyOrderStatus(
  db: Database,
  change: {
    orderId: string;
    to: OrderStatus;
    actor: OrderActor;
    now: Date;
    jobs?: Jobs | undefined;
  },
): Promise<string | null> {
  const kind = STATUS_KINDS[change.to];
  if (!kind || change.actor === 'shopper') return null;
  const facts = await orderFacts(db, change.orderId);
  if (!facts) return null;
  return createNotification(db, {
    userId: facts.userId,
    kind,
    orderId: change.orderId,
    dedupeKey: `order:${change.orderId}:${kind}`,
    facts,
    link: orderNotificationLink(change.orderId),
    now: change.now,
    jobs: change.jobs,
  });
}

/**
 * "Refund made": called where a refund is booked (payment-actions.ts), in that transaction. One per
 * order: a later top-up refund of the same order is in the order's money timeline, not a second bell.
 */
export async function notifyOrderRefunded(
  db: Database,
  refund: { orderId: string; amount: number; currency: string; now: Date; jobs?: Jobs | undefined },
): Promise<string | null> {
  const facts = await orderFacts(db, refund.orderId);
  if (!facts) return null;
  return createNotification(db, {
    userId: facts.userId,
    kind: 'order_refunded',
    orderId: refund.orderId,
    dedupeKey: `order:${refund.orderId}:order_refunded`,
    facts: { ...facts, amount: refund.amount, currency: refund.currency },
    link: orderNotificationLink(refund.orderId),
    now: refund.now,
    jobs: refund.jobs,
  });
}

function toNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** The bell: the user's unread count and newest notifications. Only their own. */
export async function listNotifications(db: Database, userId: string): Promise<NotificationList> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT);
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return { unread: unread?.n ?? 0, notifications: rows.map(toNotification) };
}

/** Marks some (ids) or all of the user's unread notifications read; others' ids are ignored. */
export async function markNotificationsRead(
  db: Database,
  userId: string,
  request: MarkNotificationsReadRequest,
  now: Date,
): Promise<number> {
  if (!request.all && (!request.ids || request.ids.length === 0)) return 0;
  const conditions = [eq(notifications.userId, userId), isNull(notifications.readAt)];
  if (!request.all) conditions.push(inArray(notifications.id, request.ids!));
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(...conditions))
    .returning({ id: notifications.id });
  return rows.length;
}
