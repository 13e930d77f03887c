import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  addBusinessMinutes,
  canTransition,
  DEADLINE_WARNING_MINUTES,
  illegalTransitionMessage,
  commerceMessages as m,
  type OpeningHours,
  REMINDER_EVERY_MINUTES,
  RESPONSE_MINUTES,
  storeOrderMessages,
  type OrderActor,
  type OrderStatus,
  type PaymentActionKind,
  paymentModeOf,
  STOCK_RELEASED_STATUSES,
} from '@localmart/contract';
import type { Database } from '../../../db/client.ts';
import { users } from '../../../db/schema/accounts.ts';
import { appointments } from '../../../db/schema/appointments.ts';
import { businesses, offers } from '../../../db/schema/catalog.ts';
import {
  orderEvents,
  orderItems,
  orderMoneyEvents,
  orders,
  paymentActions,
} from '../../../db/schema/commerce.ts';
import { HttpError } from '../../../plugins/errors.ts';
import type { Jobs } from '../../jobs/jobs.plugin.ts';
import { publishOrderEvents } from '../../live/order-events.ts';
import { notifyOrderStatus } from '../../notifications/notifications.service.ts';
import { queueOrderMailJob } from './order-mail-queue.ts';
import { releaseAppointments } from '../../appointments/booking.service.ts';
import { nextResponseCheck, queueOrderResponseJob } from './order-response-queue.ts';
import { firstCheckAt, queuePaymentActionJob } from './payment-action-queue.ts';

export interface TransitionInput {
  orderId: string;
  to: OrderStatus;
  actor: OrderActor;
  /**
   * The person who acted (issue 15): the store member or the shopper. Their display name is kept
   * on the timeline event; none for the system (jobs, the payment return).
   */
  actorUserId?: string | undefined;
  now: Date;
  note?: string | null;
  /** Only this user's order (shopper calls): another's is "not found", never "forbidden". */
  userId?: string;
  /** Only this store's order (store-owner calls). */
  businessId?: string;
  /** Moves to `accepted`: when the store promises the order ready (stored on the order). */
  readyBy?: Date;
  /**
   * The job engine: the jobs this change owes (the provider calls' retries, the response rule of a
   * placed order) are queued in its transaction. Every app path passes it; without it (unit tests
   * of the state machine) only the reconciliation sweep (modules/jobs/reconcile.ts) finds them.
   */
  jobs?: Jobs | undefined;
}

export interface OrderTransition {
  orderId: string;
  userId: string;
  from: OrderStatus;
  to: OrderStatus;
  totalAmount: number;
  currency: string;
  /** The payment_actions rows this change recorded (capture, release, refund), made after commit. */
  paymentActionIds: string[];
  /** The safety-net job of the shopper's email (order-mail-queue.ts), when queued with the change. */
  mailJobId?: string | null;
}

/** Exits that end the deal: a held card is released, money taken is given back. */
export const UNDO_PAYMENT_STATUSES: ReadonlySet<OrderStatus> = new Set([
  'cancelled',
  'declined',
  'auto_cancelled',
  'no_show',
  'refunded',
]);

type OrderRow = typeof orders.$inferSelect;

/**
 * The provider calls an order's move owes, on the one-card-entry design (ADR 0009): the checkout's
 * card is held once; an order is charged its own share when it is due (buy online and delivery as
 * soon as the hold is confirmed, reserve at pickup) and lets its share go, or is refunded, when it
 * ends without the goods. Amounts are decided when each call runs (payment-actions.ts), from the
 * order's money at that moment, so a call that crosses another (a cancel while a capture is on its
 * way) never moves more than the order holds or was charged.
 */
function paymentActionsFor(order: OrderRow, to: OrderStatus): PaymentActionKind[] {
  if (!order.paymentId) return [];
  const chargedOnPlacement = paymentModeOf(order.fulfilment) === 'charge';
  if (to === 'placed') return chargedOnPlacement && order.totalAmount > 0 ? ['capture'] : [];
  if (to === 'completed') return order.totalAmount > 0 ? ['capture'] : [];
  if (!UNDO_PAYMENT_STATUSES.has(to)) return [];
  // Nothing was ever held for an order cancelled before its payment went through.
  if (order.authorisedAmount === 0) return [];
  const kinds: PaymentActionKind[] = ['void'];
  if (order.capturedAmount > 0 || chargedOnPlacement || order.status === 'completed') {
    kinds.push('refund');
  }
  return kinds;
}

