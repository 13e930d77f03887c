import { formatPrice, type OrderSummary } from '@localmart/contract';
import { Link } from 'react-router-dom';
import { catalogImageUrl } from '../../../components/catalog/catalog-image.tsx';
import { formatDate } from '../model/format.ts';
import { OrderStoreLogo } from './order-store-logo.tsx';
import { StatusChip } from './status-chip.tsx';
import { BuyAgainButton } from './buy-again-button.tsx';

export const ROW_PAY_NOW_LABEL = 'Pay now';

export function itemCountLabel(count: number): string {
  return count === 1 ? '1 item' : `${count} items`;
}

/** "Pay now for order LM-1001": the visible words first, then which order (rows sit side by side). */
export function payNowName(order: Pick<OrderSummary, 'number'>): string {
  return `${ROW_PAY_NOW_LABEL} for order ${order.number}`;
}

/**
 * A my-order row: the store, number, date, status, item count, total, the order's own money and a
 * strip of items. An unpaid order adds Pay now beside the row's link, not inside it: a link may not
 * hold another link; any other order adds Buy again there.
 */
export function OrderRow({ order }: { order: OrderSummary }) {
  return (
    <div className="lm-order-card">
      <Link
        className="lm-order-row"
        to={`/order-details/${encodeURIComponent(order.id)}`}
        aria-label={`Order ${order.number} from ${order.store.name}`}
      >
        <div className="lm-order-row-head">
          <OrderStoreLogo logo={order.store.logo} lazy />
          <div className="lm-order-row-title">
            <span className="lm-order-store">{order.store.name}</span>
            <span className="lm-order-muted">
              {order.number} · {formatDate(order.placedAt ?? order.createdAt)}
            </span>
          </div>
          <StatusChip status={order.status} appointment={Boolean(order.appointmentLabel)} />
        </div>
        <div className="lm-order-row-foot">
          <div className="lm-order-previews" aria-hidden="true">
            {order.previewImages.slice(0, 4).map((image, index) => (
              <img
                key={`${image.url}-${index}`}
                src={catalogImageUrl(image.url)}
                alt=""
                width={44}
                height={44}
                loading="lazy"
              />
            ))}
          </div>
          <span className="lm-order-muted">{itemCountLabel(order.itemCount)}</span>
          <span className="lm-order-total">{formatPrice(order.total)}</span>
        </div>
        <span className="lm-order-money">{order.money.label}</span>
      </Link>
      {order.canPay && (
        <Link
          className="lm-button lm-button-primary lm-order-row-pay"
          to={`/checkout/${encodeURIComponent(order.checkoutId)}`}
          aria-label={payNowName(order)}
        >
          {ROW_PAY_NOW_LABEL}
        </Link>
      )}
      {/* An order still waiting for its payment is paid, not bought again (issue 17). */}
      {order.status !== 'awaiting_payment' && (
        <BuyAgainButton orderId={order.id} orderNumber={order.number} />
      )}
    </div>
  );
}
