import { commercePaths, commerceMessages } from '@localmart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signOut } from '../../../test/session.ts';
import {
  checkoutId,
  checkoutView,
  orderDetail,
  orderId,
  signIn,
  storeId,
} from '../test/fixtures.ts';
import { BACK_TO_CART_LABEL, OrderFailurePage, TRY_AGAIN_LABEL } from './order-failure-page.tsx';
import {
  OrderSuccessPage,
  PENDING_HEADING,
  THANK_YOU_HEADING,
  VIEW_DETAILS_LABEL,
} from './order-success-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

afterEach(signOut);

function renderSuccess() {
  renderWithProviders(<OrderSuccessPage title="Order placed" />, {
    path: `/order/${checkoutId}`,
    pattern: '/order/:id',
  });
}

describe('order/{id} success page', { timeout: 20_000 }, () => {
  it('thanks the shopper and shows each order, with the pickup code of pickup orders', async () => {
    await signIn();
    const api = mockApi({
      [`GET ${commercePaths.checkout(checkoutId)}`]: () => ({
        body: { status: 1, result: checkoutView() },
      }),
      [`GET ${commercePaths.order(orderId)}`]: () => ({
        body: { status: 1, result: orderDetail() },
      }),
    });
    renderSuccess();
    expect(
      await screen.findByRole('heading', { name: THANK_YOU_HEADING }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Queen Street Market · LM-1001' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Danforth Grocer · LM-1002' })).toBeInTheDocument();
    // Each order with its own money, never the checkout's total.
    const orders = within(screen.getByRole('list', { name: 'Your orders' }));
    const [pickup, delivery] = orders.getAllByRole('listitem');
    expect(within(pickup as HTMLElement).getByText('Card held · $11.30')).toBeInTheDocument();
    expect(within(delivery as HTMLElement).getByText('Paid · $16.29')).toBeInTheDocument();
    expect(screen.queryByText('$27.59')).toBeNull();
    expect(await screen.findByText('K7P 3QX')).toBeInTheDocument();
    // Only the pickup order has a code to fetch.
    expect(api.calls.filter((call) => call.path.startsWith(commercePaths.orders))).toHaveLength(1);
    expect(screen.getAllByRole('link', { name: VIEW_DETAILS_LABEL })[0]).toHaveAttribute(
      'href',
      `/order-details/${orderId}`,
    );
    expect(screen.getByRole('link', { name: 'My Order' })).toHaveAttribute('href', '/my-order');
  });

  it('says a pending payment is waiting for the bank', async () => {
    await signIn();
    mockApi({
      [`GET ${commercePaths.checkout(checkoutId)}`]: () => ({
        body: { status: 1, result: checkoutView({ state: 'pending' }) },
      }),
    });
    renderSuccess();
    expect(
      await screen.findByRole('heading', { name: PENDING_HEADING }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(commerceMessages.paymentPending)).toBeInTheDocument();
  });

  it('sends a failed checkout to the failure page of its store', async () => {
    await signIn();
    mockApi({
      [`GET ${commercePaths.checkout(checkoutId)}`]: () => ({
        body: { status: 1, result: checkoutView({ state: 'failed' }) },
      }),
    });
    renderSuccess();
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        `/order-failure/${storeId}?checkout=${checkoutId}`,
      ),
    );
  });
});

describe('order-failure/{businessId}', { timeout: 20_000 }, () => {
  it('says the payment failed, names the store and offers Try again and Back to cart', async () => {
    await signIn();
    mockApi({
      [`GET ${commercePaths.checkout(checkoutId)}`]: () => ({
        body: { status: 1, result: checkoutView({ state: 'failed' }) },
      }),
    });
    renderWithProviders(<OrderFailurePage title="Payment failed" />, {
      path: `/order-failure/${storeId}?checkout=${checkoutId}`,
      pattern: '/order-failure/:businessId',
    });
    expect(await screen.findByRole('alert', undefined, { timeout: 5000 })).toHaveTextContent(
      commerceMessages.paymentFailed,
    );
    expect(await screen.findByText('Queen Street Market')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TRY_AGAIN_LABEL })).toHaveAttribute(
      'href',
      '/payumoney',
    );
    expect(screen.getByRole('link', { name: BACK_TO_CART_LABEL })).toHaveAttribute('href', '/cart');
  });
});
