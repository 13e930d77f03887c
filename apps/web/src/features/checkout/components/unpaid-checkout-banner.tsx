import { commerceMessages, formatPrice, isSuccess, type CheckoutView } from '@localmart/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { cartKeys } from '../../../lib/cart/cart-cache.ts';
import { genericFailure } from '../../../lib/http.ts';
import { useUnpaidCheckout } from '../api/get-unpaid-checkout.ts';
import { checkoutKeys } from '../api/query-keys.ts';
import { useReleaseCheckout } from '../api/release-checkout.ts';

export const UNPAID_HEADING = 'Waiting for your payment';
export const UNPAID_EXPLANATION =
  'These orders are holding items for you until you pay or release them. Release puts the items back on the shelf and in your cart.';
export const RESUME_PAYMENT_LABEL = 'Resume payment';
export const RELEASE_LABEL = 'Release';

/** The orders of the checkout still waiting for payment (all of them when none says so). */
function waitingOrders(view: CheckoutView) {
  const waiting = view.orders.filter((order) => order.status === 'awaiting_payment');
  return waiting.length > 0 ? waiting : view.orders;
}

/**
 * payumoney: a checkout placed but not paid still holds its items. Say which orders, and offer to
 * finish paying it or to let it go (its orders are cancelled and the stock and cart come back).
 */
export function UnpaidCheckoutBanner() {
  const unpaid = useUnpaidCheckout(true);
  const release = useReleaseCheckout();
  const queryClient = useQueryClient();
  // A second click lands before the mutation's pending state renders: the ref stops it at once.
  const sending = useRef(false);
  const [released, setReleased] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function releaseCheckout(checkoutId: string) {
    if (sending.current) return;
    sending.current = true;
    setError(null);
    try {
      const answer = await release.mutateAsync(checkoutId);
      if (isSuccess(answer)) setReleased(true);
      else setError(answer.message ?? genericFailure().message);
      // Released (or paid or released elsewhere, when refused): the cart, the prices and this banner
      // all change with it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: checkoutKeys.unpaid() }),
        queryClient.invalidateQueries({ queryKey: checkoutKeys.cart() }),
        queryClient.invalidateQueries({ queryKey: checkoutKeys.quotes() }),
        queryClient.invalidateQueries({ queryKey: cartKeys.all }),
      ]);
    } finally {
      sending.current = false;
    }
  }

  const view = unpaid.data ?? null;
  return (
    <>
      {released && (
        <p className="lm-checkout-released" role="status">
          {commerceMessages.checkoutReleased}
        </p>
      )}
      {view && (
        <section className="lm-card lm-checkout-unpaid" aria-labelledby="checkout-unpaid">
          <h2 id="checkout-unpaid" className="lm-section-title">
            {UNPAID_HEADING}
          </h2>
          <p className="lm-checkout-muted">{UNPAID_EXPLANATION}</p>
          <ul className="lm-checkout-orders">
            {waitingOrders(view).map((order) => (
              <li key={order.id}>
                <span className="lm-checkout-option-label">
                  {order.number} · {order.store.name}
                </span>
                <span>{formatPrice(order.total)}</span>
              </li>
            ))}
          </ul>
          {error && (
            <p className="lm-checkout-problem" role="alert">
              {error}
            </p>
          )}
          <div className="lm-checkout-unpaid-actions">
            <Link
              className="lm-button lm-button-primary"
              to={`/checkout/${encodeURIComponent(view.id)}`}
            >
              {RESUME_PAYMENT_LABEL}
            </Link>
            <button
              type="button"
              className="lm-button"
              disabled={release.isPending}
              aria-busy={release.isPending}
              onClick={() => void releaseCheckout(view.id)}
            >
              {RELEASE_LABEL}
            </button>
          </div>
        </section>
      )}
    </>
  );
}
