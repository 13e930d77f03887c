import { formatPrice, type OrderSummary, type PaymentSummary } from '@localmart/contract';

/** The one button of a checkout's payment: "Pay $27.59" (one card entry per currency, ADR 0009). */
export function payLabel(payment: Pick<PaymentSummary, 'amount'>): string {
  return `Pay ${formatPrice(payment.amount)}`;
}

/** The orders a payment covers: those it names, else the checkout's orders in its currency. */
export function ordersOfPayment(
  payment: Pick<PaymentSummary, 'amount' | 'orderIds'>,
  orders: readonly OrderSummary[],
): OrderSummary[] {
  if (payment.orderIds.length > 0) return orders.filter((o) => payment.orderIds.includes(o.id));
  return orders.filter((o) => o.total.currency === payment.amount.currency);
}

/** When a store takes its share of the hold: reserve orders at pickup, the others at once. */
function whenCharged(order: Pick<OrderSummary, 'fulfilment'>): string {
  return order.fulfilment === 'reserve_pickup' ? 'when you pick up' : 'now';
}

/**
 * What the one payment does, per store, in plain words (ADR 0009): the card is held once for the
 * whole checkout; each store charges its own share when it is due; whatever is cancelled is let go.
 * "$27.59 is held on your card once. Queen Street Market charges its $11.30 when you pick up;
 * Danforth Grocer charges its $16.29 now. Anything cancelled is released."
 */
export function paymentPlan(
  payment: Pick<PaymentSummary, 'amount' | 'orderIds'>,
  orders: readonly OrderSummary[],
): string {
  const held = `${formatPrice(payment.amount)} is held on your card once.`;
  const covered = ordersOfPayment(payment, orders);
  const shares =
    covered.length === 1 && covered[0]
      ? `${covered[0].store.name} charges it ${whenCharged(covered[0])}.`
      : `${covered
          .map(
            (order) =>
              `${order.store.name} charges its ${formatPrice(order.total)} ${whenCharged(order)}`,
          )
          .join('; ')}.`;
  return covered.length === 0
    ? `${held} Anything cancelled is released.`
    : `${held} ${shares} Anything cancelled is released.`;
}
