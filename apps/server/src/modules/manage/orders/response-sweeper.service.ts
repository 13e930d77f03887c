import {
  addBusinessMinutes,
  type OrderStatus,
  REMINDER_EVERY_MINUTES,
  storeOrderMessages,
} from '@localmart/contract';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { businesses } from '../../../db/schema/catalog.ts';
import { orders } from '../../../db/schema/commerce.ts';
import { applyOrderEffects, type OrderEffectsDeps } from '../../commerce/orders/order-effects.ts';
import {
  nextResponseCheck,
  queueOrderResponseJob,
} from '../../commerce/orders/order-response-queue.ts';
import { type OrderTransition, transitionOrder } from '../../commerce/orders/order-transitions.ts';
import type { Jobs } from '../../jobs/jobs.plugin.ts';
import { publishLive, storeAudience } from '../../live/publish-live.ts';
import { mailDeadlineWarning } from '../alerts/store-alert-mail.ts';
import { responseReminderEmail, storeRecipients } from './store-order-emails.ts';

/**
 * The 4-hour response rule's timed work (spec §9 terms): "please answer" emails to the store every
 * 30 business minutes while an order waits, and the auto-cancel once its deadline has passed (stock
 * back, hold voided or charge refunded, the shopper told). Deadlines and reminder times live on the
 * order rows (set by transitionOrder when the order is placed).
 *
 * Each placed order has one job on the `order-response` queue (runOrderResponse below), due at its
 * next reminder or its deadline; each run queues the next in its own transaction. The sweep
 * (sweepOrderResponses) is the reconciliation behind the jobs, run by the reconcile cron
 * (modules/jobs/reconcile.ts): it finds orders placed before the jobs existed, or whose job was
 * given up.
 *
 * Several workers may act at once: each run locks the order row and re-checks it under the lock,
 * and the sweep takes rows `FOR UPDATE SKIP LOCKED`, so a reminder slot is sent once. A store
 * answering at the same moment holds the same row lock (transitionOrder), and its answer is refused
 * once the deadline has passed, so an order ends in exactly one final state.
 */

export type ResponseSweepDeps = OrderEffectsDeps;

/**
 * The reminder email of one slot, queued in the transaction that books the slot; `skip`: who already
 * got the deadline warning in this same run (one email each).
 */
async function queueReminderEmail(
  deps: ResponseSweepDeps,
  tx: Database,
  row: ReminderRow,
  skip: readonly string[] = [],
): Promise<void> {
  const everyone = await storeRecipients(tx, row.businessId, row.storeEmail);
  const to = everyone
    .split(', ')
    .filter((email) => email && !skip.includes(email))
    .join(', ');
  if (!to) return;
  await deps.mailer.send(
    responseReminderEmail(deps.brand, to, {
      orderId: row.id,
      number: row.number,
      businessId: row.businessId,
      storeName: row.storeName,
      dueAt: row.responseDueAt!,
      timeZone: row.hours.timeZone,
    }),
    { db: tx },
  );
}

const reminderColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  businessId: orders.businessId,
  nextReminderAt: orders.nextReminderAt,
  responseDueAt: orders.responseDueAt,
  deadlineWarningAt: orders.deadlineWarningAt,
  hours: businesses.hours,
  storeName: businesses.name,
  storeEmail: businesses.email,
};

interface ReminderRow {
  id: string;
  number: string;
  businessId: string;
  nextReminderAt: Date | null;
  responseDueAt: Date | null;
  status: OrderStatus;
  deadlineWarningAt: Date | null;
  hours: Parameters<typeof addBusinessMinutes>[0] & { timeZone: string };
  storeName: string;
  storeEmail: string;
}

