import {
  appointmentMessages,
  commerceMessages,
  formatPrice,
  FULFILMENT_LABELS,
  isPickup,
  isSuccess,
  toastTitles,
  type OrderDetail,
} from '@localmart/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { catalogImageUrl } from '../../../components/catalog/catalog-image.tsx';
import { ErrorState } from '../../../components/catalog/list-states.tsx';
import { OrderMoneyDetails } from '../../../components/money/order-money-details.tsx';
import { showSuccess } from '../../../components/ui/toasts/toasts.ts';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { ContentSkeleton } from '../../../components/ui/content-skeleton.tsx';
import { useRequireSession } from '../../../lib/require-session.ts';
import { useSession } from '../../../lib/storage.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { useOrder } from '../api/get-order.ts';
import { useLiveOrder } from '../api/use-live-order.ts';
import { LiveOrderNote } from './live-order-note.tsx';
import { directionsUrl, formatDateTime, formatTaxRate } from '../model/format.ts';
import { OrderStoreLogo } from './order-store-logo.tsx';
import { HandedOverNote, OrderChangesCard } from './order-changes-card.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import { PickupCode } from './pickup-code.tsx';
import { OrderAppointment } from './order-appointment.tsx';
import { BuyAgainButton } from './buy-again-button.tsx';

export const CHECK_IN_CODE_LABEL = 'Check-in code';
import { StatusChip } from './status-chip.tsx';
import '../../../components/ui/totals-list.css';
import './orders.css';

export const CANCEL_ORDER_LABEL = 'Cancel order';
export const RATE_ORDER_LABEL = 'Rate your order';
export const CONFIRM_CANCEL_LABEL = 'Yes, cancel the order';
export const KEEP_ORDER_LABEL = 'Keep the order';
export const CONFIRM_CANCEL_QUESTION = 'Cancel this order? The store will not prepare it.';
export const PAY_NOW_LABEL = 'Pay now';

/** order-details/{orderId}: everything about one order, and Cancel while the store has not accepted. */
export function OrderDetailsPage({ title }: { title: string }) {
  const { orderId = '' } = useParams();
  useRequireSession(`order-details/${orderId}`);
  const session = useSession();
  const query = useOrder(orderId, session.isLoggedIn);
  const live = useLiveOrder(orderId, session.isLoggedIn);

  let body;
  if (!session.isLoggedIn) body = null;
  else if (query.isPending) body = <ContentSkeleton label="Loading order" />;
  else if (query.isError)
    body = <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  else body = <OrderDetails order={query.data} />;

  return (
    <AppPage title={title} backTo="/my-order">
      <div className="lm-orders">
        {session.isLoggedIn && <LiveOrderNote live={live} />}
        {body}
      </div>
    </AppPage>
  );
}

