import { managePaths, storeOrderMessages } from '@localmart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { sitePaths } from '../../lib/site-paths.ts';
import { OrdersPage } from './orders-page.tsx';
import { counts, orderDetail, orderId, orderRow } from '../../test/order-fixtures.ts';
import { businessId, renderStorePage } from '../../test/store-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const list = `GET ${managePaths.orders(businessId)}`;
const byCode = `GET ${managePaths.orderByPickupCode(businessId)}`;
const page = sitePaths.store(businessId, 'orders');
const pattern = '/manage/stores/:businessId/orders';

const param = (url: string | undefined, name: string) =>
  new URL(url ?? '', 'http://x').searchParams.get(name);

describe('orders inbox', { timeout: 20_000 }, () => {
  it('shows the New tab first with count badges, and each row with its countdown and facts', async () => {
    const api = mockApi({
      [list]: () => ({
        body: {
          status: 1,
          results: [orderRow()],
          result: {
            nextCursor: null,
            counts: counts({ new: 1, in_progress: 4, done: 7, all: 12 }),
          },
        },
      }),
    });
    renderStorePage(<OrdersPage />, page, pattern);
    const row = await screen.findByRole(
      'link',
      { name: 'Order LM-1001 from Ada Lovelace' },
      { timeout: 5000 },
    );
    expect(row).toHaveAttribute('href', sitePaths.order(businessId, orderId));
    expect(within(row).getByText('Respond within 3 h 12 min')).toHaveClass('mo-countdown-normal');
    // The row names its items (issue 15), not "3 items".
    expect(within(row).getByText('2 × Oat milk 1 L, Sourdough loaf')).toBeInTheDocument();
    expect(within(row).getByText('$11.30')).toBeInTheDocument();
    expect(within(row).getByText('Reserve for pickup')).toBeInTheDocument();
    expect(param(api.calls[0]?.url, 'filter')).toBe('new');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'New1',
      'In progress4',
      'Ready / on the way0',
      'Done7',
      'All12',
    ]);
    expect(screen.getByRole('tab', { name: /New/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('colours an urgent deadline red and a passed one Overdue', async () => {
    mockApi({
      [list]: () => ({
        body: {
          status: 1,
          results: [
            orderRow({ responseDueAt: new Date(Date.now() + 10 * 60_000 + 5000).toISOString() }),
            orderRow({
              id: '0d000000-0000-4000-8000-000000000002',
              number: 'LM-1002',
              responseDueAt: new Date(Date.now() - 60_000).toISOString(),
            }),
          ],
          result: { nextCursor: null, counts: counts({ new: 2, all: 2 }) },
        },
      }),
    });
    renderStorePage(<OrdersPage />, page, pattern);
    expect(
      await screen.findByText('Respond within 10 min', undefined, { timeout: 5000 }),
    ).toHaveClass('mo-countdown-danger');
    expect(screen.getByText('Overdue')).toHaveClass('mo-countdown-overdue');
  });

  it('asks for the chosen tab and shows its empty state; the New tab explains the 4-hour rule', async () => {
    const api = mockApi({
      [list]: (call) => ({
        body: {
          status: 1,
          results:
            param(call.url, 'filter') === 'done'
              ? [orderRow({ status: 'completed', statusLabel: 'Completed', number: 'LM-0900' })]
              : [],
          result: { nextCursor: null, counts: counts({ new: 0, done: 1, all: 1 }) },
        },
      }),
    });
    renderStorePage(<OrdersPage />, page, pattern);
    expect(await screen.findByText('No new orders.', undefined, { timeout: 5000 })).toBeVisible();
    expect(
      screen.getByText('New orders appear here; answer each within 4 business hours.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: /Done/ }));
    const row = await screen.findByRole('link', { name: 'Order LM-0900 from Ada Lovelace' });
    expect(within(row).getByText('Completed')).toBeInTheDocument();
    expect(within(row).queryByText(/Respond within/)).toBeNull();
    expect(param(api.calls.at(-1)?.url, 'filter')).toBe('done');
    expect(screen.getByTestId('location').textContent).toBe(`${page}?tab=done`);
    await userEvent.click(screen.getByRole('tab', { name: /In progress/ }));
    expect(await screen.findByText('No orders in progress.')).toBeVisible();
  });

  it('loads the next page with the cursor', async () => {
    const api = mockApi({
      [list]: (call) =>
        param(call.url, 'cursor') === 'c2'
          ? {
              body: {
                status: 1,
                results: [
                  orderRow({ id: '0d000000-0000-4000-8000-000000000009', number: 'LM-0999' }),
                ],
                result: { nextCursor: null, counts: counts({ new: 2, all: 2 }) },
              },
            }
          : {
              body: {
                status: 1,
                results: [orderRow()],
                result: { nextCursor: 'c2', counts: counts({ new: 2, all: 2 }) },
              },
            },
    });
    renderStorePage(<OrdersPage />, page, pattern);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Load more orders' }, { timeout: 5000 }),
    );
    expect(await screen.findByRole('link', { name: /LM-0999/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /LM-1001/ })).toBeInTheDocument();
    expect(
      api.callsTo('GET', managePaths.orders(businessId)).map((c) => param(c.url, 'cursor')),
    ).toContain('c2');
    expect(screen.queryByRole('button', { name: 'Load more orders' })).toBeNull();
  });

  it('refreshes the list on its own every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = mockApi({
        [list]: () => ({
          body: {
            status: 1,
            results: [orderRow()],
            result: { nextCursor: null, counts: counts() },
          },
        }),
      });
      renderStorePage(<OrdersPage />, page, pattern);
      await screen.findByRole('link', { name: /LM-1001/ }, { timeout: 5000 });
      const before = api.callsTo('GET', managePaths.orders(businessId)).length;
      await vi.advanceTimersByTimeAsync(30_000);
      await waitFor(() =>
        expect(api.callsTo('GET', managePaths.orders(businessId)).length).toBeGreaterThan(before),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('finds an order by pickup code, says where it stands, and completes a ready one in one step', async () => {
    const found = (status: 'placed' | 'ready_for_pickup', stateText: string) => ({
      body: {
        status: 1,
        result: { ...orderRow({ status }), stateText, canComplete: status === 'ready_for_pickup' },
      },
    });
    const api = mockApi({
      [list]: () => ({
        body: { status: 1, results: [], result: { nextCursor: null, counts: counts({ new: 0 }) } },
      }),
      [byCode]: (call) => {
        const code = param(call.url, 'code');
        if (code === 'PPJ GJG') return found('placed', storeOrderMessages.pickupState.placed);
        if (code === '7k3 q9x') return found('ready_for_pickup', 'Ready for pickup.');
        return { status: 404, body: { status: 0, message: storeOrderMessages.pickupCodeNotFound } };
      },
      [`POST ${managePaths.orderComplete(businessId, orderId)}`]: () => ({
        body: {
          status: 1,
          message: storeOrderMessages.completed,
          result: orderDetail({ status: 'completed', statusLabel: 'Completed', actions: [] }),
        },
      }),
    });
    renderStorePage(<OrdersPage />, page, pattern);
    const input = await screen.findByLabelText('Find by pickup code', { selector: 'input' });
    await userEvent.type(input, 'ZZZZZZ');
    await userEvent.click(screen.getByRole('button', { name: 'Find order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      storeOrderMessages.pickupCodeNotFound,
    );

    await userEvent.clear(input);
    await userEvent.type(input, 'PPJ GJG');
    await userEvent.click(screen.getByRole('button', { name: 'Find order' }));
    const placed = await screen.findByRole('region', { name: 'Order LM-1001' });
    expect(within(placed).getByText(storeOrderMessages.pickupState.placed)).toBeVisible();
    expect(within(placed).queryByRole('button', { name: 'Complete pickup' })).toBeNull();
    expect(within(placed).getByRole('link', { name: 'Order LM-1001' })).toHaveAttribute(
      'href',
      sitePaths.order(businessId, orderId),
    );

    await userEvent.clear(input);
    await userEvent.type(input, '7k3 q9x');
    await userEvent.click(screen.getByRole('button', { name: 'Find order' }));
    const ready = await screen.findByRole('region', { name: 'Order LM-1001' });
    expect(await within(ready).findByText('Ready for pickup.')).toBeVisible();
    await userEvent.click(within(ready).getByRole('button', { name: 'Complete pickup' }));
    expect(await within(ready).findByText(storeOrderMessages.completed)).toBeVisible();
    expect(api.callsTo('POST', managePaths.orderComplete(businessId, orderId))[0]?.body).toEqual({
      pickupCode: '7k3 q9x',
    });
  });

  it('shows a failure with a retry', async () => {
    mockApi({ [list]: () => ({ status: 500, body: { status: 0, message: 'Database is down' } }) });
    renderStorePage(<OrdersPage />, page, pattern);
    expect(await screen.findByRole('alert', undefined, { timeout: 5000 })).toHaveTextContent(
      'Database is down',
    );
  });
});
