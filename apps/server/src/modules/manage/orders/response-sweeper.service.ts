import {
  addBusinessMinutes,
  REMINDER_EVERY_MINUTES,
  storeOrderMessages,
} from '@localmart/contract';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { businesses } from '../../../db/schema/catalog.ts';
import { orders } from '../../../db/schema/commerce.ts';
import { applyOrderEffects, type OrderEffectsDeps } from '../../commerce/orders/order-effects.ts';
import { type OrderTransition, transitionOrder } from '../../commerce/orders/order-transitions.ts';
import { responseReminderEmail, storeRecipients } from './store-order-emails.ts';

/**
 * The 4-hour response rule's timer work (spec §9 terms): "please answer" emails to the store every
 * 30 business minutes while an order waits, and the auto-cancel once its deadline has passed (stock
 * back, hold voided or charge refunded, the shopper told). Deadlines and reminder times live on the
 * order rows (set by transitionOrder when the order is placed), so a restart loses nothing: the next
 * sweep finds whatever fell due meanwhile.
 *
 * Several instances may sweep at once: each takes its rows `FOR UPDATE SKIP LOCKED` and re-checks
 * them under the lock, so a row is handled by one of them; the other skips it. A store answering at
 * the same moment holds the same row lock (transitionOrder), and its answer is refused once the
 * deadline has passed, so an order ends in exactly one final state.
 */

export type ResponseSweepDeps = OrderEffectsDeps;

/** Orders looked at per sweep and kind: bounds one sweep; the rest wait for the next tick. */
export const RESPONSE_SWEEP_BATCH = 100;

export interface ResponseSweepReport {
  reminders: number;
  cancelled: number;
  failed: number;
}

/**
 * The reminder after `previous`: 30 business minutes later, skipping slots that are already past
 * (after a long outage one email, not a burst), null once it would reach the deadline.
 */
export function nextReminderAfter(
  hours: Parameters<typeof addBusinessMinutes>[0],
  previous: Date,
  dueAt: Date,
  now: Date,
): Date | null {
  let next: Date | null = previous;
  do {
    next = addBusinessMinutes(hours, next, REMINDER_EVERY_MINUTES);
  } while (next && next.getTime() <= now.getTime() && next.getTime() < dueAt.getTime());
  return next && next.getTime() < dueAt.getTime() ? next : null;
}

async function sendReminders(
  deps: ResponseSweepDeps,
  now: Date,
  batchSize: number,
): Promise<number> {
  const due = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: orders.id,
        number: orders.number,
        businessId: orders.businessId,
        nextReminderAt: orders.nextReminderAt,
        responseDueAt: orders.responseDueAt,
        hours: businesses.hours,
        storeName: businesses.name,
        storeEmail: businesses.email,
      })
      .from(orders)
      .innerJoin(businesses, eq(businesses.id, orders.businessId))
      .where(
        and(
          eq(orders.status, 'placed'),
          lte(orders.nextReminderAt, now),
          gt(orders.responseDueAt, now),
        ),
      )
      .orderBy(asc(orders.nextReminderAt), asc(orders.id))
      .limit(batchSize)
      .for('update', { of: orders, skipLocked: true });
    for (const row of rows) {
      await tx
        .update(orders)
        .set({
          remindersSent: sql`${orders.remindersSent} + 1`,
          nextReminderAt: nextReminderAfter(
            row.hours,
            row.nextReminderAt!,
            row.responseDueAt!,
            now,
          ),
        })
        .where(eq(orders.id, row.id));
    }
    return rows;
  });
  // After the commit: at most one email per reminder slot, even if two sweepers overlap.
  for (const row of due) {
    try {
      const to = await storeRecipients(deps.db, row.businessId, row.storeEmail);
      await deps.mailer.send(
        responseReminderEmail(deps.brand, to, {
          orderId: row.id,
          number: row.number,
          businessId: row.businessId,
          storeName: row.storeName,
          dueAt: row.responseDueAt!,
          timeZone: row.hours.timeZone,
        }),
      );
    } catch (error) {
      deps.log.error({ err: error, orderId: row.id }, 'order response reminder email failed');
    }
  }
  return due.length;
}

async function overdueOrderIds(db: Database, now: Date, batchSize: number): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'placed'), lte(orders.responseDueAt, now)))
    .orderBy(asc(orders.responseDueAt), asc(orders.id))
    .limit(batchSize);
  return rows.map((row) => row.id);
}

/** Cancels one overdue order unless someone else holds or already moved it. */
async function cancelOverdue(
  deps: ResponseSweepDeps,
  orderId: string,
  now: Date,
): Promise<OrderTransition | null> {
  return deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(eq(orders.id, orderId), eq(orders.status, 'placed'), lte(orders.responseDueAt, now)),
      )
      .for('update', { skipLocked: true });
    if (!claimed) return null;
    return transitionOrder(tx, {
      orderId,
      to: 'auto_cancelled',
      actor: 'system',
      now,
      note: storeOrderMessages.autoCancelNote,
    });
  });
}

/**
 * One sweep at `now`: reminders first (orders still inside their time), then the auto-cancels.
 * Each order's cancel is its own transaction, so one order's trouble never holds up the others.
 */
export async function sweepOrderResponses(
  deps: ResponseSweepDeps,
  now: Date,
  options: { batchSize?: number } = {},
): Promise<ResponseSweepReport> {
  const batchSize = options.batchSize ?? RESPONSE_SWEEP_BATCH;
  const report: ResponseSweepReport = { reminders: 0, cancelled: 0, failed: 0 };
  report.reminders = await sendReminders(deps, now, batchSize);
  for (const orderId of await overdueOrderIds(deps.db, now, batchSize)) {
    try {
      const change = await cancelOverdue(deps, orderId, now);
      if (!change) continue;
      report.cancelled += 1;
      await applyOrderEffects(deps, [change]);
    } catch (error) {
      deps.log.error({ err: error, orderId }, 'order auto-cancel failed');
      report.failed += 1;
    }
  }
  return report;
}
