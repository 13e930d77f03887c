import { commercePaths, type OrderDetail } from '@localmart/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signOut } from '../../../test/session.ts';
import { orderDetail, orderId, signIn } from '../test/fixtures.ts';
import { OrderDetailsPage } from './order-details-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});
vi.mock('../../../components/ui/toasts/toasts.ts', () => import('../../../test/toasts-mock.ts'));

afterEach(signOut);

function setup(detail: OrderDetail) {
  mockApi({
    [`GET ${commercePaths.order(orderId)}`]: () => ({ body: { status: 1, result: detail } }),
  });
  renderWithProviders(<OrderDetailsPage title="Order details" />, {
    path: `/order-details/${orderId}`,
    pattern: '/order-details/:orderId',
  });
}

describe('order-details ready time (issue 12, defect 9)', { timeout: 20_000 }, () => {
  it('tells a closed store’s ready time in the store’s words, not as a time on the phone’s clock', async () => {
    await signIn();
    // Placed at 22:56, four minutes before the store closed: ready after it opens tomorrow.
    const readyBy = '2026-11-20T17:00:00.000Z';
    setup(orderDetail({ pickupPromise: 'Ready tomorrow from 12:00', readyBy }));
    const pickup = await screen.findByRole('region', { name: 'Pickup' }, { timeout: 5000 });
    const ready = within(pickup).getByText('Ready tomorrow from 12:00');
    expect(ready.tagName).toBe('TIME');
    expect(ready).toHaveAttribute('datetime', readyBy);
    expect(within(pickup).queryByText(/^Ready by /)).toBeNull();
  });

  it('says nothing about readiness when the server has no promise to make', async () => {
    await signIn();
    setup(orderDetail({ status: 'completed', pickupPromise: null }));
    const pickup = await screen.findByRole('region', { name: 'Pickup' }, { timeout: 5000 });
    expect(within(pickup).queryByText(/^Ready /)).toBeNull();
  });
});
