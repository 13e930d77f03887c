import { commercePaths } from '@localmart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signOut } from '../../../test/session.ts';
import { checkoutId, orderMoney, orderSummary, signIn } from '../test/fixtures.ts';
import { MyOrderPage, NO_ORDERS_TITLE } from './my-order-page.tsx';
import { payNowName } from './order-row.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

afterEach(signOut);

const list = `GET ${commercePaths.orders}`;

function statusOf(url: string | undefined) {
  return new URL(url ?? '', 'http://x').searchParams.get('status');
}

describe('my-order', { timeout: 20_000 }, () => {
  it('sends an anonymous shopper to sign in', () => {
    mockApi({});
    renderWithProviders(<MyOrderPage />, { path: '/my-order' });
    expect(screen.getByTestId('location').textContent).toBe('/login?return_url=my-order');
  });

  it('lists orders with store, number, status, item count and total, each linking to its details', async () => {
    await signIn();
    mockApi({
      [list]: () => ({
        body: { status: 1, results: [orderSummary()], result: { nextCursor: null } },
      }),
    });
    renderWithProviders(<MyOrderPage />, { path: '/my-order' });
    const row = await screen.findByRole(
      'link',
      { name: 'Order LM-1001 from Queen Street Market' },
      { timeout: 5000 },
    );
    expect(row).toHaveAttribute('href', `/order-details/${orderSummary().id}`);
    expect(within(row).getByText('Placed')).toHaveClass('lm-order-chip-active');
    expect(within(row).getByText('3 items')).toBeInTheDocument();
    expect(within(row).getByText('$11.30')).toBeInTheDocument();
    expect(within(row).getByText('Card held · $11.30')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Pay now/ })).toBeNull();
  });

  it('gives an unpaid order Pay now beside its row, not inside the row’s link', async () => {
    await signIn();
    mockApi({
      [list]: () => ({
        body: {
          status: 1,
          results: [
            orderSummary({
              status: 'awaiting_payment',
              placedAt: null,
              money: orderMoney(),
              canPay: true,
            }),
            orderSummary({ id: '0a000000-0000-4000-8000-000000000009', number: 'LM-0999' }),
          ],
          result: { nextCursor: null },
        },
      }),
    });
    renderWithProviders(<MyOrderPage />, { path: '/my-order' });
    const row = await screen.findByRole(
      'link',
      { name: 'Order LM-1001 from Queen Street Market' },
      { timeout: 5000 },
    );
    expect(within(row).getByText('Not paid yet · $11.30')).toBeInTheDocument();
    const pay = screen.getByRole('link', { name: payNowName({ number: 'LM-1001' }) });
    expect(pay).toHaveTextContent('Pay now');
    expect(pay).toHaveAttribute('href', `/checkout/${checkoutId}`);
    expect(row.contains(pay)).toBe(false);
    expect(pay.closest('a')).toBe(pay);
    // The held order has its label and no Pay now.
    expect(screen.getAllByRole('link', { name: /^Pay now/ })).toHaveLength(1);
    expect(
      within(
        screen.getByRole('link', { name: 'Order LM-0999 from Queen Street Market' }),
      ).getByText('Card held · $11.30'),
    ).toBeInTheDocument();
  });

  it('asks the server for the chosen status group', async () => {
    await signIn();
    const api = mockApi({
      [list]: (call) => ({
        body: {
          status: 1,
          results:
            statusOf(call.url) === 'cancelled'
              ? [orderSummary({ status: 'declined', number: 'LM-2002' })]
              : [orderSummary()],
          result: { nextCursor: null },
        },
      }),
    });
    renderWithProviders(<MyOrderPage />, { path: '/my-order' });
    await screen.findByText('LM-1001', { exact: false }, { timeout: 5000 });
    expect(statusOf(api.calls[0]?.url)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelled' }));
    expect(await screen.findByText('Declined')).toHaveClass('lm-order-chip-cancelled');
    expect(screen.getByRole('button', { name: 'Cancelled' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(statusOf(api.calls[api.calls.length - 1]?.url)).toBe('cancelled'));
    await userEvent.click(screen.getByRole('button', { name: 'Active' }));
    await waitFor(() => expect(statusOf(api.calls[api.calls.length - 1]?.url)).toBe('active'));
  });

  it('shows the empty state when there are no orders', async () => {
    await signIn();
    mockApi({ [list]: () => ({ body: { status: 1, results: [], result: { nextCursor: null } } }) });
    renderWithProviders(<MyOrderPage />, { path: '/my-order' });
    expect(
      await screen.findByRole('heading', { name: NO_ORDERS_TITLE }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
