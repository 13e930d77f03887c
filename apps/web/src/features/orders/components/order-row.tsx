import { formatPrice, type OrderSummary } from '@localmart/contract';
import { Link } from 'react-router-dom';
import { catalogImageUrl } from '../../../components/catalog/catalog-image.tsx';
import { formatDate } from '../model/format.ts';
import { OrderStoreLogo } from './order-store-logo.tsx';
import { StatusChip } from './status-chip.tsx';

export function itemCountLabel(count: number): string {
  return count === 1 ? '1 item' : `${count} items`;
}

/** A my-order row: the store, number, date, status, item count, total and a strip of items. */
export function OrderRow({ order }: { order: OrderSummary }) {
  return (
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
        <StatusChip status={order.status} />
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
    </Link>
  );
}
