import { and, asc, eq, inArray } from 'drizzle-orm';
import { commerceMessages as m } from '@localmart/contract';
import type { Database } from '../../../db/client.ts';
import { orders, payments } from '../../../db/schema/commerce.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { payableOrders } from './checkout-view.ts';
import { newTxnid } from './place.service.ts';
import { lockCheckoutPayments } from './payment-return.service.ts';

type PaymentRow = typeof payments.$inferSelect;

/**
 * The payment the Pay button starts, decided under the checkout's payment locks. It covers exactly
 * the orders still awaiting payment: when the shopper cancelled one since the form was made, the
 * old payment is `replaced` by a new one (new txnid, the live orders' amount), so the card is never
 * held for a cancelled order. Refused when no order is left to pay (defect 3: paying a cancelled
 * order) or while the bank is still deciding a payment of this checkout.
 */
export async function paymentToMake(
  tx: Database,
  checkoutId: string,
  now: Date,
): Promise<{ payment: PaymentRow; numbers: string[] }> {
  const rows = (await lockCheckoutPayments(tx, checkoutId, { skipLocked: false })).filter(
    (row) => row.status !== 'replaced',
  );
  if (rows.some((row) => row.status === 'pending')) {
    throw new HttpError(409, m.checkoutPaymentInProgress);
  }
  const orderRows = await tx
    .select()
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.number));
  const open = rows.find((row) => row.status === 'created');
  if (!open || rows.some((row) => row.status === 'failed')) {
    const anyLive = orderRows.some((order) => order.status === 'awaiting_payment');
    throw new HttpError(409, !anyLive && !open ? m.checkoutNothingToPay : m.checkoutNoLiveOrder);
  }
  const payable = payableOrders(orderRows, open.currency);
  if (payable.length === 0) throw new HttpError(409, m.checkoutNoLiveOrder);
  const amount = payable.reduce((sum, order) => sum + order.totalAmount, 0);
  if (amount <= 0) throw new HttpError(409, m.checkoutNothingToCharge);
  const numbers = payable.map((order) => order.number);
  const covered = orderRows.filter((order) => order.paymentId === open.id);
  if (amount === open.amount && covered.length === payable.length) {
    return { payment: open, numbers };
  }
  await tx
    .update(payments)
    .set({ status: 'replaced', updatedAt: now })
    .where(eq(payments.id, open.id));
  const [fresh] = await tx
    .insert(payments)
    .values({
      checkoutId,
      userId: open.userId,
      provider: open.provider,
      mode: 'preauth',
      txnid: newTxnid(),
      amount,
      currency: open.currency,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx
    .update(orders)
    .set({ paymentId: fresh!.id })
    .where(
      and(
        eq(orders.checkoutId, checkoutId),
        inArray(
          orders.id,
          payable.map((order) => order.id),
        ),
      ),
    );
  return { payment: fresh!, numbers };
}
