import {
  formatPrice,
  orderMoneyEventLabel,
  orderMoneyPendingLabel,
  type Money,
  type OrderMoney,
} from '@localmart/contract';
import '../ui/totals-list.css';
import './order-money.css';

export const MONEY_HISTORY_LABEL = 'Payment history';
export const MONEY_PENDING_LABEL = 'Payment calls in progress';

export interface OrderMoneyAmount {
  label: 'Held' | 'Charged' | 'Released' | 'Refunded';
  amount: Money;
}

/**
 * The order's own amounts worth a line, zeros left out (ADR 0009). "Held" is what the card still
 * holds for this order now: what was held less what was charged or released from it since.
 */
export function orderMoneyAmounts(money: OrderMoney): OrderMoneyAmount[] {
  const held = money.authorised.amount - money.captured.amount - money.released.amount;
  const amounts: OrderMoneyAmount[] = [
    { label: 'Held', amount: { amount: Math.max(0, held), currency: money.authorised.currency } },
    { label: 'Charged', amount: money.captured },
    { label: 'Released', amount: money.released },
    { label: 'Refunded', amount: money.refunded },
  ];
  return amounts.filter((line) => line.amount.amount > 0);
}

/**
 * One order's money, never its checkout's: the label, the calls still on their way, each non-zero
 * amount and the money timeline. The shopper's order page and the store's order page both show it,
 * each with its own clock (`formatDateTime`: the browser's, or the store's time zone).
 */
export function OrderMoneyDetails({
  money,
  formatDateTime,
}: {
  money: OrderMoney;
  formatDateTime: (iso: string) => string;
}) {
  const amounts = orderMoneyAmounts(money);
  // Oldest first, like the order's own timeline; the server's order is not relied on.
  const events = [...money.events].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return (
    <div className="lm-money">
      <p className="lm-money-label">{money.label}</p>
      {money.pending.length > 0 && (
        <ul className="lm-money-pending" aria-label={MONEY_PENDING_LABEL}>
          {money.pending.map((pending) => (
            <li key={`${pending.kind}-${pending.amount.amount}`}>
              {orderMoneyPendingLabel(pending)}
            </li>
          ))}
        </ul>
      )}
      {amounts.length > 0 && (
        <dl className="lm-totals-list">
          {amounts.map((line) => (
            <div key={line.label}>
              <dt>{line.label}</dt>
              <dd>{formatPrice(line.amount)}</dd>
            </div>
          ))}
        </dl>
      )}
      {events.length > 0 && (
        <ol className="lm-money-events" aria-label={MONEY_HISTORY_LABEL}>
          {events.map((event, index) => (
            <li key={`${event.kind}-${event.at}-${index}`}>
              <span>{orderMoneyEventLabel(event)}</span>
              <time className="lm-money-time" dateTime={event.at}>
                {formatDateTime(event.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
