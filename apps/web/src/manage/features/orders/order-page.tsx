import {
  FULFILMENT_HINTS,
  FULFILMENT_LABELS,
  formatPrice,
  type StoreOrderDetail,
} from '@localmart/contract';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { OrderMoneyDetails } from '../../../components/money/order-money-details.tsx';
import { sitePaths } from '../../lib/site-paths.ts';
import { useCurrentStore, useStoreDateTime } from '../../lib/store-context.tsx';
import { Failed, Loading, ManagePage } from '../../shell/manage-page.tsx';
import { useStoreOrder } from './api/store-orders-api.ts';
import { DeadlineCountdown } from './components/deadline-countdown.tsx';
import { OrderActions } from './components/order-actions.tsx';
import { AppointmentCard } from './components/appointment-card.tsx';
import { HandedOverChip, OrderChanges } from './components/order-changes.tsx';
import { OrderPrint } from './components/order-print.tsx';
import { OrderTimeline } from './components/order-timeline.tsx';
import { StatusChip } from './components/status-chip.tsx';
import { useNow } from '../../lib/use-now.ts';
import './orders.css';

/** One order as the store handles it: what was ordered, for whom, how, and the next move. */
export function OrderPage() {
  const { businessId } = useCurrentStore();
  const { orderId = '' } = useParams();
  const order = useStoreOrder(businessId, orderId);
  const back = (
    <Link to={sitePaths.store(businessId, 'orders')} className="mo-back">
      All orders
    </Link>
  );

  if (order.isPending) {
    return (
      <ManagePage title="Order" actions={back}>
        <Loading label="Loading the order…" />
      </ManagePage>
    );
  }
  if (order.isError) {
    return (
      <ManagePage title="Order" actions={back}>
        <Failed message={order.error.message} onRetry={() => void order.refetch()} />
      </ManagePage>
    );
  }
  return <OrderDetailView businessId={businessId} order={order.data} back={back} />;
}

function OrderDetailView({
  businessId,
  order,
  back,
}: {
  businessId: string;
  order: StoreOrderDetail;
  back: ReactNode;
}) {
  const now = useNow();
  const formatDateTime = useStoreDateTime();
  const waiting = order.status === 'placed' && order.responseDueAt;
  return (
    <ManagePage
      title={`Order ${order.number}`}
      subtitle={
        <span className="mo-order-heading">
          <StatusChip status={order.status} />
          {waiting ? <DeadlineCountdown dueAt={order.responseDueAt ?? ''} now={now} /> : null}
          {order.placedAt ? <span>Placed {formatDateTime(order.placedAt)}</span> : null}
        </span>
      }
      actions={back}
    >
      <OrderActions businessId={businessId} order={order} />
      <OrderChanges businessId={businessId} order={order} />
      <OrderPrint order={order} />
      {order.declineReason ? (
        <p className="mys-card mo-reason">Declined: {order.declineReason}</p>
      ) : null}
      {order.cancelReason ? (
        <p className="mys-card mo-reason">Cancelled: {order.cancelReason}</p>
      ) : null}
      <div className="mo-detail-grid">
        <section className="mys-card mo-items" aria-labelledby="mo-items-title">
          <h2 id="mo-items-title">Items</h2>
          <ItemsTable order={order} />
        </section>
        <div className="mo-side">
          {order.appointments?.length ? (
            <AppointmentCard order={order} />
          ) : (
            <section className="mys-card" aria-labelledby="mo-fulfilment-title">
              <h2 id="mo-fulfilment-title">{FULFILMENT_LABELS[order.fulfilment]}</h2>
              <p className="mo-muted">{FULFILMENT_HINTS[order.fulfilment]}</p>
              {order.readyBy ? (
                <p>
                  Ready by <time dateTime={order.readyBy}>{formatDateTime(order.readyBy)}</time>
                </p>
              ) : null}
              {order.deliveryAddress ? (
                <address className="mo-address">
                  {order.deliveryAddress.name}
                  <br />
                  {order.deliveryAddress.line}
                  <br />
                  {order.deliveryAddress.phone}
                  {order.deliveryAddress.instructions ? (
                    <>
                      <br />
                      <em>{order.deliveryAddress.instructions}</em>
                    </>
                  ) : null}
                </address>
              ) : null}
            </section>
          )}
          <section className="mys-card" aria-labelledby="mo-payment-title">
            <h2 id="mo-payment-title">Payment</h2>
            <OrderMoneyDetails money={order.money} formatDateTime={formatDateTime} />
          </section>
          <section className="mys-card" aria-labelledby="mo-shopper-title">
            <h2 id="mo-shopper-title">Shopper</h2>
            <p>{order.shopperName}</p>
            {order.shopperPhone ? (
              <p>
                <a href={`tel:${order.shopperPhone}`}>{order.shopperPhone}</a>
              </p>
            ) : null}
            {order.shopperEmail ? (
              <p>
                <a href={`mailto:${order.shopperEmail}`}>{order.shopperEmail}</a>
              </p>
            ) : (
              <p className="mo-muted">Contact details show once you accept the order.</p>
            )}
            {order.note ? (
              <blockquote className="mo-note" aria-label="Shopper's note">
                {order.note}
              </blockquote>
            ) : null}
          </section>
        </div>
      </div>
      <section className="mys-card" aria-labelledby="mo-timeline-title">
        <h2 id="mo-timeline-title">Timeline</h2>
        <OrderTimeline events={order.timeline} />
      </section>
    </ManagePage>
  );
}

function ItemsTable({ order }: { order: StoreOrderDetail }) {
  const totals: [string, string][] = [['Subtotal', formatPrice(order.subtotal)]];
  if (order.discount.amount > 0) totals.push(['Discount', `−${formatPrice(order.discount)}`]);
  if (order.deliveryFee.amount > 0) totals.push(['Delivery', formatPrice(order.deliveryFee)]);
  totals.push(['Tax', formatPrice(order.tax)]);
  return (
    <div className="mo-table-scroll">
      <table className="mys-table">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="mo-num">
              Qty
            </th>
            <th scope="col" className="mo-num">
              Price
            </th>
            <th scope="col" className="mo-num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.id}>
              <td>
                <span className="mo-item-title">{item.title}</span>
                {item.outOfStock ? (
                  <span className="mo-chip mo-chip-danger mo-oos">Out of stock</span>
                ) : null}
                <HandedOverChip order={order} itemId={item.id} />
                {item.subtitle ? <span className="mo-item-sub">{item.subtitle}</span> : null}
                {item.options.length > 0 ? (
                  <span className="mo-item-sub">
                    {item.options.map((option) => option.name).join(', ')}
                  </span>
                ) : null}
                {item.note ? <span className="mo-item-sub">Note: {item.note}</span> : null}
              </td>
              <td className="mo-num">{item.quantity}</td>
              <td className="mo-num">{formatPrice(item.unitPrice)}</td>
              <td className="mo-num">{formatPrice(item.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {totals.map(([label, value]) => (
            <tr key={label}>
              <th scope="row" colSpan={3}>
                {label}
              </th>
              <td className="mo-num">{value}</td>
            </tr>
          ))}
          <tr className="mo-grand-total">
            <th scope="row" colSpan={3}>
              Total
            </th>
            <td className="mo-num">{formatPrice(order.total)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