function OrderDetails({ order }: { order: OrderDetail }) {
  const pickup = isPickup(order.fulfilment);
  // A service booking speaks of its appointment, never of pickup (issue 15).
  const booked = (order.appointments?.length ?? 0) > 0;
  return (
    <>
      <section className="lm-card lm-order-head" aria-labelledby="order-number">
        <div>
          <h2 id="order-number" className="lm-section-title">
            Order {order.number}
          </h2>
          <p className="lm-order-muted">
            {booked ? appointmentMessages.appointmentHeading : FULFILMENT_LABELS[order.fulfilment]}{' '}
            · {formatDateTime(order.placedAt ?? order.createdAt)}
          </p>
        </div>
        <StatusChip status={order.status} appointment={booked} />
      </section>

      <OrderAppointment order={order} />

      {order.pickupCode && (
        <PickupCode
          orderId={order.id}
          code={order.pickupCode}
          {...(booked ? { label: CHECK_IN_CODE_LABEL } : {})}
        />
      )}

      <OrderChangesCard order={order} />

      <section className="lm-card lm-order-payment" aria-labelledby="order-payment">
        <h2 id="order-payment" className="lm-section-title">
          Payment
        </h2>
        <OrderMoneyDetails money={order.money} formatDateTime={formatDateTime} />
        {order.canPay && (
          <Link
            className="lm-button lm-button-primary"
            to={`/checkout/${encodeURIComponent(order.checkoutId)}`}
          >
            {PAY_NOW_LABEL}
          </Link>
        )}
      </section>

      <section className="lm-card" aria-labelledby="order-progress">
        <h2 id="order-progress" className="lm-section-title">
          Progress
        </h2>
        <OrderTimeline
          events={order.timeline}
          status={order.status}
          fulfilment={order.fulfilment}
          appointment={booked}
        />
        {order.declineReason && <p className="lm-order-muted">{order.declineReason}</p>}
        {order.cancelReason && <p className="lm-order-muted">{order.cancelReason}</p>}
      </section>

      <section className="lm-card" aria-labelledby="order-items">
        <h2 id="order-items" className="lm-section-title">
          Items
        </h2>
        <ul className="lm-order-items">
          {order.items.map((item) => (
            <li key={item.id}>
              {item.image ? (
                <img
                  src={catalogImageUrl(item.image.url)}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                />
              ) : (
                <span className="lm-order-item-blank" aria-hidden="true" />
              )}
              <div>
                <span className="lm-order-item-title">
                  {item.quantity} × {item.title}
                </span>
                {item.subtitle && <span className="lm-order-muted">{item.subtitle}</span>}
                <HandedOverNote order={order} itemId={item.id} />
                <span className="lm-order-muted">
                  {item.regularUnitPrice.amount > item.unitPrice.amount && (
                    <>
                      <s>{formatPrice(item.regularUnitPrice)}</s>{' '}
                    </>
                  )}
                  {formatPrice(item.unitPrice)} each
                </span>
                {item.options.map((option) => (
                  <span key={option.optionId} className="lm-order-muted">
                    {option.groupName}: {option.name}
                    {option.priceDelta.amount !== 0 && ` (+${formatPrice(option.priceDelta)})`}
                  </span>
                ))}
                {item.note && <span className="lm-order-muted">“{item.note}”</span>}
              </div>
              <span className="lm-order-item-price">{formatPrice(item.lineTotal)}</span>
            </li>
          ))}
        </ul>
        <dl className="lm-totals-list">
          <div>
            <dt>Subtotal</dt>
            <dd>{formatPrice(order.subtotal)}</dd>
          </div>
          {order.discount.amount > 0 && (
            <div>
              <dt>Coupon discount{order.couponCode ? ` (${order.couponCode})` : ''}</dt>
              <dd>−{formatPrice(order.discount)}</dd>
            </div>
          )}
          {!pickup && (
            <div>
              <dt>Delivery fee</dt>
              <dd>{formatPrice(order.deliveryFee)}</dd>
            </div>
          )}
          <div>
            <dt>Tax ({formatTaxRate(order.taxRateBps)})</dt>
            <dd>{formatPrice(order.tax)}</dd>
          </div>
          <div className="lm-totals-list-grand">
            <dt>Total</dt>
            <dd>{formatPrice(order.total)}</dd>
          </div>
        </dl>
        {/* Issue 17: what was bought goes back in the cart in one tap (not while unpaid). */}
        {order.status !== 'awaiting_payment' && (
          <BuyAgainButton
            orderId={order.id}
            orderNumber={order.number}
            className="lm-button lm-button-primary"
          />
        )}
      </section>

      <section className="lm-card" aria-labelledby="order-fulfilment">
        <h2 id="order-fulfilment" className="lm-section-title">
          {booked ? 'Where' : pickup ? 'Pickup' : 'Delivery'}
        </h2>
        {pickup ? (
          <>
            <p>{order.store.addressLine}</p>
            <a
              href={directionsUrl(order.store.lat, order.store.lng)}
              target="_blank"
              rel="noreferrer"
            >
              Get directions
            </a>
            {/* Worded by the server on the store's hours and clock, not the phone's. */}
            {order.pickupPromise && (
              <p>
                {order.readyBy ? (
                  <time dateTime={order.readyBy}>{order.pickupPromise}</time>
                ) : (
                  order.pickupPromise
                )}
              </p>
            )}
          </>
        ) : (
          order.deliveryAddress && (
            <>
              <p>
                {order.deliveryAddress.name} · {order.deliveryAddress.phone}
              </p>
              <p>{order.deliveryAddress.line}</p>
              {order.deliveryAddress.instructions && (
                <p className="lm-order-muted">{order.deliveryAddress.instructions}</p>
              )}
              {order.deliveryDistanceKm !== null && (
                <p className="lm-order-muted">
                  {order.deliveryDistanceKm.toFixed(1)} km from the store
                </p>
              )}
            </>
          )
        )}
        {order.note && <p className="lm-order-muted">Your note: {order.note}</p>}
      </section>

      <section className="lm-card lm-order-store" aria-labelledby="order-store">
        <OrderStoreLogo logo={order.store.logo} />
        <div>
          <h2 id="order-store" className="lm-section-title">
            {order.store.name}
          </h2>
          {order.store.phone && <a href={`tel:${order.store.phone}`}>{order.store.phone}</a>}
        </div>
      </section>

      {order.canCancel && <CancelOrder orderId={order.id} />}

      {/* Verified reviews (issue 17, ADR 0016): a completed order can be rated, edited later. */}
      {order.status === 'completed' && (
        <section className="lm-card lm-order-rate" aria-labelledby="order-rate">
          <h2 id="order-rate" className="lm-section-title">
            How was it?
          </h2>
          <p>Rate {order.store.name} and what you bought, with a photo if you like.</p>
          <Link
            to={`/rate-order/${encodeURIComponent(order.id)}`}
            className="lm-button lm-button-primary"
          >
            {RATE_ORDER_LABEL}
          </Link>
        </section>
      )}

      <Link to="/my-order">All your orders</Link>
    </>
  );
}

function CancelOrder({ orderId }: { orderId: string }) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelOrder(orderId);

  async function confirm() {
    setError(null);
    const answer = await cancel.mutateAsync();
    if (isSuccess(answer)) {
      setConfirming(false);
      showSuccess(toastTitles.success, answer.message ?? commerceMessages.orderCancelled);
    } else setError(answer.message);
  }

  return (
    <section className="lm-order-cancel" aria-label={CANCEL_ORDER_LABEL}>
      {confirming ? (
        <div role="alertdialog" aria-label={CONFIRM_CANCEL_QUESTION} className="lm-order-confirm">
          <p>{CONFIRM_CANCEL_QUESTION}</p>
          <button
            type="button"
            className="lm-button lm-button-danger"
            disabled={cancel.isPending}
            aria-busy={cancel.isPending}
            onClick={() => void confirm()}
          >
            {CONFIRM_CANCEL_LABEL}
          </button>
          <button type="button" className="lm-button" onClick={() => setConfirming(false)}>
            {KEEP_ORDER_LABEL}
          </button>
        </div>
      ) : (
        <button type="button" className="lm-button" onClick={() => setConfirming(true)}>
          {CANCEL_ORDER_LABEL}
        </button>
      )}
      {error && (
        <p className="lm-order-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