/** What an order becomes placed with: when, and the store's answer deadline and first reminder. */
async function placedFields(db: Database, businessId: string, now: Date) {
  const [store] = await db
    .select({ hours: businesses.hours })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  const schedule = store
    ? responseSchedule(store.hours, now)
    : { responseDueAt: new Date(now.getTime() + RESPONSE_MINUTES * 60_000), nextReminderAt: null };
  return { placedAt: now, remindersSent: 0, ...schedule };
}

/** Gives an order's held stock back to its offers. */
export async function releaseStock(db: Database, orderId: string): Promise<void> {
  const items = await db
    .select({
      offerId: orderItems.offerId,
      quantity: orderItems.quantity,
      removedQuantity: orderItems.removedQuantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  for (const item of items) {
    // Units the store did not hand over went back when it said so (issue 15).
    const held = item.quantity - item.removedQuantity;
    if (!item.offerId || held <= 0) continue;
    await db
      .update(offers)
      .set({ quantity: sql`${offers.quantity} + ${held}` })
      .where(eq(offers.id, item.offerId));
  }
  // A booked service's places go back to its slot the same way (issue 15).
  await releaseAppointments(db, orderId);
}

/**
 * The store's answer deadline of an order placed at `placedAt` (spec §9: 4 business hours) and its
 * first reminder (30 business minutes). A store that never opens within addBusinessMinutes' search
 * window (about a year: no weekly hours at all) would have no deadline and its shopper would wait
 * forever, so it falls back to wall-clock time: due 4 hours later, no reminders.
 */
export function responseSchedule(
  hours: OpeningHours,
  placedAt: Date,
): { responseDueAt: Date; nextReminderAt: Date | null; deadlineWarningAt: Date | null } {
  const due = addBusinessMinutes(hours, placedAt, RESPONSE_MINUTES);
  if (!due) {
    const wallDue = placedAt.getTime() + RESPONSE_MINUTES * 60_000;
    return {
      responseDueAt: new Date(wallDue),
      nextReminderAt: null,
      deadlineWarningAt: new Date(wallDue - DEADLINE_WARNING_MINUTES * 60_000),
    };
  }
  const reminder = addBusinessMinutes(hours, placedAt, REMINDER_EVERY_MINUTES);
  // The warning counts open time like the deadline (issue 14): 30 open minutes before it.
  const warning = addBusinessMinutes(hours, placedAt, RESPONSE_MINUTES - DEADLINE_WARNING_MINUTES);
  return {
    responseDueAt: due,
    nextReminderAt: reminder && reminder < due ? reminder : null,
    deadlineWarningAt: warning && warning < due ? warning : null,
  };
}

/** The store's answers to a placed order: refused once the answer deadline has passed. */
const STORE_ANSWERS: ReadonlySet<OrderStatus> = new Set(['accepted', 'declined']);

/**
 * Who an order event names (issue 15): the member's id and display name as they are now, or nulls
 * when no person acted (or the account is gone).
 */
export async function eventActor(
  db: Database,
  userId: string | undefined,
): Promise<{ actorUserId: string | null; actorName: string | null }> {
  const [user] = userId
    ? await db.select({ name: users.displayName }).from(users).where(eq(users.id, userId))
    : [];
  return { actorUserId: user ? userId! : null, actorName: user?.name ?? null };
}

/**
 * The one way an order changes status, for every caller (payment return, shopper cancel, the store
 * site, timers). Locks the order row, checks the move against the contract's state machine, writes
 * the status, its timestamp and a timeline event, and gives stock back when the new status no longer
 * holds it; all in one transaction (a savepoint when `db` is already one). The provider call and the
 * email are NOT made here: they run after the commit (applyOrderEffects), so a provider error can
 * never roll back, or half-write, a status the database already holds.
 */
export async function transitionOrder(
  db: Database,
  input: TransitionInput,
): Promise<OrderTransition> {
  return db.transaction(async (tx) => {
    const conditions = [eq(orders.id, input.orderId)];
    if (input.userId) conditions.push(eq(orders.userId, input.userId));
    if (input.businessId) conditions.push(eq(orders.businessId, input.businessId));
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(...conditions))
      .for('update');
    if (!order) throw new HttpError(404, m.orderNotFound);
    // The 4-hour rule, checked under the row lock: an answer after the deadline loses to the
    // rule's job whichever runs first (before it runs the order is still placed but overdue; after
    // it, auto_cancelled), so an accept racing the auto-cancel ends in exactly one final state.
    if (
      input.actor === 'store' &&
      STORE_ANSWERS.has(input.to) &&
      (order.status === 'placed' || order.status === 'auto_cancelled') &&
      order.responseDueAt !== null &&
      order.responseDueAt.getTime() <= input.now.getTime()
    ) {
      throw new HttpError(409, storeOrderMessages.responseTimePassed);
    }
    // A shopper may cancel a booked appointment after acceptance (to its cut-off, checked by the
    // cancel route); only that move needs to know whether the order books one.
    const appointment =
      input.actor === 'shopper' && input.to === 'cancelled'
        ? (
            await tx
              .select({ id: appointments.id })
              .from(appointments)
              .where(and(eq(appointments.orderId, order.id), isNull(appointments.releasedAt)))
              .limit(1)
          ).length > 0
        : false;
    if (!canTransition(order.status, input.to, input.actor, order.fulfilment, { appointment })) {
      throw new HttpError(409, illegalTransitionMessage(order.status, input.to));
    }
    const note = input.note?.trim() ? input.note.trim() : null;
    // Placed = the checkout's hold is confirmed: this order's share of it is now held.
    const heldNow = input.to === 'placed' && order.paymentId !== null ? order.totalAmount : 0;
    await tx
      .update(orders)
      .set({
        status: input.to,
        ...(heldNow > 0 ? { authorisedAmount: heldNow } : {}),
        updatedAt: input.now,
        ...(input.to === 'placed' ? await placedFields(tx, order.businessId, input.now) : {}),
        // Leaving `placed` ends the reminders (the rule's job only acts on placed orders anyway).
        ...(order.status === 'placed' ? { nextReminderAt: null } : {}),
        ...(input.to === 'accepted'
          ? { acceptedAt: input.now, ...(input.readyBy ? { readyBy: input.readyBy } : {}) }
          : {}),
        ...(input.to === 'cancelled' || input.to === 'auto_cancelled'
          ? { cancelReason: note }
          : {}),
        ...(input.to === 'declined' ? { declineReason: note } : {}),
      })
      .where(eq(orders.id, order.id));
    await tx.insert(orderEvents).values({
      orderId: order.id,
      status: input.to,
      actor: input.actor,
      ...(await eventActor(tx, input.actorUserId)),
      note,
      at: input.now,
    });
    if (STOCK_RELEASED_STATUSES.has(input.to) && !STOCK_RELEASED_STATUSES.has(order.status)) {
      await releaseStock(tx, order.id);
    }
    if (heldNow > 0) {
      await tx.insert(orderMoneyEvents).values({
        orderId: order.id,
        kind: 'held',
        amount: heldNow,
        currency: order.currency,
        at: input.now,
      });
    }
    const owed = paymentActionsFor(
      { ...order, authorisedAmount: order.authorisedAmount || heldNow },
      input.to,
    );
    // Recorded with the change itself: if the call after the commit fails, or never happens (a
    // crash), its job (queued below) still finds it owed.
    const recorded =
      owed.length > 0 && order.paymentId
        ? await tx
            .insert(paymentActions)
            .values(
              owed.map((action) => ({
                orderId: order.id,
                paymentId: order.paymentId!,
                action,
                refundId: action === 'refund' ? `${order.number}-R` : null,
                nextAttemptAt: input.now,
              })),
            )
            .onConflictDoNothing()
            .returning({ id: paymentActions.id, action: paymentActions.action })
        : [];
    let mailJobId: string | null = null;
    if (input.jobs) {
      mailJobId = await queueOrderMailJob(
        input.jobs,
        tx,
        { orderId: order.id, status: input.to },
        input.now,
      );
      for (const { id } of recorded) {
        await queuePaymentActionJob(
          input.jobs,
          tx,
          id,
          firstCheckAt(input.now),
          input.now,
          'recorded',
        );
      }
      if (input.to === 'placed') {
        const [placed] = await tx
          .select({
            nextReminderAt: orders.nextReminderAt,
            responseDueAt: orders.responseDueAt,
            deadlineWarningAt: orders.deadlineWarningAt,
          })
          .from(orders)
          .where(eq(orders.id, order.id));
        const at = placed ? nextResponseCheck(placed) : null;
        if (at) await queueOrderResponseJob(input.jobs, tx, order.id, at, input.now, 'placed');
      }
    }
    await publishOrderEvents(tx, { orderId: order.id, from: order.status, to: input.to });
    await notifyOrderStatus(tx, {
      orderId: order.id,
      to: input.to,
      actor: input.actor,
      now: input.now,
      jobs: input.jobs,
    });
    // Refunds run after captures and releases (a refund waits for a capture on its way).
    const rank = (kind: PaymentActionKind) => ['capture', 'void', 'refund'].indexOf(kind);
    recorded.sort((a, b) => rank(a.action) - rank(b.action));
    return {
      orderId: order.id,
      userId: order.userId,
      from: order.status,
      to: input.to,
      totalAmount: order.totalAmount,
      currency: order.currency,
      paymentActionIds: recorded.map((row) => row.id),
      mailJobId,
    };
  });
}
