import {
  adminMessages,
  type AdminPaymentAction,
  formatPrice,
  managePaths,
  PAYMENT_ACTION_LABELS,
} from '@localmart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { sitePaths } from '../../lib/site-paths.ts';
import { AdminPaymentsPage } from './admin-payments-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const opts = { timeout: 5000 };
const businessId = '0b000000-0000-4000-8000-0000000000b1';

const action = (overrides: Partial<AdminPaymentAction> = {}): AdminPaymentAction => ({
  id: '0c000000-0000-4000-8000-0000000000c1',
  orderId: '0d000000-0000-4000-8000-0000000000d1',
  orderNumber: 'LM-1042',
  businessId,
  storeName: 'Corner Grocer',
  action: 'void',
  status: 'failed',
  amount: { amount: 2599, currency: 'CAD' },
  attempts: 6,
  lastError: 'card_declined: hold not found',
  nextAttemptAt: null,
  createdAt: '2026-11-20T15:00:00.000Z',
  ...overrides,
});

const given = action();
const waiting = action({
  id: '0c000000-0000-4000-8000-0000000000c2',
  orderId: '0d000000-0000-4000-8000-0000000000d2',
  orderNumber: 'LM-1043',
  storeName: 'Bay Bakery',
  action: 'refund',
  status: 'pending',
  amount: { amount: 1250, currency: 'CAD' },
  attempts: 2,
  lastError: 'provider timeout',
  nextAttemptAt: '2026-11-21T10:30:00.000Z',
});

const list = (results: AdminPaymentAction[]) => ({ body: { status: 1, results } });

function rowOf(orderNumber: string): HTMLElement {
  const row = screen.getByRole('link', { name: `Order ${orderNumber}` }).closest('tr');
  if (!row) throw new Error(`no row for ${orderNumber}`);
  return row;
}

