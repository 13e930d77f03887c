import { labels, ORDER_STATUS_FILTERS, type OrderStatusFilter } from '@localmart/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { InfiniteList } from '../../../components/catalog/infinite-list.tsx';
import { EmptyState, ListSkeleton } from '../../../components/catalog/list-states.tsx';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { useRequireSession } from '../../../lib/require-session.ts';
import { useSession } from '../../../lib/storage.ts';
import { useOrders, type OrderPage } from '../api/get-orders.ts';
import { OrderRow } from './order-row.tsx';
import './orders.css';

type Filter = OrderStatusFilter | 'all';

/** The segments, in the order a shopper reads them; the groups come from the contract. */
export const ORDER_FILTER_LABELS: Record<Filter, string> = {
  all: 'All',
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
const FILTERS: readonly Filter[] = [
  'all',
  ...(Object.keys(ORDER_STATUS_FILTERS) as OrderStatusFilter[]),
];

export const NO_ORDERS_TITLE = 'No orders yet';
export const NO_ORDERS_MESSAGE =
  'Orders you place appear here with their pickup or delivery status.';
export const NO_FILTERED_ORDERS_MESSAGE = 'No orders in this group.';

/** my-order: the shopper's orders, filtered by status group, loading more as they scroll. */
export function MyOrderPage() {
  useRequireSession('my-order');
  const session = useSession();
  const [filter, setFilter] = useState<Filter>('all');
  const query = useOrders(filter, session.isLoggedIn);

  return (
    <AppPage title={labels.menuMyOrder}>
      <div className="lm-orders">
        <div className="lm-order-segment" role="group" aria-label="Order status">
          {FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              className="lm-order-segment-button"
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
            >
              {ORDER_FILTER_LABELS[value]}
            </button>
          ))}
        </div>
        {session.isLoggedIn && (
          <InfiniteList<OrderPage, OrderPage['orders'][number]>
            query={query}
            getItems={(page) => page.orders}
            renderItem={(order) => <OrderRow order={order} />}
            label="Your orders"
            skeleton={<ListSkeleton count={4} variant="row" />}
            empty={
              <EmptyState
                title={NO_ORDERS_TITLE}
                message={filter === 'all' ? NO_ORDERS_MESSAGE : NO_FILTERED_ORDERS_MESSAGE}
                action={
                  <Link className="lm-button lm-button-primary" to="/products">
                    Browse products
                  </Link>
                }
              />
            }
          />
        )}
      </div>
    </AppPage>
  );
}
