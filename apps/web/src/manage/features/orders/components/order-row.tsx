import { FULFILMENT_LABELS, formatPrice, type StoreOrderRow } from '@localmart/contract';
import { Link } from 'react-router-dom';
import { sitePaths } from '../../../lib/site-paths.ts';
import { itemCountText } from '../../../lib/format-date.ts';
import { useStoreDateTime } from '../../../lib/store-context.tsx';
import { DeadlineCountdown } from './deadline-countdown.tsx';
import { StatusChip } from './status-chip.tsx';

/** One inbox row: the whole row opens the order; a placed order leads with its countdown. */
export function OrderRow({
  businessId,
  order,
  now,
}: {
  businessId: string;
  order: StoreOrderRow;
  now: Date;
}) {
  const formatDateTime = useStoreDateTime();
  const waiting = order.status === 'placed' && order.responseDueAt;
  return (
    <li className="mo-row">
      <Link
        to={sitePaths.order(businessId, order.id)}
        className="mo-row-link"
        aria-label={`Order ${order.number} from ${order.shopperName}`}
      >
        <span className="mo-row-head">
          <span className="mo-row-number">{order.number}</span>
          {waiting ? (
            <DeadlineCountdown dueAt={order.responseDueAt ?? ''} now={now} />
          ) : (
            <StatusChip status={order.status} />
          )}
        </span>
        <span className="mo-row-shopper">{order.shopperName}</span>
        <span className="mo-row-facts">
          <span className="mo-row-items" title={order.itemsSummary}>
            {order.itemsSummary || itemCountText(order.itemCount)}
          </span>
          <span className="mo-row-total">{formatPrice(order.total)}</span>
          <span>{order.appointmentLabel ?? FULFILMENT_LABELS[order.fulfilment]}</span>
          {order.placedAt ? (
            <time dateTime={order.placedAt}>Placed {formatDateTime(order.placedAt)}</time>
          ) : null}
        </span>
      </Link>
    </li>
  );
}
