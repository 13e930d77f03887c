import {
  commercePaths,
  type OrderDetail,
  substitutionMessages,
  substitutionPaths,
} from '@localmart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signOut } from '../../../test/session.ts';
import { cad, orderDetail, orderId, signIn } from '../test/fixtures.ts';
import { OrderDetailsPage } from './order-details-page.tsx';
import { ACCEPT_SUBSTITUTE_LABEL, REJECT_SUBSTITUTE_LABEL } from './order-changes-card.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});
vi.mock('../../../components/ui/toasts/toasts.ts', () => import('../../../test/toasts-mock.ts'));

afterEach(signOut);

const itemId = '0c000000-0000-4000-8000-000000000001';
const substitutionId = '0d100000-0000-4000-8000-000000000001';

function changed(status: 'proposed' | 'approved'): OrderDetail {
  const order = orderDetail({ status: 'accepted' });
  return {
    ...order,
    total: cad(904),
    changes: {
      lines: [{ itemId, title: 'Latte', ordered: 2, handedOver: 1, substitution: 'best_match' }],
      substitutions: [
        {
          id: substitutionId,
          itemId,
          forTitle: 'Latte',
          title: 'Flat white',
          image: null,
          quantity: 1,
          unitPrice: cad(300),
          lineTotal: cad(300),
          status,
          decidedBy: status === 'approved' ? 'shopper' : null,
          expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
          preference: 'best_match',
        },
      ],
      originalTotal: cad(1130),
      preferences: [{ itemId, substitution: 'best_match' }],
    },
  };
}

describe('the store changed the order', { timeout: 20_000 }, () => {
  it('shows the proposal and what no answer means; accepting sends it and shows the change', async () => {
    await signIn();
    let decided: unknown = null;
    let current = changed('proposed');
    mockApi({
      [`GET ${commercePaths.order(orderId)}`]: () => ({ body: { status: 1, result: current } }),
      [`POST ${substitutionPaths.decide(orderId, substitutionId)}`]: (call) => {
        decided = call.body;
        current = changed('approved');
        return { body: { status: 1, message: substitutionMessages.approved, result: current } };
      },
    });
    renderWithProviders(<OrderDetailsPage title="Order details" />, {
      path: `/order-details/${orderId}`,
      pattern: '/order-details/:orderId',
    });
    const card = await screen.findByRole(
      'region',
      { name: 'The store suggests a substitute' },
      { timeout: 5000 },
    );
    expect(within(card).getByText('1 × Flat white')).toBeVisible();
    expect(within(card).getByText(/No answer means yes/)).toBeVisible();
    expect(within(card).getByText(/Total now/)).toHaveTextContent(
      'Total now $9.04 (was $11.30). You pay only for what you get.',
    );
    expect(within(card).getByRole('button', { name: REJECT_SUBSTITUTE_LABEL })).toBeVisible();
    // The item list says what is not handed over.
    expect(screen.getByText('1 of 2 available: you pay for 1')).toBeVisible();
    await userEvent
      .setup()
      .click(within(card).getByRole('button', { name: ACCEPT_SUBSTITUTE_LABEL }));
    const after = await screen.findByRole('region', { name: 'Your order changed' });
    expect(within(after).getByText('Substitute accepted')).toBeVisible();
    expect(decided).toEqual({ decision: 'approved' });
  });
});