/** Books the reminder slot that fell due (the next one moves on) and queues its email. */
async function bookReminder(
  deps: ResponseSweepDeps,
  tx: Database,
  row: ReminderRow,
  now: Date,
  skip: readonly string[] = [],
): Promise<Date | null> {
  const next = nextReminderAfter(row.hours, row.nextReminderAt!, row.responseDueAt!, now);
  await tx
    .update(orders)
    .set({ remindersSent: sql`${orders.remindersSent} + 1`, nextReminderAt: next })
    .where(eq(orders.id, row.id));
  await queueReminderEmail(deps, tx, row, skip);
  return next;
}

/**
 * The "30 minutes left" warning of an unanswered order (issue 14): the store's live event and the
 * email to those who keep it on, in the run's transaction; the order's warning time is cleared with
 * them, so a retried run never warns twice. Answers who got the email.
 */
async function warnDeadline(
  deps: ResponseSweepDeps,
  tx: Database,
  row: ReminderRow,
): Promise<string[]> {
  await tx.update(orders).set({ deadlineWarningAt: null }).where(eq(orders.id, row.id));
  await publishLive(tx, storeAudience(row.businessId), {
    kind: 'order.deadline_soon',
    businessId: row.businessId,
    orderId: row.id,
    number: row.number,
    status: row.status,
    responseDueAt: row.responseDueAt!.toISOString(),
  });
  return mailDeadlineWarning(deps, tx, row.id);
}

export type OrderResponseOutcome = 'warned' | 'reminded' | 'cancelled' | 'waiting' | 'done';

/**
 * One run of an order's job at `now`: the auto-cancel once the deadline has passed, else the
 * deadline warning and the reminder that fell due; then the order's next run is queued (in the
 * same transaction as the warning, the reminder and their emails, so a crash repeats the run whole
 * or not at all). An order no longer placed ends its chain.
 */
export async function runOrderResponse(
  deps: ResponseSweepDeps & { jobs: Jobs },
  orderId: string,
  now: Date,
  /** This run's job id (its successor is keyed by it); tests may leave it out. */
  jobId?: string,
): Promise<OrderResponseOutcome> {
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select(reminderColumns)
      .from(orders)
      .innerJoin(businesses, eq(businesses.id, orders.businessId))
      .where(eq(orders.id, orderId))
      .for('update', { of: orders });
    if (!row || row.status !== 'placed' || !row.responseDueAt) return { outcome: 'done' as const };
    if (row.responseDueAt.getTime() <= now.getTime()) {
      const change = await transitionOrder(tx, {
        orderId,
        to: 'auto_cancelled',
        actor: 'system',
        now,
        note: storeOrderMessages.autoCancelNote,
        jobs: deps.jobs,
      });
      return { outcome: 'cancelled' as const, change };
    }
    // The warning first: when a reminder falls due in the same run, whoever got the warning is
    // not sent the reminder as well.
    const warn = row.deadlineWarningAt !== null && row.deadlineWarningAt.getTime() <= now.getTime();
    const warned = warn ? await warnDeadline(deps, tx, row) : [];
    let nextReminderAt = row.nextReminderAt;
    const due = nextReminderAt !== null && nextReminderAt.getTime() <= now.getTime();
    if (due) nextReminderAt = await bookReminder(deps, tx, row, now, warned);
    const at = nextResponseCheck({
      nextReminderAt,
      responseDueAt: row.responseDueAt,
      deadlineWarningAt: warn ? null : row.deadlineWarningAt,
    });
    // Keyed by this run's job: a retried run queues the same successor, not a second chain.
    const reason = `after:${jobId ?? now.toISOString()}`;
    if (at) await queueOrderResponseJob(deps.jobs, tx, orderId, at, now, reason);
    if (warn) return { outcome: 'warned' as const };
    return { outcome: due ? ('reminded' as const) : ('waiting' as const) };
  });
  if (result.outcome === 'cancelled') await applyOrderEffects(deps, [result.change]);
  return result.outcome;
}

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
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select(reminderColumns)
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
    // Each slot's email is queued with the slot's booking: one email per slot, never lost.
    for (const row of rows) await bookReminder(deps, tx, row, now);
    return rows.length;
  });
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
      jobs: deps.jobs,
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
