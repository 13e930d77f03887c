import {
  commerceMessages,
  formatPrice,
  FULFILMENT_LABELS,
  isSuccess,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  type CheckoutView,
  type PaymentSummary,
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
import './checkout.css';

export const VIEW_ORDER_LABEL = 'View your order';
export const BACK_TO_CART_LABEL = 'Back to cart';

/** "Pay $12.00 now" or "Authorise $8.00 hold (charged at pickup)": what the button will do. */
export function paymentActionLabel(payment: PaymentSummary): string {
  const amount = formatPrice(payment.amount);
  return payment.mode === 'preauth'
    ? `Authorise ${amount} hold (charged at pickup)`
    : `Pay ${amount} now`;
}

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
                {FULFILMENT_LABELS[order.fulfilment]} · {ORDER_STATUS_LABELS[order.status]}
              </span>
              <span>{formatPrice(order.total)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="lm-card" aria-labelledby="payment-payments">
        <h2 id="payment-payments" className="lm-section-title">
          Payments
        </h2>
        <ul className="lm-checkout-orders">
          {view.payments.map((payment) => (
            <li key={payment.id}>
              <span>{paymentActionLabel(payment)}</span>
              <span className="lm-checkout-muted">{PAYMENT_STATUS_LABELS[payment.status]}</span>
            </li>
          ))}
        </ul>
      </section>

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
          {paymentActionLabel(next)}
        </button>
      )}
    </>
  );
}
