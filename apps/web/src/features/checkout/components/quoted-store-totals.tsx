import { formatPrice, type QuotedStore } from '@localmart/contract';
import { formatTaxRate } from '../model/format.ts';
import '../../../components/ui/totals-list.css';

/**
 * One store's priced share: subtotal, discount, delivery fee, tax with its rate, total, problems.
 * The delivery fee shows once an address is priced (never a $0.00 before one is chosen); problems
 * the card already says in place (`toldAbove`: choose an address, no delivery today) are not
 * repeated as errors.
 */
export function QuotedStoreTotals({
  quoted,
  toldAbove = [],
}: {
  quoted: QuotedStore;
  toldAbove?: readonly (string | null)[];
}) {
  const problems = quoted.problems.filter((problem) => !toldAbove.includes(problem));
  return (
    <div className="lm-checkout-quote">
      <dl className="lm-totals-list" aria-label={`${quoted.businessName} totals`}>
        <div>
          <dt>Subtotal</dt>
          <dd>{formatPrice(quoted.subtotal)}</dd>
        </div>
        {quoted.discount.amount > 0 && (
          <div>
            <dt>Coupon discount</dt>
            <dd>−{formatPrice(quoted.discount)}</dd>
          </div>
        )}
        {quoted.fulfilment === 'same_day_delivery' && quoted.deliveryDistanceKm !== null && (
          <div>
            <dt>Delivery fee</dt>
            <dd>{formatPrice(quoted.deliveryFee)}</dd>
          </div>
        )}
        <div>
          <dt>Tax ({formatTaxRate(quoted.taxRateBps)})</dt>
          <dd>{formatPrice(quoted.tax)}</dd>
        </div>
        <div className="lm-totals-list-grand">
          <dt>Total</dt>
          <dd>{formatPrice(quoted.total)}</dd>
        </div>
      </dl>
      {quoted.deliveryDistanceKm !== null && (
        <p className="lm-checkout-muted">
          {quoted.deliveryDistanceKm.toFixed(1)} km from the store
        </p>
      )}
      {problems.length > 0 && (
        <ul className="lm-checkout-problems" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
