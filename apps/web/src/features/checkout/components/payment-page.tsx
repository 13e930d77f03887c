import {
  commerceMessages,
  formatPrice,
  FULFILMENT_LABELS,
  isSuccess,
  ORDER_STATUS_LABELS,
  type CheckoutView,
} from '@localmart/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorState } from '../../../components/catalog/list-states.tsx';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { ContentSkeleton } from '../../../components/ui/content-skeleton.tsx';
import { useRequireSession } from '../../../lib/require-session.ts';
import { useSession } from '../../../lib/storage.ts';
import { useCheckoutView } from '../api/get-checkout.ts';
import { usePayCheckout } from '../api/pay-checkout.ts';
import { submitHostedForm } from '../model/hosted-form.ts';
import { payLabel, paymentPlan } from '../model/payment-plan.ts';
import './checkout.css';

export const VIEW_ORDER_LABEL = 'View your order';
export const BACK_TO_CART_LABEL = 'Back to cart';
export const PAYMENT_PLAN_HEADING = 'Payment';

/** checkout/{id}: the placed orders and their payments; Pay hands over to the provider's page. */
export function PaymentPage({ title, checkoutId }: { title: string; checkoutId: string }) {
  useRequireSession(`checkout/${checkoutId}`);
  const session = useSession();
  const view = useCheckoutView(checkoutId, session.isLoggedIn);

  let body;
  if (!session.isLoggedIn) body = null;
  else if (view.isPending) body = <ContentSkeleton label="Loading payment" />;
  else if (view.isError)
    body = <ErrorState message={view.error.message} onRetry={() => void view.refetch()} />;
  else body = <PaymentDetails view={view.data} />;

  return (
    <AppPage title={title} backTo="/cart">
      <div className="lm-checkout">{body}</div>
    </AppPage>
  );
}

function PaymentDetails({ view }: { view: CheckoutView }) {
  const pay = usePayCheckout();
  const [error, setError] = useState<string | null>(null);
  const next = view.payments.find((payment) => payment.id === view.nextPaymentId) ?? null;
  // The payments still to make; one replaced by a newer one or already held is not explained again.
  const toMake = view.payments.filter(
    (payment) => payment.id === view.nextPaymentId || payment.status === 'created',
  );

  async function startPayment() {
    setError(null);
    const answer = await pay.mutateAsync(view.id);
    if (isSuccess(answer)) submitHostedForm(answer.result);
    else setError(answer.message);
  }

  return (
    <>
      <section className="lm-card" aria-labelledby="payment-orders">
        <h2 id="payment-orders" className="lm-section-title">
          Your orders
        </h2>
        <ul className="lm-checkout-orders">
          {view.orders.map((order) => (
            <li key={order.id}>
              <span className="lm-checkout-option-label">
                {order.store.name} · {order.number}
              </span>
              <span className="lm-checkout-muted">
                {order.appointmentLabel ?? FULFILMENT_LABELS[order.fulfilment]} ·{' '}
                {ORDER_STATUS_LABELS[order.status]}
              </span>
              <span>{formatPrice(order.total)}</span>
              <span className="lm-checkout-money">{order.money.label}</span>
            </li>
          ))}
        </ul>
      </section>

      {view.state === 'awaiting_payment' && toMake.length > 0 && (
        <section className="lm-card" aria-labelledby="payment-plan">
          <h2 id="payment-plan" className="lm-section-title">
            {PAYMENT_PLAN_HEADING}
          </h2>
          {/* One card entry per currency (ADR 0009): normally one paragraph and one Pay button. */}
          {toMake.map((payment) => (
            <p key={payment.id} className="lm-checkout-plan">
              {paymentPlan(payment, view.orders)}
            </p>
          ))}
        </section>
      )}

      {view.state === 'paid' && (
        <Link className="lm-button lm-button-primary" to={`/order/${encodeURIComponent(view.id)}`}>
          {VIEW_ORDER_LABEL}
        </Link>
      )}
      {view.state === 'failed' && (
        <div role="alert" className="lm-checkout-state">
          <p className="lm-checkout-problem">{commerceMessages.paymentFailed}</p>
          <Link className="lm-button" to="/cart">
            {BACK_TO_CART_LABEL}
          </Link>
        </div>
      )}
      {view.state === 'pending' && (
        <p className="lm-checkout-state" role="status">
          {commerceMessages.paymentPending}
        </p>
      )}
      {error && (
        <p className="lm-checkout-problem" role="alert">
          {error}
        </p>
      )}
      {view.state === 'awaiting_payment' && next && (
        <button
          type="button"
          className="lm-button lm-button-primary"
          disabled={pay.isPending}
          aria-busy={pay.isPending}
          onClick={() => void startPayment()}
        >
          {payLabel(next)}
        </button>
      )}
    </>
  );
}
