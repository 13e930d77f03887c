import {
  commerceMessages,
  formatPrice,
  FULFILMENT_LABELS,
  isPickup,
  labels,
  ORDER_STATUS_LABELS,
  type CheckoutView,
  type OrderSummary,
} from '@localmart/contract';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorState } from '../../../components/catalog/list-states.tsx';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { ContentSkeleton } from '../../../components/ui/content-skeleton.tsx';
import { useRequireSession } from '../../../lib/require-session.ts';
import { useSession } from '../../../lib/storage.ts';
import { useCheckoutResult } from '../api/get-checkout-result.ts';
import { useOrderDetails } from '../api/get-order.ts';
import { PickupCode } from './pickup-code.tsx';
import './orders.css';

export const THANK_YOU_HEADING = 'Thank you!';
export const PENDING_HEADING = 'Waiting for your bank';
export const UNPAID_HEADING = 'One more step: payment';
export const VIEW_DETAILS_LABEL = 'View order details';
export const FINISH_PAYMENT_LABEL = 'Finish paying';

/** Where a failed checkout sends the shopper: the failure page of its first store. */
export function failurePath(view: CheckoutView): string | null {
  const store = view.orders[0]?.store;
  if (!store) return null;
  return `/order-failure/${encodeURIComponent(store.id)}?checkout=${encodeURIComponent(view.id)}`;
}

/** order/{id}: the success page of a checkout, with each order it placed and its pickup code. */
export function OrderSuccessPage({ title }: { title: string }) {
  const { id = '' } = useParams();
  useRequireSession(`order/${id}`);
  const session = useSession();
  const navigate = useNavigate();
  const query = useCheckoutResult(id, session.isLoggedIn);

  const failedTo = query.data?.state === 'failed' ? failurePath(query.data) : null;
  useEffect(() => {
    if (failedTo) navigate(failedTo, { replace: true });
  }, [failedTo, navigate]);

  let body;
  if (!session.isLoggedIn || failedTo) body = null;
  else if (query.isPending) body = <ContentSkeleton label="Loading your order" />;
  else if (query.isError)
    body = <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  else body = <CheckoutResult view={query.data} />;

  return (
    <AppPage title={title}>
      <div className="lm-orders">{body}</div>
    </AppPage>
  );
}

function CheckoutResult({ view }: { view: CheckoutView }) {
  const pickupIds =
    view.state === 'paid' ? view.orders.filter((o) => isPickup(o.fulfilment)).map((o) => o.id) : [];
  const details = useOrderDetails(pickupIds);
  const codeOf = (orderId: string) =>
    details.find((detail) => detail.data?.id === orderId)?.data?.pickupCode ?? null;

  return (
    <>
      <section className="lm-order-result" aria-labelledby="order-result-heading">
        <h2 id="order-result-heading" className="lm-order-result-heading">
          {view.state === 'pending'
            ? PENDING_HEADING
            : view.state === 'awaiting_payment'
              ? UNPAID_HEADING
              : THANK_YOU_HEADING}
        </h2>
        {view.state === 'pending' && <p role="status">{commerceMessages.paymentPending}</p>}
        {view.state === 'awaiting_payment' && (
          <Link
            className="lm-button lm-button-primary"
            to={`/checkout/${encodeURIComponent(view.id)}`}
          >
            {FINISH_PAYMENT_LABEL}
          </Link>
        )}
      </section>
      <ul className="lm-order-result-list" aria-label="Your orders">
        {view.orders.map((order) => (
          <li key={order.id} className="lm-card">
            <OrderResult order={order} pickupCode={codeOf(order.id)} />
          </li>
        ))}
      </ul>
      <Link className="lm-button" to="/my-order">
        {labels.menuMyOrder}
      </Link>
    </>
  );
}

function OrderResult({ order, pickupCode }: { order: OrderSummary; pickupCode: string | null }) {
  return (
    <div className="lm-order-result-order">
      <h3 className="lm-section-title">
        {order.store.name} · {order.number}
      </h3>
      <p className="lm-order-muted">
        {order.appointmentLabel ?? FULFILMENT_LABELS[order.fulfilment]} ·{' '}
        {ORDER_STATUS_LABELS[order.status]}
      </p>
      <p className="lm-order-total">{formatPrice(order.total)}</p>
      <p className="lm-order-money">{order.money.label}</p>
      {pickupCode && (
        <PickupCode
          orderId={order.id}
          code={pickupCode}
          {...(order.appointmentLabel ? { label: 'Check-in code' } : {})}
        />
      )}
      <Link to={`/order-details/${encodeURIComponent(order.id)}`}>{VIEW_DETAILS_LABEL}</Link>
    </div>
  );
}
