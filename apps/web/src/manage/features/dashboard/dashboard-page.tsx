import {
  DASHBOARD_SALES_DAYS,
  FULFILMENT_LABELS,
  ORDER_STATUS_LABELS,
  formatPrice,
  type Dashboard,
} from '@localmart/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { sitePaths } from '../../lib/site-paths.ts';
import { useCurrentStore, useStoreDateTime } from '../../lib/store-context.tsx';
import { Empty, ManagePage } from '../../shell/manage-page.tsx';
// The countdown is the orders feature's; the dashboard shows the same one for the soonest deadline.
import { responseCountdown } from '../../lib/response-countdown.ts';
import { useNow } from '../../lib/use-now.ts';
import { downloadOrdersExport, type ExportOutcome, useDashboard } from './dashboard-api.ts';
import { SalesChart } from './sales-chart.tsx';
import './dashboard.css';
import '../../components/buttons.css';
import { QueryStates } from '../../components/query-states.tsx';

/** The store's front page: what needs an answer now, how sales go, what is running out. */
export function DashboardPage() {
  const store = useCurrentStore();
  const dashboard = useDashboard(store.businessId);
  return (
    <ManagePage title="Dashboard" subtitle={store.name}>
      <QueryStates query={dashboard} loadingLabel="Loading the dashboard…">
        {(data) => <DashboardView businessId={store.businessId} data={data} />}
      </QueryStates>
    </ManagePage>
  );
}

