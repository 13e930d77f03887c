import {
  buyAgainMessages,
  type BuyAgainResult,
  commerceMessages,
  commercePaths,
} from '@localmart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedState } from '../../../lib/shared-state.ts';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signOut } from '../../../test/session.ts';
import { showError } from '../../../test/toasts-mock.ts';
import { cad, orderDetail, orderId, orderSummary, signIn, storeId } from '../test/fixtures.ts';
import { BUY_AGAIN_FAILED } from './buy-again-button.tsx';
import { MyOrderPage } from './my-order-page.tsx';
import { OrderDetailsPage } from './order-details-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});
vi.mock('../../../components/ui/toasts/toasts.ts', () => import('../../../test/toasts-mock.ts'));
vi.mock('../../../components/ui/app-modal.tsx', () => import('../../../test/app-modal-mock.tsx'));

afterEach(signOut);

const lineId = (n: number) => `0d000000-0000-4000-8000-00000000000${n}`;

function report(): BuyAgainResult {
  return {
    orderNumber: 'LM-1001',
    storeName: 'Corner Café',
    otherStores: ['Forest Hill Fresh Market'],
    lines: [
      {
        orderItemId: lineId(1),
        kind: 'menu_item',
        title: 'Latte',
        outcome: 'added',
        ordered: 2,
        inCart: 2,
        orderedUnitPrice: cad(475),
        unitPrice: cad(495),
        changes: [{ code: 'price_higher', message: buyAgainMessages.priceHigher(475, 495, 'CAD') }],
      },
      {
        orderItemId: lineId(2),
        kind: 'product',
        title: 'Oat milk',
        outcome: 'added',
        ordered: 3,
        inCart: 2,
        orderedUnitPrice: cad(419),
        unitPrice: cad(419),
        changes: [{ code: 'fewer_available', message: buyAgainMessages.fewerAvailable(2, 3) }],
      },
      {
        orderItemId: lineId(3),
        kind: 'product',
        title: 'Sourdough',
        outcome: 'skipped',
        ordered: 1,
        inCart: 0,
        orderedUnitPrice: cad(650),
        unitPrice: null,
        changes: [{ code: 'no_longer_sold', message: buyAgainMessages.noLongerSold }],
      },
    ],
    cart: {
      stores: [],
      itemCount: 5,
      canCheckout: true,
    },
  };
}

const summary = buyAgainMessages.summary(2, 3, 'LM-1001');

describe('buy again', { timeout: 20_000 }, () => {
  it('puts the order in the cart from the order page and says what changed', async () => {
    await signIn();
    sharedState.setCartRecords(0);
    const api = mockApi({
      [`GET ${commercePaths.order(orderId)}`]: () => ({
        body: { status: 1, result: orderDetail({ status: 'completed' }) },
      }),
      [`POST ${commercePaths.orderBuyAgain(orderId)}`]: () => ({
        body: { status: 1, message: summary, results: [], result: report() },
      }),
    });
    renderWithProviders(<OrderDetailsPage title="Order details" />, {
      path: `/order-details/${orderId}`,
      pattern: '/order-details/:orderId',
    });
    await userEvent.click(
      await screen.findByRole('button', { name: buyAgainMessages.buttonName('LM-1001') }),
    );
    const dialog = await screen.findByRole('dialog', { name: buyAgainMessages.dialogTitle });
    expect(within(dialog).getByRole('status')).toHaveTextContent(summary);
    expect(
      within(dialog).getByText(buyAgainMessages.otherStores(['Forest Hill Fresh Market'])),
    ).toBeInTheDocument();
    const lines = within(dialog).getAllByRole('listitem');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toHaveTextContent('2 × Latte');
    expect(lines[0]).toHaveTextContent('Price now higher: $4.75 → $4.95 each.');
    expect(lines[0]).toHaveTextContent('2 in your cart · $4.95 each');
    expect(lines[1]).toHaveTextContent('Only 2 available: 2 of 3 in your cart.');
    expect(lines[2]).toHaveTextContent('Skipped');
    expect(lines[2]).toHaveTextContent(buyAgainMessages.noLongerSold);
    // The answer's cart is the badge's number at once.
    expect(sharedState.get().cartRecords).toBe(5);
    expect(api.callsTo('POST', commercePaths.orderBuyAgain(orderId))).toHaveLength(1);

    await userEvent.click(within(dialog).getByRole('button', { name: buyAgainMessages.goToCart }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cart'));
  });

  it('offers Buy again on my-order rows, not on an order waiting for its payment', async () => {
    await signIn();
    mockApi({
      [`GET ${commercePaths.orders}`]: () => ({
        body: {
          status: 1,
          results: [
            orderSummary({ status: 'completed' }),
            orderSummary({
              id: '1b000000-0000-4000-8000-000000000002',
              number: 'LM-1002',
              status: 'awaiting_payment',
              canPay: true,
              store: { ...orderSummary().store, id: storeId },
            }),
          ],
          result: { nextCursor: null },
        },
      }),
      [`POST ${commercePaths.orderBuyAgain(orderId)}`]: () => ({
        status: 404,
        body: { status: 0, message: commerceMessages.orderNotFound },
      }),
    });
    renderWithProviders(<MyOrderPage />, { path: '/my-order' });
    const button = await screen.findByRole('button', {
      name: buyAgainMessages.buttonName('LM-1001'),
    });
    expect(
      screen.queryByRole('button', { name: buyAgainMessages.buttonName('LM-1002') }),
    ).not.toBeInTheDocument();
    await userEvent.click(button);
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(BUY_AGAIN_FAILED, commerceMessages.orderNotFound),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
