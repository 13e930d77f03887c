import { formatMoney, type CheckoutQuote } from '@localmart/contract';
import '../../../components/ui/totals-list.css';

export const PAY_NOW_LABEL = 'Pay now';
export const HOLD_LABEL = 'Held on your card (charged at pickup)';
/** Issue 15: a booking of services only is charged at the appointment, never "at pickup". */
export const APPOINTMENT_HOLD_LABEL = 'Held on your card (charged at your appointment)';

/** The whole checkout's totals per currency, split into what is charged now and what is held. */
export function CheckoutTotals({
  quote,
  appointmentsOnly = false,
}: {
  quote: CheckoutQuote;
  appointmentsOnly?: boolean;
}) {
  return (
    <section className="lm-card" aria-label="Order total">
      {quote.totals.map((total) => (
        <dl key={total.currency} className="lm-totals-list">
          <div>
            <dt>Subtotal</dt>
            <dd>{formatMoney(total.subtotal, total.currency)}</dd>
          </div>
          {total.discount > 0 && (
            <div>
              <dt>Coupon discount</dt>
              <dd>−{formatMoney(total.discount, total.currency)}</dd>
            </div>
          )}
          {total.deliveryFee > 0 && (
            <div>
              <dt>Delivery fees</dt>
              <dd>{formatMoney(total.deliveryFee, total.currency)}</dd>
            </div>
          )}
          <div>
            <dt>Tax</dt>
            <dd>{formatMoney(total.tax, total.currency)}</dd>
          </div>
          <div className="lm-totals-list-grand">
            <dt>Total</dt>
            <dd>{formatMoney(total.total, total.currency)}</dd>
          </div>
          <div>
            <dt>{PAY_NOW_LABEL}</dt>
            <dd>{formatMoney(total.payNow, total.currency)}</dd>
          </div>
          {total.holdNow > 0 && (
            <div>
              <dt>{appointmentsOnly ? APPOINTMENT_HOLD_LABEL : HOLD_LABEL}</dt>
              <dd>{formatMoney(total.holdNow, total.currency)}</dd>
            </div>
          )}
        </dl>
      ))}
    </section>
  );
}
