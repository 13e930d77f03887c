import {
  commerceMessages,
  commercePaths,
  type CheckoutSelection,
  type CheckoutView,
} from '@localmart/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockAnswer, type MockHandler } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signOut } from '../../../test/session.ts';
import {
  cartAnswer,
  cartLine,
  cartStore,
  checkoutId,
  checkoutView,
  quoteFor,
  signIn,
} from '../test/fixtures.ts';
import { PaymentRoutePage } from './payment-route-page.tsx';
import {
  RELEASE_LABEL,
  RESUME_PAYMENT_LABEL,
  UNPAID_EXPLANATION,
  UNPAID_HEADING,
} from './unpaid-checkout-banner.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

afterEach(async () => {
  cleanup();
  await signOut();
  window.sessionStorage.clear();
});

const unpaidRoute = `GET ${commercePaths.unpaidCheckout}`;
const releaseRoute = `POST ${commercePaths.checkoutRelease(checkoutId)}`;
const cartRoute = `GET ${commercePaths.cart}`;
const quoteRoute = `POST ${commercePaths.checkoutQuote}`;

/** payumoney with one line in the cart and, until released, the unpaid checkout of the fixtures. */
function setup(release: MockHandler, unpaid: () => CheckoutView | null) {
  const api = mockApi({
    [cartRoute]: () => cartAnswer([cartStore()], [cartLine()]),
    [`GET ${commercePaths.addresses}`]: () => ({ body: { status: 1, results: [] } }),
    [quoteRoute]: (call) => ({
      body: { status: 1, result: quoteFor(call.body as CheckoutSelection) },
    }),
    [unpaidRoute]: () => ({ body: { status: 1, result: unpaid() } }),
    [releaseRoute]: release,
  });
  renderWithProviders(<PaymentRoutePage title="Payment" />, {
    path: '/payumoney',
    pattern: '/payumoney',
  });
  return { api };
}

async function findBanner() {
  return screen.findByRole('region', { name: UNPAID_HEADING }, { timeout: 5000 });
}

describe('unpaid checkout banner (payumoney)', { timeout: 20_000 }, () => {
  it('names the orders waiting for payment and resumes on the checkout’s payment page', async () => {
    await signIn();
    setup(
      () => ({ body: { status: 1 } }),
      () => checkoutView(),
    );
    const banner = await findBanner();
    expect(within(banner).getByText(UNPAID_EXPLANATION)).toBeInTheDocument();
    const orders = within(banner).getAllByRole('listitem');
    expect(orders.map((order) => order.textContent)).toEqual([
      'LM-1001 · Queen Street Market$11.30',
      'LM-1002 · Danforth Grocer$16.29',
    ]);
    expect(within(banner).getByRole('link', { name: RESUME_PAYMENT_LABEL })).toHaveAttribute(
      'href',
      `/checkout/${checkoutId}`,
    );
    // It sits above the checkout of the cart, which still works below it.
    expect(
      await screen.findByRole('region', { name: 'Queen Street Market' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('releases once on a double click, says so, and reads the cart, the quote and the banner again', async () => {
    await signIn();
    let answer: (value: MockAnswer) => void = () => undefined;
    let released = false;
    const { api } = setup(
      () =>
        new Promise<MockAnswer>((resolve) => {
          answer = resolve;
        }),
      () => (released ? null : checkoutView()),
    );
    const banner = await findBanner();
    await screen.findByRole('region', { name: 'Queen Street Market' }, { timeout: 5000 });
    await waitFor(() => expect(api.callsTo('POST', commercePaths.checkoutQuote)).toHaveLength(1), {
      timeout: 5000,
    });
    const cartReads = api.callsTo('GET', commercePaths.cart).length;
    const release = within(banner).getByRole('button', { name: RELEASE_LABEL });

    // Two clicks in one tick, before React can render the button disabled, then more once it is.
    fireEvent.click(release);
    fireEvent.click(release);
    await waitFor(() => expect(release).toBeDisabled());
    await userEvent.dblClick(release);
    expect(api.callsTo('POST', commercePaths.checkoutRelease(checkoutId))).toHaveLength(1);

    released = true;
    answer({ body: { status: 1, message: commerceMessages.checkoutReleased } });
    expect(await screen.findByText(commerceMessages.checkoutReleased)).toHaveAttribute(
      'role',
      'status',
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: UNPAID_HEADING })).toBeNull());
    expect(api.callsTo('GET', commercePaths.unpaidCheckout).length).toBeGreaterThanOrEqual(2);
    expect(api.callsTo('GET', commercePaths.cart).length).toBeGreaterThan(cartReads);
    await waitFor(() =>
      expect(api.callsTo('POST', commercePaths.checkoutQuote).length).toBeGreaterThanOrEqual(2),
    );
    expect(api.callsTo('POST', commercePaths.checkoutRelease(checkoutId))).toHaveLength(1);
  });

  it('shows the refusal of a checkout already paid or released, and lets the shopper try again', async () => {
    await signIn();
    const { api } = setup(
      () => ({ status: 409, body: { status: 0, message: commerceMessages.checkoutCannotRelease } }),
      () => checkoutView(),
    );
    const banner = await findBanner();
    await userEvent.click(within(banner).getByRole('button', { name: RELEASE_LABEL }));
    expect(await within(banner).findByRole('alert')).toHaveTextContent(
      commerceMessages.checkoutCannotRelease,
    );
    expect(screen.queryByText(commerceMessages.checkoutReleased)).toBeNull();
    await waitFor(() =>
      expect(within(banner).getByRole('button', { name: RELEASE_LABEL })).toBeEnabled(),
    );
    expect(api.callsTo('POST', commercePaths.checkoutRelease(checkoutId))).toHaveLength(1);
  });

  it('shows nothing when no checkout is waiting for payment', async () => {
    await signIn();
    const { api } = setup(
      () => ({ body: { status: 1 } }),
      () => null,
    );
    await screen.findByRole('region', { name: 'Queen Street Market' }, { timeout: 5000 });
    await waitFor(() => expect(api.callsTo('GET', commercePaths.unpaidCheckout)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: UNPAID_HEADING })).toBeNull();
  });
});
