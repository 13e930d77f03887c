import { dashboardSchema, managePaths, stockStatus, type Dashboard } from '@localmart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { sitePaths } from '../../lib/site-paths.ts';
import { orderRow } from '../../test/order-fixtures.ts';
import {
  businessId,
  cad,
  renderInStore,
  renderStorePage,
  staffAccess,
} from '../../test/store-page.tsx';
import { DashboardPage } from './dashboard-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const route = `GET ${managePaths.dashboard(businessId)}`;
const opts = { timeout: 5000 };

/** 30 days ending 2026-03-30; day 10 sells $200 in 4 orders, day 20 $50 in 1, the rest nothing. */
function dashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  const sales = Array.from({ length: 30 }, (_, index) => {
    const date = `2026-03-${String(index + 1).padStart(2, '0')}`;
    if (index === 9) return { date, orders: 4, amount: cad(20_000) };
    if (index === 19) return { date, orders: 1, amount: cad(5_000) };
    return { date, orders: 0, amount: cad(0) };
  });
  return dashboardSchema.parse({
    todayOrders: 3,
    waiting: { count: 2, soonestDueAt: new Date(Date.now() + 40 * 60_000 + 20_000).toISOString() },
    sales,
    // $300 charged less $50 refunded = $250 of sales; $45 still only held for reserve orders.
    salesSummary: {
      sales: cad(25_000),
      captured: cad(30_000),
      refunded: cad(5_000),
      held: cad(4_500),
      tax: cad(2_876),
    },
    ordersByStatus: [
      { status: 'placed', label: 'Placed', count: 2 },
      { status: 'completed', label: 'Completed', count: 3 },
    ],
    lowStock: [
      {
        offerId: '0f000000-0000-4000-8000-000000000001',
        title: 'Oat milk 1 L',
        quantity: 1,
        stock: stockStatus(1),
      },
    ],
    recentOrders: [orderRow()],
    ...overrides,
  });
}

function renderDashboard() {
  return renderStorePage(
    <DashboardPage />,
    sitePaths.store(businessId),
    '/manage/stores/:businessId',
  );
}

