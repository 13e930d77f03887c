import { commercePaths, commerceMessages, type CheckoutView } from '@localmart/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signOut } from '../../../test/session.ts';
import { checkoutId, checkoutView, signIn } from '../test/fixtures.ts';
import { BACK_TO_CART_LABEL, VIEW_ORDER_LABEL } from './payment-page.tsx';
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
  it('lists the orders and payments and hands the next payment to the provider as a form post', async () => {
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
    expect(screen.getByText('Pay $16.29 now')).toBeInTheDocument();
    const pay = screen.getByRole('button', {
      name: 'Authorise $11.30 hold (charged at pickup)',
    });
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
    expect(screen.queryByRole('button', { name: /Authorise/ })).toBeNull();
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
