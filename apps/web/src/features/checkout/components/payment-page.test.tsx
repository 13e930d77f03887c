import { commercePaths, commerceMessages, type CheckoutView } from '@localmart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signOut } from '../../../test/session.ts';
import { checkoutId, checkoutView, signIn } from '../test/fixtures.ts';
import { BACK_TO_CART_LABEL, PAYMENT_PLAN_HEADING, VIEW_ORDER_LABEL } from './payment-page.tsx';
import { PaymentRoutePage } from './payment-route-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

afterEach(async () => {
  await signOut();
  vi.restoreAllMocks();
  document.querySelectorAll('form').forEach((form) => form.remove());
});

const hostedForm = {
  action: 'http://localhost:3000/payu-sim/_payment',
  method: 'POST',
  fields: {
    key: 'C0Dr8m',
    txnid: 'LM-1001-1',
    amount: '11.30',
    productinfo: 'Localmart order LM-1001',
    firstname: 'Ada',
    email: 'ada@example.com',
    pre_authorize: '1',
    surl: 'http://localhost:3000/api/v1/payments/payu/return',
    furl: 'http://localhost:3000/api/v1/payments/payu/return',
    hash: 'abc123',
  },
};

function setup(view: CheckoutView) {
  const api = mockApi({
    [`GET ${commercePaths.checkout(checkoutId)}`]: () => ({ body: { status: 1, result: view } }),
    [`POST ${commercePaths.checkoutPay(checkoutId)}`]: () => ({
      body: { status: 1, result: hostedForm },
    }),
  });
  renderWithProviders(<PaymentRoutePage title="Payment" />, {
    path: `/checkout/${checkoutId}`,
    pattern: '/checkout/:id',
  });
  return { api };
}

describe('payment page (checkout/{id})', { timeout: 20_000 }, () => {
  it('lists each order with its own money, explains the one payment and hands it to the provider as a form post', async () => {
    await signIn();
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
      this: HTMLFormElement,
    ) {
      submitted.push(this);
    });
    const { api } = setup(checkoutView());
    expect(
      await screen.findByText('Queen Street Market · LM-1001', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    const orders = within(screen.getByRole('region', { name: 'Your orders' }));
    const [reserve, delivery] = orders.getAllByRole('listitem');
    expect(within(reserve as HTMLElement).getByText('Not paid yet · $11.30')).toBeInTheDocument();
    expect(within(delivery as HTMLElement).getByText('Not paid yet · $16.29')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: PAYMENT_PLAN_HEADING })).getByText(
        '$27.59 is held on your card once. Queen Street Market charges its $11.30 when you pick up; ' +
          'Danforth Grocer charges its $16.29 now. Anything cancelled is released.',
      ),
    ).toBeInTheDocument();
    // One card entry: a single Pay button for the whole checkout, no second hold step.
    expect(screen.getAllByRole('button', { name: /^Pay .*$/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Authorise/ })).toBeNull();
    const pay = screen.getByRole('button', { name: 'Pay $27.59' });
    await userEvent.click(pay);
    await waitFor(() => expect(submitted).toHaveLength(1));
    const form = submitted[0] as HTMLFormElement;
    expect(form.isConnected).toBe(true);
    expect(form.method).toBe('post');
    expect(form.action).toBe(hostedForm.action);
    const sent = Object.fromEntries(
      [...form.querySelectorAll('input')].map((input) => [input.name, input.value]),
    );
    expect(sent).toEqual(hostedForm.fields);
    expect([...form.querySelectorAll('input')].every((input) => input.type === 'hidden')).toBe(
      true,
    );
    expect(api.callsTo('POST', commercePaths.checkoutPay(checkoutId))).toHaveLength(1);
  });

  it('links a paid checkout to its success page', async () => {
    await signIn();
    setup(checkoutView({ state: 'paid', nextPaymentId: null }));
    expect(
      await screen.findByRole('link', { name: VIEW_ORDER_LABEL }, { timeout: 5000 }),
    ).toHaveAttribute('href', `/order/${checkoutId}`);
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    expect(screen.queryByRole('region', { name: PAYMENT_PLAN_HEADING })).toBeNull();
  });

  it('says a failed payment failed and leads back to the cart', async () => {
    await signIn();
    setup(checkoutView({ state: 'failed', nextPaymentId: null }));
    expect(
      await screen.findByText(commerceMessages.paymentFailed, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: BACK_TO_CART_LABEL })).toHaveAttribute('href', '/cart');
  });

  it('says a pending payment is waiting for the bank', async () => {
    await signIn();
    setup(checkoutView({ state: 'pending', nextPaymentId: null }));
    expect(
      await screen.findByText(commerceMessages.paymentPending, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