function DashboardView({ businessId, data }: { businessId: string; data: Dashboard }) {
  const { canOwn } = useCurrentStore();
  const now = useNow();
  const formatDateTime = useStoreDateTime();
  const salesOrders = data.sales.reduce((sum, day) => sum + day.orders, 0);
  const soonest = data.waiting.soonestDueAt
    ? responseCountdown(data.waiting.soonestDueAt, now)
    : null;
  const days = data.sales.length || DASHBOARD_SALES_DAYS;

  return (
    <>
      <div className="md-cards">
        <section className="mys-card md-card" aria-labelledby="md-today">
          <h2 id="md-today">Today's orders</h2>
          <p className="md-figure">{data.todayOrders}</p>
        </section>
        <section
          className={`mys-card md-card${data.waiting.count > 0 ? ' md-card-alert' : ''}`}
          aria-labelledby="md-waiting"
        >
          <h2 id="md-waiting">Waiting for your answer</h2>
          <p className="md-figure">{data.waiting.count}</p>
          {soonest && data.waiting.soonestDueAt ? (
            <p>
              Next:{' '}
              <time
                className={`md-countdown md-countdown-${soonest.tone}`}
                dateTime={data.waiting.soonestDueAt}
                title={`Respond by ${formatDateTime(data.waiting.soonestDueAt)}`}
              >
                {soonest.text}
              </time>
            </p>
          ) : null}
          <Link to={sitePaths.store(businessId, 'orders')}>
            {data.waiting.count > 0 ? 'Answer new orders' : 'See orders'}
          </Link>
        </section>
        <SalesCard days={days} orders={salesOrders} summary={data.salesSummary} />
      </div>

      <section className="mys-card" aria-labelledby="md-chart-title">
        <h2 id="md-chart-title">Daily sales</h2>
        {salesOrders === 0 ? (
          <Empty title="No sales in the last 30 days.">
            <p>Sales show here once shoppers order from your store.</p>
          </Empty>
        ) : (
          <SalesChart days={data.sales} />
        )}
      </section>

      <div className="md-lists">
        <section className="mys-card" aria-labelledby="md-status-title">
          <h2 id="md-status-title">Orders by status, last {days} days</h2>
          {data.ordersByStatus.length === 0 ? (
            <p className="md-muted">No orders in the last {days} days.</p>
          ) : (
            <ul className="md-list">
              {data.ordersByStatus.map((row) => (
                <li key={row.status}>
                  <span>{row.label}</span>
                  <span className="md-stock">{row.count}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="mys-card" aria-labelledby="md-low-title">
          <h2 id="md-low-title">Low stock</h2>
          {data.lowStock.length === 0 ? (
            <p className="md-muted">Nothing is running low.</p>
          ) : (
            <ul className="md-list">
              {data.lowStock.map((offer) => (
                <li key={offer.offerId}>
                  <Link to={sitePaths.store(businessId, 'products')}>{offer.title}</Link>
                  <span className={offer.quantity <= 0 ? 'md-stock md-stock-out' : 'md-stock'}>
                    {offer.quantity} left · {offer.stock.label}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p>
            <Link to={sitePaths.store(businessId, 'products')}>Manage products and stock</Link>
          </p>
        </section>
        <section className="mys-card" aria-labelledby="md-recent-title">
          <h2 id="md-recent-title">Recent orders</h2>
          {data.recentOrders.length === 0 ? (
            <p className="md-muted">No orders yet.</p>
          ) : (
            <ul className="md-list">
              {data.recentOrders.map((order) => (
                <li key={order.id}>
                  <Link to={sitePaths.order(businessId, order.id)}>
                    {order.number} · {order.shopperName}
                  </Link>
                  <span className="md-muted">
                    {ORDER_STATUS_LABELS[order.status]} · {formatPrice(order.total)} ·{' '}
                    {FULFILMENT_LABELS[order.fulfilment]}
                    {order.placedAt ? ` · ${formatDateTime(order.placedAt)}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      {canOwn ? <OrdersExport businessId={businessId} days={data.sales} /> : null}
    </>
  );
}

/**
 * Orders export (owners: it names every customer): the orders placed between two of the store's
 * days as a CSV for the accountant. Starts on the dashboard's 30 days.
 */
function OrdersExport({ businessId, days }: { businessId: string; days: Dashboard['sales'] }) {
  const [from, setFrom] = useState(days[0]?.date ?? '');
  const [to, setTo] = useState(days.at(-1)?.date ?? '');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ExportOutcome | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(await downloadOrdersExport(businessId, { from, to }));
    setBusy(false);
  };
  return (
    <section className="mys-card" aria-labelledby="md-export-title">
      <h2 id="md-export-title">Export orders</h2>
      <form className="md-export" onSubmit={(event) => void submit(event)}>
        <label>
          From
          <input type="date" value={from} required onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          To
          <input
            type="date"
            value={to}
            required
            min={from}
            onChange={(e) => setTo(e.target.value)}
          />
        </label>
        <button type="submit" className="mys-action-button" disabled={busy}>
          {busy ? 'Preparing…' : 'Download CSV'}
        </button>
      </form>
      {outcome ? (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          className={outcome.ok ? 'md-muted' : 'mys-field-error'}
        >
          {outcome.ok ? `Downloaded ${outcome.filename}.` : outcome.message}
        </p>
      ) : null}
      <p className="md-muted">
        One row per order placed on those days (your store's time): status, customer, amounts, tax,
        charged and refunded.
      </p>
    </section>
  );
}

/**
 * Sales are money charged less money refunded (ADR 0009). Cards only held for orders not charged yet
 * (reserve orders before pickup) are shown apart: they are not sales until the store charges them.
 */
function SalesCard({
  days,
  orders,
  summary,
}: {
  days: number;
  orders: number;
  summary: Dashboard['salesSummary'];
}) {
  return (
    <section className="mys-card md-card" aria-labelledby="md-sales">
      <h2 id="md-sales">Sales, last {days} days</h2>
      <p className="md-figure">{formatPrice(summary.sales)}</p>
      <p>{orders === 1 ? '1 order' : `${orders} orders`}</p>
      <dl className="md-sales-parts">
        <div>
          <dt>Charged</dt>
          <dd>{formatPrice(summary.captured)}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd>
            {summary.refunded.amount > 0
              ? `−${formatPrice(summary.refunded)}`
              : formatPrice(summary.refunded)}
          </dd>
        </div>
        <div>
          <dt>Tax collected</dt>
          <dd>{formatPrice(summary.tax)}</dd>
        </div>
        <div className="md-sales-held">
          <dt>Held (not yet sales)</dt>
          <dd>{formatPrice(summary.held)}</dd>
        </div>
      </dl>
    </section>
  );
}