describe('admin payment calls', { timeout: 20_000 }, () => {
  it('lists each call with its order, store, what, amount, status, attempts and last error', async () => {
    mockApi({ [`GET ${managePaths.adminPaymentActions}`]: () => list([given, waiting]) });
    renderWithProviders(<AdminPaymentsPage />, { path: sitePaths.adminPayments });

    expect(await screen.findByRole('heading', { name: 'Payments' }, opts)).toBeVisible();
    const link = await screen.findByRole('link', { name: 'Order LM-1042' }, opts);
    expect(link).toHaveAttribute('href', sitePaths.order(businessId, given.orderId));

    const failedRow = within(rowOf('LM-1042'));
    expect(failedRow.getByText('Corner Grocer')).toBeVisible();
    expect(failedRow.getByText(PAYMENT_ACTION_LABELS.void)).toBeVisible();
    expect(failedRow.getByText(formatPrice(given.amount))).toBeVisible();
    expect(failedRow.getByText('Given up')).toHaveClass('mys-badge-danger');
    expect(failedRow.getByRole('cell', { name: '6' })).toBeVisible();
    expect(failedRow.getByText('card_declined: hold not found')).toBeVisible();

    const pendingRow = within(rowOf('LM-1043'));
    expect(pendingRow.getByText('Bay Bakery')).toBeVisible();
    expect(pendingRow.getByText(PAYMENT_ACTION_LABELS.refund)).toBeVisible();
    expect(pendingRow.getByText(formatPrice(waiting.amount))).toBeVisible();
    expect(
      pendingRow.getByText(`Next try ${formatDateTime('2026-11-21T10:30:00.000Z')}`),
    ).toBeVisible();
    expect(pendingRow.queryByText('Given up')).toBeNull();
    expect(pendingRow.getByRole('cell', { name: '2' })).toBeVisible();
    expect(pendingRow.getByText('provider timeout')).toBeVisible();

    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Payments' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Pages' })).toHaveAttribute(
      'href',
      sitePaths.adminPages,
    );
  });

  it('retries a call now, says it went through beside its row and reads the list again', async () => {
    let gone = false;
    const api = mockApi({
      [`GET ${managePaths.adminPaymentActions}`]: () => list(gone ? [waiting] : [given, waiting]),
      [`POST ${managePaths.adminPaymentActionRetry(given.id)}`]: () => {
        gone = true;
        return {
          body: { status: 1, message: adminMessages.paymentActionDone, result: { done: true } },
        };
      },
    });
    renderWithProviders(<AdminPaymentsPage />, { path: sitePaths.adminPayments });

    await screen.findByRole('link', { name: 'Order LM-1042' }, opts);
    await userEvent.click(within(rowOf('LM-1042')).getByRole('button', { name: /^Retry now/ }));

    const row = within(rowOf('LM-1042'));
    expect(await row.findByRole('status', {}, opts)).toHaveTextContent(
      adminMessages.paymentActionDone,
    );
    expect(api.callsTo('POST', managePaths.adminPaymentActionRetry(given.id))).toHaveLength(1);
    expect(api.callsTo('POST', managePaths.adminPaymentActionRetry(given.id))[0]?.body).toEqual({});
    await vi.waitFor(
      () => expect(api.callsTo('GET', managePaths.adminPaymentActions)).toHaveLength(2),
      opts,
    );
    // The server no longer lists it; the row stays with its answer, and cannot be retried again.
    expect(row.getByText('Went through')).toBeVisible();
    expect(row.getByRole('button', { name: /^Retry now/ })).toBeDisabled();
    expect(within(rowOf('LM-1043')).getByRole('button', { name: /^Retry now/ })).toBeEnabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the refusal as an alert when the provider says no again', async () => {
    const refusal = adminMessages.paymentActionStillFailing('card_declined');
    let retried = false;
    const api = mockApi({
      [`GET ${managePaths.adminPaymentActions}`]: () =>
        list(
          retried
            ? [action({ status: 'pending', attempts: 7, nextAttemptAt: waiting.nextAttemptAt })]
            : [given],
        ),
      [`POST ${managePaths.adminPaymentActionRetry(given.id)}`]: () => {
        retried = true;
        return { body: { status: 1, message: refusal, result: { done: false } } };
      },
    });
    renderWithProviders(<AdminPaymentsPage />, { path: sitePaths.adminPayments });

    await screen.findByRole('link', { name: 'Order LM-1042' }, opts);
    await userEvent.click(screen.getByRole('button', { name: /^Retry now/ }));

    expect(await screen.findByRole('alert', {}, opts)).toHaveTextContent(refusal);
    // The list read again shows the row waiting for its next automatic try.
    const row = within(rowOf('LM-1042'));
    expect(
      await row.findByText(`Next try ${formatDateTime(waiting.nextAttemptAt ?? '')}`, {}, opts),
    ).toBeVisible();
    expect(row.getByRole('cell', { name: '7' })).toBeVisible();
    expect(row.queryByRole('status')).toBeNull();
    expect(row.getByRole('button', { name: /^Retry now/ })).toBeEnabled();
    expect(api.callsTo('GET', managePaths.adminPaymentActions)).toHaveLength(2);
  });

  it("shows the server's refusal of the retry itself as an alert", async () => {
    mockApi({
      [`GET ${managePaths.adminPaymentActions}`]: () => list([given]),
      [`POST ${managePaths.adminPaymentActionRetry(given.id)}`]: () => ({
        status: 409,
        body: { status: 0, message: adminMessages.paymentActionAlreadyDone },
      }),
    });
    renderWithProviders(<AdminPaymentsPage />, { path: sitePaths.adminPayments });

    await screen.findByRole('link', { name: 'Order LM-1042' }, opts);
    await userEvent.click(screen.getByRole('button', { name: /^Retry now/ }));

    expect(await screen.findByRole('alert', {}, opts)).toHaveTextContent(
      adminMessages.paymentActionAlreadyDone,
    );
    expect(screen.queryByText('Went through')).toBeNull();
  });

  it('says when no call needs attention', async () => {
    mockApi({ [`GET ${managePaths.adminPaymentActions}`]: () => list([]) });
    renderWithProviders(<AdminPaymentsPage />, { path: sitePaths.adminPayments });

    expect(
      await screen.findByText('No payment calls need attention.', undefined, opts),
    ).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers to try again when the list cannot be read', async () => {
    let fails = true;
    mockApi({
      [`GET ${managePaths.adminPaymentActions}`]: () =>
        fails ? { status: 500, body: { status: 0, message: 'Server trouble.' } } : list([given]),
    });
    renderWithProviders(<AdminPaymentsPage />, { path: sitePaths.adminPayments });

    expect(await screen.findByRole('alert', {}, opts)).toHaveTextContent('Server trouble.');
    fails = false;
    await userEvent.click(screen.getByText('Try again'));
    expect(await screen.findByRole('link', { name: 'Order LM-1042' }, opts)).toBeVisible();
  });
});
