import { commercePaths, commerceMessages, type OrderDetail } from '@localmart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signOut } from '../../../test/session.ts';
import { cad, checkoutId, orderDetail, orderId, orderMoney, signIn } from '../test/fixtures.ts';
import {
  CANCEL_ORDER_LABEL,
  CONFIRM_CANCEL_LABEL,
  KEEP_ORDER_LABEL,
  OrderDetailsPage,
  PAY_NOW_LABEL,
} from './order-details-page.tsx';
import { pickupCodeAlt } from './pickup-code.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});
vi.mock('../../../components/ui/toasts/toasts.ts', () => import('../../../test/toasts-mock.ts'));

afterEach(signOut);

function setup(detail: () => OrderDetail, cancel?: () => OrderDetail) {
  const api = mockApi({
    [`GET ${commercePaths.order(orderId)}`]: () => ({ body: { status: 1, result: detail() } }),
    [`POST ${commercePaths.orderCancel(orderId)}`]: () =>
      cancel
        ? { body: { status: 1, message: commerceMessages.orderCancelled, result: cancel() } }
        : {
            status: 409,
            body: { status: 0, message: 'An order that is accepted cannot be cancelled.' },
          },
  });
  const { client } = renderWithProviders(<OrderDetailsPage title="Order details" />, {
    path: `/order-details/${orderId}`,
    pattern: '/order-details/:orderId',
  });
  return { api, client };
}

describe('order-details', { timeout: 20_000 }, () => {
  it('shows the timeline in order with the steps to come greyed', async () => {
    await signIn();
    setup(() => orderDetail());
    const timeline = await screen.findByRole('list', { name: 'Order timeline' }, { timeout: 5000 });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('.lm-timeline-label')?.textContent)).toEqual([
      'Awaiting payment',
      'Placed',
      'Accepted',
      'Ready for pickup',
      'Completed',
    ]);
    expect(steps.map((step) => step.className)).toEqual([
      'lm-timeline-done',
      'lm-timeline-done',
      'lm-timeline-upcoming',
      'lm-timeline-upcoming',
      'lm-timeline-upcoming',
    ]);
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
  });

  it('shows the pickup code large with its QR, the items with options, and the totals with the tax rate', async () => {
    await signIn();
    setup(() => orderDetail());
    // Grouped to be read aloud, never letter-spaced (issue 15); the QR and the counter take it whole.
    expect(await screen.findByText('K7P 3QX', undefined, { timeout: 5000 })).toHaveClass(
      'lm-pickup-code',
    );
    const qr = await screen.findByRole('img', { name: pickupCodeAlt('K7P3QX') });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(qr.getAttribute('src') ?? '')).toContain('<svg');
    expect(screen.getByText('2 × Latte')).toBeInTheDocument();
    expect(screen.getByText('Size: Large (+$0.75)')).toBeInTheDocument();
    expect(screen.getByText('Tax (13%)')).toBeInTheDocument();
    expect(screen.getByText('Coupon discount (SAVE5)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get directions' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=43.6525,-79.3832',
    );
  });

  it('shows this order’s own money in Payment: the label, the amounts and the money timeline', async () => {
    await signIn();
    setup(() =>
      orderDetail({
        status: 'completed',
        money: orderMoney(
          { authorised: 1130, captured: 1130, refunded: 288 },
          {
            pending: [{ kind: 'refund', amount: cad(842) }],
            events: [
              { kind: 'held', amount: cad(1130), at: '2026-11-21T10:01:00.000Z' },
              { kind: 'captured', amount: cad(1130), at: '2026-11-21T12:05:00.000Z' },
              { kind: 'refunded', amount: cad(288), at: '2026-11-22T09:00:00.000Z' },
            ],
          },
        ),
      }),
    );
    const payment = await screen.findByRole('region', { name: 'Payment' }, { timeout: 5000 });
    expect(within(payment).getByText('Paid · $11.30, $2.88 refunded')).toBeInTheDocument();
    expect(within(payment).getByText('Refund of $8.42 on its way')).toBeInTheDocument();
    expect(within(payment).getByText('Charged')).toBeInTheDocument();
    expect(within(payment).getByText('Refunded')).toBeInTheDocument();
    expect(within(payment).queryByText('Held')).toBeNull();
    const history = within(payment).getByRole('list', { name: 'Payment history' });
    expect(within(history).getAllByRole('listitem')).toHaveLength(3);
    expect(within(history).getByText('$2.88 refunded to your card')).toBeInTheDocument();
    expect(within(payment).queryByRole('link', { name: PAY_NOW_LABEL })).toBeNull();
  });

  it('offers Pay now, to the checkout’s payment page, only on an order that can be paid', async () => {
    await signIn();
    let canPay = true;
    const unpaid = () =>
      orderDetail({
        status: 'awaiting_payment',
        money: orderMoney(),
        canPay,
        pickupCode: null,
        canCancel: false,
      });
    const { client } = setup(unpaid);
    const payment = await screen.findByRole('region', { name: 'Payment' }, { timeout: 5000 });
    expect(within(payment).getByText('Not paid yet · $11.30')).toBeInTheDocument();
    expect(within(payment).getByRole('link', { name: PAY_NOW_LABEL })).toHaveAttribute(
      'href',
      `/checkout/${checkoutId}`,
    );
    // Held (the default fixture), or paying in progress: no Pay now.
    canPay = false;
    await client.invalidateQueries();
    await waitFor(() => expect(screen.queryByRole('link', { name: PAY_NOW_LABEL })).toBeNull());
  });

  it('cancels after a confirmation and shows the order again as cancelled', async () => {
    await signIn();
    let cancelled = false;
    const { api } = setup(
      () =>
        cancelled
          ? orderDetail({ status: 'cancelled', canCancel: false, pickupCode: null })
          : orderDetail(),
      () => {
        cancelled = true;
        return orderDetail({ status: 'cancelled', canCancel: false, pickupCode: null });
      },
    );
    await userEvent.click(
      await screen.findByRole('button', { name: CANCEL_ORDER_LABEL }, { timeout: 5000 }),
    );
    await userEvent.click(screen.getByRole('button', { name: KEEP_ORDER_LABEL }));
    expect(api.callsTo('POST', commercePaths.orderCancel(orderId))).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: CANCEL_ORDER_LABEL }));
    await userEvent.click(screen.getByRole('button', { name: CONFIRM_CANCEL_LABEL }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: CANCEL_ORDER_LABEL })).toBeNull(),
    );
    expect(api.callsTo('POST', commercePaths.orderCancel(orderId))).toHaveLength(1);
    expect(screen.getAllByText('Cancelled').length).toBeGreaterThan(0);
  });

  it('shows the refusal when the store accepted in the meantime', async () => {
    await signIn();
    setup(() => orderDetail());
    await userEvent.click(
      await screen.findByRole('button', { name: CANCEL_ORDER_LABEL }, { timeout: 5000 }),
    );
    await userEvent.click(screen.getByRole('button', { name: CONFIRM_CANCEL_LABEL }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An order that is accepted cannot be cancelled.',
    );
  });

  it('shows an error with Retry when the order cannot be read', async () => {
    await signIn();
    mockApi({
      [`GET ${commercePaths.order(orderId)}`]: () => ({
        status: 404,
        body: { status: 0, message: commerceMessages.orderNotFound },
      }),
    });
    renderWithProviders(<OrderDetailsPage title="Order details" />, {
      path: `/order-details/${orderId}`,
      pattern: '/order-details/:orderId',
    });
    expect(
      await screen.findByText(commerceMessages.orderNotFound, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