describe('dashboard', { timeout: 20_000 }, () => {
  it('shows the cards: today, waiting with the soonest countdown, and 30-day sales', async () => {
    mockApi({ [route]: () => ({ body: { status: 1, result: dashboard() } }) });
    renderDashboard();
    const today = await screen.findByRole('region', { name: "Today's orders" }, opts);
    expect(within(today).getByText('3')).toBeVisible();
    const waiting = screen.getByRole('region', { name: 'Waiting for your answer' });
    expect(within(waiting).getByText('2')).toBeVisible();
    expect(within(waiting).getByText('Respond within 40 min')).toHaveClass('md-countdown-warning');
    expect(within(waiting).getByRole('link', { name: 'Answer new orders' })).toHaveAttribute(
      'href',
      sitePaths.store(businessId, 'orders'),
    );
    const sales = screen.getByRole('region', { name: 'Sales, last 30 days' });
    expect(within(sales).getByText('$250.00')).toBeVisible();
    expect(within(sales).getByText('5 orders')).toBeVisible();
    expect(within(sales).getByText('$250.00')).toHaveClass('md-figure');
    const low = screen.getByRole('region', { name: 'Low stock' });
    expect(within(low).getByRole('link', { name: 'Oat milk 1 L' })).toHaveAttribute(
      'href',
      sitePaths.store(businessId, 'products'),
    );
    expect(within(low).getByText('1 left · Limited availability')).toBeVisible();
    const recent = screen.getByRole('region', { name: 'Recent orders' });
    expect(within(recent).getByRole('link', { name: /LM-1001/ })).toBeVisible();
  });

  it('counts as sales only money charged less refunds, with held money apart', async () => {
    mockApi({ [route]: () => ({ body: { status: 1, result: dashboard() } }) });
    renderDashboard();
    const sales = await screen.findByRole('region', { name: 'Sales, last 30 days' }, opts);
    const parts = [...sales.querySelectorAll('dl > div')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);
    expect(parts).toEqual([
      ['Charged', '$300.00'],
      ['Refunded', '−$50.00'],
      ['Tax collected', '$28.76'],
      ['Held (not yet sales)', '$45.00'],
    ]);
    // Neither the held money nor charged-plus-held is the sales figure.
    expect(within(sales).queryByText('$295.00')).toBeNull();
    expect(within(sales).queryByText('$345.00')).toBeNull();
  });

  it('draws one bar per day, scaled to the best day, with tooltips and a table for screen readers', async () => {
    mockApi({ [route]: () => ({ body: { status: 1, result: dashboard() } }) });
    const { container } = renderDashboard();
    await screen.findByRole('heading', { name: 'Daily sales' }, opts);
    const bars = [...container.querySelectorAll<SVGRectElement>('rect.md-bar')];
    expect(bars).toHaveLength(30);
    const height = (date: string) =>
      Number(bars.find((bar) => bar.dataset.date === date)?.getAttribute('height'));
    const best = height('2026-03-10');
    expect(best).toBeGreaterThan(0);
    expect(height('2026-03-20')).toBeCloseTo(best / 4);
    expect(height('2026-03-01')).toBe(0);
    expect(bars[9]?.querySelector('title')?.textContent).toBe('Mar 10: $200.00, 4 orders');
    expect(container.querySelector('svg')?.textContent).toContain('$200.00');
    // First, middle and last day labelled; the last one ends at its bar, inside the chart.
    const dayLabels = [...container.querySelectorAll('g > text.md-axis-label')];
    expect(dayLabels.map((label) => label.getAttribute('text-anchor'))).toEqual([
      'middle',
      'middle',
      'end',
    ]);
    const table = screen.getByRole('table', { name: 'Daily sales, last 30 days' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(within(table).getByRole('row', { name: 'Mar 10 $200.00 4' })).toBeInTheDocument();
  });

  it('shows the empty states of a store without sales, waiting orders or low stock', async () => {
    mockApi({
      [route]: () => ({
        body: {
          status: 1,
          result: dashboard({
            todayOrders: 0,
            waiting: { count: 0, soonestDueAt: null },
            sales: dashboard().sales.map((day) => ({ ...day, orders: 0, amount: cad(0) })),
            lowStock: [],
            recentOrders: [],
          }),
        },
      }),
    });
    const { container } = renderDashboard();
    expect(await screen.findByText('No sales in the last 30 days.', undefined, opts)).toBeVisible();
    expect(container.querySelectorAll('rect.md-bar')).toHaveLength(0);
    expect(screen.getByText('Nothing is running low.')).toBeVisible();
    expect(screen.getByText('No orders yet.')).toBeVisible();
    expect(screen.queryByText(/Respond within/)).toBeNull();
    expect(screen.getByRole('link', { name: 'See orders' })).toBeVisible();
  });

  it('offers a retry when the dashboard cannot be loaded', async () => {
    let fail = true;
    mockApi({
      [route]: () =>
        fail
          ? { status: 503, body: { status: 0, message: 'Try again in a moment' } }
          : { body: { status: 1, result: dashboard() } },
    });
    renderDashboard();
    expect(await screen.findByRole('alert', undefined, opts)).toHaveTextContent(
      'Try again in a moment',
    );
    fail = false;
    await userEvent.click(screen.getByText('Try again'));
    expect(await screen.findByRole('region', { name: "Today's orders" })).toBeVisible();
  });

  it('lists the 30 days’ orders by status', async () => {
    mockApi({ [route]: () => ({ body: { status: 1, result: dashboard() } }) });
    renderDashboard();
    const byStatus = await screen.findByRole(
      'region',
      { name: 'Orders by status, last 30 days' },
      opts,
    );
    expect(
      within(byStatus)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Placed2', 'Completed3']);
  });

  it('exports a date range of orders as CSV for the owner, and says why when refused', async () => {
    const createObjectURL = vi.fn(() => 'blob:orders');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    let refuse = true;
    const api = mockApi({
      [route]: () => ({ body: { status: 1, result: dashboard() } }),
      [`GET ${managePaths.ordersExport(businessId)}`]: () =>
        refuse
          ? { status: 400, body: { status: 0, message: 'Export at most 366 days at a time.' } }
          : { body: 'Order,Placed' },
    });
    renderDashboard();
    const exporter = await screen.findByRole('region', { name: 'Export orders' }, opts);
    // Starts on the dashboard's 30 days.
    expect(within(exporter).getByLabelText('From')).toHaveValue('2026-03-01');
    expect(within(exporter).getByLabelText('To')).toHaveValue('2026-03-30');
    await userEvent.click(within(exporter).getByRole('button', { name: 'Download CSV' }));
    expect(await within(exporter).findByRole('alert')).toHaveTextContent(
      'Export at most 366 days at a time.',
    );
    refuse = false;
    await userEvent.click(within(exporter).getByRole('button', { name: 'Download CSV' }));
    expect(await within(exporter).findByText('Downloaded orders.csv.')).toBeVisible();
    expect(createObjectURL).toHaveBeenCalled();
    const [call] = api.callsTo('GET', managePaths.ordersExport(businessId));
    expect(call?.url).toContain('from=2026-03-01&to=2026-03-30');
  });

  it('keeps the export from staff: it names every customer', async () => {
    mockApi({ [route]: () => ({ body: { status: 1, result: dashboard() } }) });
    renderInStore(<DashboardPage />, {
      store: staffAccess,
      path: sitePaths.store(businessId),
      pattern: '/manage/stores/:businessId',
    });
    await screen.findByRole('region', { name: 'Recent orders' }, opts);
    expect(screen.queryByRole('region', { name: 'Export orders' })).toBeNull();
  });
});
