import { and, asc, eq, ne } from 'drizzle-orm';
import { type CheckoutView, commerceMessages as m, type PaymentStatus } from '@localmart/contract';
import type { Database } from '../../../db/client.ts';
import { checkouts, orders, payments } from '../../../db/schema/commerce.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { selectOrdersWithStore, toOrderSummaries } from '../orders/order-summary.ts';

type PaymentRow = typeof payments.$inferSelect;

const DONE: ReadonlySet<PaymentStatus> = new Set(['authorised', 'captured']);

/**
 * The checkout's payments (one card hold per currency; older checkouts may have a charge and a
 * hold, the charge first). A payment `replaced` by a newer one (the orders changed before the
 * shopper paid) is history, not a payment to make: it is left out.
 */
export async function checkoutPayments(db: Database, checkoutId: string): Promise<PaymentRow[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.checkoutId, checkoutId), ne(payments.status, 'replaced')))
    .orderBy(asc(payments.createdAt), asc(payments.mode), asc(payments.id));
  // 'charge' sorts before 'preauth'; createdAt ties within one placing transaction.
  return rows.sort((a, b) => (a.mode === b.mode ? 0 : a.mode === 'charge' ? -1 : 1));
}

export type CheckoutState = CheckoutView['state'];

export function checkoutState(rows: readonly Pick<PaymentRow, 'status'>[]): CheckoutState {
  if (rows.length === 0 || rows.some((p) => p.status === 'failed')) return 'failed';
  // A later refund or release (a cancelled order) does not unpay the checkout.
  if (rows.every((p) => DONE.has(p.status) || p.status === 'voided' || p.status === 'refunded')) {
    return 'paid';
  }
  if (rows.some((p) => p.status === 'pending')) return 'pending';
  return 'awaiting_payment';
}

/** The payment the Pay button starts: the first not yet made, unless the checkout failed. */
export function nextPayment<T extends Pick<PaymentRow, 'status'>>(rows: readonly T[]): T | null {
  if (checkoutState(rows) === 'failed') return null;
  return rows.find((p) => p.status === 'created') ?? null;
}

/**
 * What a payment not started yet covers: the checkout's orders still awaiting payment in its
 * currency (an order cancelled since placing is left out). Pay holds exactly these
 * (payment-to-make.ts) and the checkout page shows their sum.
 */
export function payableOrders<T extends { status: string; currency: string }>(
  orderRows: readonly T[],
  currency: string,
): T[] {
  return orderRows.filter((o) => o.status === 'awaiting_payment' && o.currency === currency);
}

/** The shopper's own checkout, or 404 (someone else's is "not found" too). */
export async function ownCheckout(db: Database, userId: string, checkoutId: string) {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.userId, userId)));
  if (!row) throw new HttpError(404, m.checkoutNotFound);
  return row;
}

export async function checkoutView(
  db: Database,
  userId: string,
  checkoutId: string,
): Promise<CheckoutView> {
  const checkout = await ownCheckout(db, userId, checkoutId);
  const orderRows = await selectOrdersWithStore(db)
    .where(eq(orders.checkoutId, checkout.id))
    .orderBy(asc(orders.createdAt), asc(orders.number));
  const paymentRows = await checkoutPayments(db, checkout.id);
  return {
    id: checkout.id,
    createdAt: checkout.createdAt.toISOString(),
    orders: await toOrderSummaries(db, orderRows),
    payments: paymentRows.map((p) => {
      // A payment not started yet holds what Pay will hold: the orders still awaiting payment
      // (an order cancelled since placing is left out; see payment-to-make.ts).
      const live =
        p.status === 'created'
          ? payableOrders(orderRows, p.currency)
          : orderRows.filter((o) => o.paymentId === p.id);
      return {
        id: p.id,
        mode: p.mode,
        status: p.status,
        amount: {
          amount:
            p.status === 'created' ? live.reduce((sum, o) => sum + o.totalAmount, 0) : p.amount,
          currency: p.currency,
        },
        orderIds: live.map((o) => o.id),
      };
    }),
    nextPaymentId: nextPayment(paymentRows)?.id ?? null,
    state: checkoutState(paymentRows),
  };
}
