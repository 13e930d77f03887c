import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { users } from '../../../db/schema/accounts.ts';
import { businesses } from '../../../db/schema/catalog.ts';
import { orderItems, orders } from '../../../db/schema/commerce.ts';
import type { Jobs } from '../../jobs/jobs.plugin.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Brand } from '../../mail/templates.ts';
import type { PaymentProvider } from '../../payments/payment-provider.ts';
import { mailStoreAboutOrder } from '../../manage/alerts/store-alert-mail.ts';
import { orderDetailsLink, orderStatusEmail } from './order-emails.ts';
import { orderAppointments } from '../../appointments/booking.service.ts';
import { INVITE_STATUSES, orderInvite } from '../../appointments/appointment-mail.ts';
import { ORDER_MAIL_QUEUE } from './order-mail-queue.ts';
import { orderMoneyOf } from './order-money.ts';
import { handedAmount, handedOver } from '../fulfilment/order-changes-view.ts';
import { runPaymentAction } from './payment-actions.ts';
import type { OrderTransition } from './order-transitions.ts';

export interface OrderEffectsDeps {
  db: Database;
  payments: PaymentProvider;
  mailer: Mailer;
  brand: Brand;
  log: FastifyBaseLogger;
  /** The app's clock (app.now: tests and CLOCK_OFFSET_MINUTES move it), which the sweepers use too. */
  now: () => Date;
  /** How long the caller waits for the provider calls of one change (default PROVIDER_WAIT_MS). */
  providerWaitMs?: number;
  /** The job engine: order changes made with these deps queue the jobs they owe (order-transitions.ts). */
  jobs?: Jobs;
}

/** The app's own deps for order changes and their effects (routes and workers alike). */
export function orderEffectsDeps(
  app: FastifyInstance,
  config: Config,
  log: FastifyBaseLogger = app.log,
): OrderEffectsDeps & { jobs: Jobs } {
  return {
    db: app.db,
    payments: app.payments,
    mailer: app.mailer,
    brand: { appName: config.appName, appUrl: config.appUrl },
    log,
    now: app.now,
    providerWaitMs: config.providerWaitMs,
    jobs: app.jobs,
  };
}

/**
 * A request answers after at most this long even when PayU hangs (issue 13: cancelling a paid order
 * took 15.6 s). The call itself goes on; it is recorded in payment_actions, so if it fails, or the
 * process stops meanwhile, its job (payment-action.jobs.ts) makes it again.
 */
export const PROVIDER_WAIT_MS = 3_000;

/** The shopper's email about `change`, queued (or kept in the dev outbox) inside `db`. */
export async function mailShopper(
  deps: OrderEffectsDeps,
  db: Database,
  change: Pick<OrderTransition, 'orderId' | 'to'>,
): Promise<void> {
  const [order] = await db
    .select({
      id: orders.id,
      number: orders.number,
      currency: orders.currency,
      totalAmount: orders.totalAmount,
      storeName: businesses.name,
      email: users.email,
      readyBy: orders.readyBy,
      hours: businesses.hours,
      authorisedAmount: orders.authorisedAmount,
      capturedAmount: orders.capturedAmount,
      releasedAmount: orders.releasedAmount,
      refundedAmount: orders.refundedAmount,
    })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, change.orderId));
  if (!order) return;
  const lines = await db
    .select({
      title: orderItems.title,
      quantity: orderItems.quantity,
      removedQuantity: orderItems.removedQuantity,
      unitAmount: orderItems.unitAmount,
      lineAmount: orderItems.lineAmount,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.title));
  // What the store hands over (issue 15): units it could not are left out, as from the total.
  const items = lines
    .filter((line) => handedOver(line) > 0)
    .map((line) => ({
      title: line.title,
      quantity: handedOver(line),
      lineAmount: handedAmount(line),
    }));
  const money = await orderMoneyOf(db, [order]);
  const appointments = (await orderAppointments(db, [order.id])).get(order.id) ?? [];
  const message = orderStatusEmail(deps.brand, order.email, {
    ...order,
    status: change.to,
    items,
    timeZone: order.hours.timeZone,
    money: money.get(order.id),
    appointments,
  });
  // A booked service: the calendar event goes with the placement and with its cancellation.
  const invite = INVITE_STATUSES.has(change.to)
    ? await orderInvite(
        db,
        order.id,
        appointments,
        orderDetailsLink(deps.brand, order.id),
        deps.now(),
      )
    : undefined;
  await deps.mailer.send(invite ? { ...message, icalEvent: invite } : message, { db });
}

/**
 * Every email an order's change owes, inside `db`: the shopper's, and the store's for a new order
 * or one the 4-hour rule cancelled (issue 14). One safety-net job covers them all.
 */
export async function mailOrderChange(
  deps: OrderEffectsDeps,
  db: Database,
  change: Pick<OrderTransition, 'orderId' | 'to'>,
): Promise<void> {
  await mailShopper(deps, db, change);
  await mailStoreAboutOrder(deps, db, change);
}

/**
 * The email right after the change (with the money as the provider calls left it), unless the
 * change's safety-net job already has it: taking the job back and queuing the email are one
 * transaction, so the shopper gets one email whichever sends it.
 */
async function mailShopperOnce(deps: OrderEffectsDeps, change: OrderTransition): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { jobs } = deps;
    if (
      change.mailJobId &&
      jobs &&
      !(await jobs.takeBack(tx, ORDER_MAIL_QUEUE, change.mailJobId))
    ) {
      return;
    }
    await mailOrderChange(deps, tx, change);
  });
}

/**
 * What follows a committed status change: the provider releases, refunds or captures, and the
 * shopper gets an email. Run after the transaction commits. The provider call was recorded with the
 * change (payment_actions): a failure here is retried by its job (payment-action.jobs.ts), so the order's
 * new status stands and the money follows it as soon as the provider answers. A mail failure is
 * logged.
 */
export async function applyOrderEffects(
  deps: OrderEffectsDeps,
  changes: readonly OrderTransition[],
): Promise<void> {
  const now = deps.now();
  for (const change of changes) {
    // In order: a refund waits for a capture on its way (payment-actions.ts).
    const calls = (async () => {
      for (const actionId of change.paymentActionIds) {
        try {
          await runPaymentAction(deps, actionId, now, { firstAttempt: true });
        } catch (error) {
          // The database itself failed; the action is still pending and its job retries it.
          deps.log.error(
            { err: error, orderId: change.orderId, actionId },
            'payment provider call after an order status change failed',
          );
        }
      }
    })();
    if (change.paymentActionIds.length > 0) {
      let timer: NodeJS.Timeout | undefined;
      const answered = await Promise.race([
        calls.then(() => true),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), deps.providerWaitMs ?? PROVIDER_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
      if (!answered) {
        deps.log.warn(
          { orderId: change.orderId },
          'payment provider slow: answering now, the call goes on (and is retried if it fails)',
        );
      }
    }
    try {
      await mailShopperOnce(deps, change);
    } catch (error) {
      deps.log.error({ err: error, orderId: change.orderId }, 'order status email failed');
    }
  }
}
