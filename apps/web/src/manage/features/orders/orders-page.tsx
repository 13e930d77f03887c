import {
  STORE_ORDER_FILTER_LABELS,
  STORE_ORDER_FILTERS,
  TERMS,
  type StoreOrderFilter,
} from '@localmart/contract';
import { useSearchParams } from 'react-router-dom';
import { useCurrentStore } from '../../lib/store-context.tsx';
import { ManagePage } from '../../shell/manage-page.tsx';
import { useStoreOrders } from './api/store-orders-api.ts';
import { OrderRow } from './components/order-row.tsx';
import { PickupCodeFinder } from './components/pickup-code-finder.tsx';
import { useNow } from '../../lib/use-now.ts';
import '../../components/buttons.css';
import './orders.css';
import { QueryStates } from '../../components/query-states.tsx';

/** Each tab's empty state: what will show up there, and the 4-hour rule where it matters. */
export const EMPTY_TABS = {
  new: {
    title: 'No new orders.',
    text: `New orders appear here; answer each within ${TERMS.retailerResponseHours} business hours.`,
  },
  in_progress: {
    title: 'No orders in progress.',
    text: 'Accepted orders wait here until they are ready for pickup or out for delivery.',
  },
  ready: {
    title: 'Nothing ready or on the way.',
    text: 'Orders ready for pickup and out for delivery appear here until they are completed.',
  },
  done: {
    title: 'No finished orders yet.',
    text: 'Completed, declined and cancelled orders are kept here.',
  },
  all: { title: 'No orders yet.', text: 'Orders shoppers place with your store appear here.' },
} as const satisfies Record<StoreOrderFilter, { title: string; text: string }>;

function isFilter(value: string | null): value is StoreOrderFilter {
  return (STORE_ORDER_FILTERS as readonly string[]).includes(value ?? '');
}

/**
 * The order inbox (issue 6): New first, most urgent deadline on top, each with a countdown. The tab
 * lives in the URL (?tab=) so Back from an order returns to it. The list reads itself again every
 * 30 s and the countdowns tick on the same beat.
 */
export function OrdersPage() {
  const { businessId } = useCurrentStore();
  const [search, setSearch] = useSearchParams();
  const tabParam = search.get('tab');
  const filter: StoreOrderFilter = isFilter(tabParam) ? tabParam : 'new';
  const orders = useStoreOrders(businessId, filter);
  const now = useNow();

  // Counts come with every page; the first page's are the freshest after a refetch.
  const counts = orders.data?.pages[0]?.counts;
  const rows = orders.data?.pages.flatMap((page) => page.orders) ?? [];

  function choose(next: StoreOrderFilter) {
    setSearch(next === 'new' ? {} : { tab: next }, { replace: true });
  }

  return (
    <ManagePage title="Orders" subtitle="Answer new orders, then prepare and hand them over.">
      <PickupCodeFinder businessId={businessId} />
      <div className="mo-tabs" role="tablist" aria-label="Order status">
        {STORE_ORDER_FILTERS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`mo-tab-${tab}`}
            aria-selected={tab === filter}
            aria-controls="mo-tab-panel"
            className="mo-tab"
            onClick={() => choose(tab)}
          >
            {STORE_ORDER_FILTER_LABELS[tab]}
            {counts ? (
              <span
                className={
                  tab === 'new' && counts.new > 0 ? 'mo-tab-count mo-tab-count-new' : 'mo-tab-count'
                }
              >
                {counts[tab]}
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <div id="mo-tab-panel" role="tabpanel" aria-labelledby={`mo-tab-${filter}`}>
        <QueryStates
          query={orders}
          loadingLabel="Loading orders…"
          isEmpty={() => rows.length === 0}
          emptyTitle={EMPTY_TABS[filter].title}
          emptyText={<p>{EMPTY_TABS[filter].text}</p>}
        >
          {() => (
            <>
              <ul className="mo-list" aria-label={`${STORE_ORDER_FILTER_LABELS[filter]} orders`}>
                {rows.map((order) => (
                  <OrderRow key={order.id} businessId={businessId} order={order} now={now} />
                ))}
              </ul>
              {orders.hasNextPage ? (
                <p className="mo-more">
                  <button
                    type="button"
                    className="mys-action-button mys-action-button-quiet"
                    disabled={orders.isFetchingNextPage}
                    onClick={() => void orders.fetchNextPage()}
                  >
                    {orders.isFetchingNextPage ? 'Loading…' : 'Load more orders'}
                  </button>
                </p>
              ) : null}
            </>
          )}
        </QueryStates>
      </div>
    </ManagePage>
  );
}
