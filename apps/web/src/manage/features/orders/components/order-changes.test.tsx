import {
  managePaths,
  type StoreOrderDetail,
  substitutionMessages,
  substitutionPaths,
} from '@localmart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { sitePaths } from '../../../lib/site-paths.ts';
import { itemA, itemB, orderDetail, orderId } from '../../../test/order-fixtures.ts';
import { businessId, cad, renderStorePage } from '../../../test/store-page.tsx';
import { OrderPage } from '../order-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const substituteOfferId = '0f000000-0000-4000-8000-000000000001';

function withChanges(order: StoreOrderDetail): StoreOrderDetail {
  return {
    ...order,
    changes: {
      lines: [],
      substitutions: [],
      originalTotal: order.total,
      preferences: [
        { itemId: itemA, substitution: 'best_match' },
        { itemId: itemB, substitution: 'refund' },
      ],
    },
  };
}

describe('accept with changes', { timeout: 20_000 }, () => {
  it('sends the units handed over and the substitute picked; shows the server refusal in its words', async () => {
    const order = withChanges(orderDetail());
    let sent: unknown = null;
    let refuse = true;
    mockApi({
      [`GET ${managePaths.order(businessId, orderId)}`]: () => ({
        body: { status: 1, result: order },
      }),
      [`GET ${substitutionPaths.storeSubstituteOffers(businessId)}`]: () => ({
        body: {
          status: 1,
          results: [
            {
              offerId: substituteOfferId,
              title: 'Oat milk 2 L',
              image: null,
              unitPrice: cad(799),
              quantity: 5,
            },
          ],
        },
      }),
      [`POST ${substitutionPaths.storeChanges(businessId, orderId)}`]: (call) => {
        sent = call.body;
        if (refuse) {
          return {
            status: 409,
            body: { status: 0, message: substitutionMessages.overHold('$11.30') },
          };
        }
        return {
          body: {
            status: 1,
            message: substitutionMessages.acceptedWithChanges,
            result: { ...order, status: 'accepted' },
          },
        };
      },
    });
    renderStorePage(
      <OrderPage />,
      sitePaths.order(businessId, orderId),
      '/manage/stores/:businessId/orders/:orderId',
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept with changes…' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept with changes' });
    // The shopper wants no substitute for the loaf: it can only be refunded.
    await user.selectOptions(within(dialog).getByLabelText('Hand over: Sourdough loaf'), '0');
    expect(
      within(dialog).getByText('The shopper wants no substitute: it is refunded.'),
    ).toBeVisible();
    await user.selectOptions(within(dialog).getByLabelText('Hand over: Oat milk 1 L'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Propose a substitute' }));
    await user.type(within(dialog).getByLabelText('Find a substitute in your store'), 'oat');
    await user.click(await within(dialog).findByRole('button', { name: /^Oat milk 2 L/ }));
    expect(within(dialog).getByText('Oat milk 2 L')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Accept with changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      substitutionMessages.overHold('$11.30'),
    );
    expect(sent).toEqual({
      lines: [
        { itemId: itemA, handOver: 0, substituteOfferId, substituteQuantity: 2 },
        { itemId: itemB, handOver: 0 },
      ],
    });
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Accept with changes' }));
    await waitFor(() =>
      expect(screen.getByText(substitutionMessages.acceptedWithChanges)).toBeVisible(),
    );
    expect(screen.queryByRole('dialog', { name: 'Accept with changes' })).toBeNull();
  });
});
