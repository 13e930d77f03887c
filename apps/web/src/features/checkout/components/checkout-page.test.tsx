import {
  apiPaths,
  commercePaths,
  commerceMessages,
  phoneMessages,
  type Profile,
  FULFILMENT_LABELS,
  type CheckoutSelection,
  type PlaceCheckoutRequest,
} from '@localmart/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockHandler } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signOut } from '../../../test/session.ts';
import {
  address,
  cartAnswer,
  cartLine,
  cartStore,
  checkoutId,
  checkoutView,
  quoteFor,
  signIn,
  storeA,
  storeB,
  storeBFixture,
} from '../test/fixtures.ts';
import { ADD_ADDRESS_PATH } from './store-checkout-card.tsx';
import { APPLY_LABEL, COUPON_LABEL } from './coupon-field.tsx';
import { EMPTY_CART_TITLE, PLACE_ORDER_LABEL } from './checkout-page.tsx';
import { CONTACT_PHONE_LABEL } from './contact-phone-field.tsx';
import { HOLD_LABEL } from './checkout-totals.tsx';
import { PaymentRoutePage } from './payment-route-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});
vi.mock('../../../components/ui/toasts/toasts.ts', () => import('../../../test/toasts-mock.ts'));

afterEach(async () => {
  // Unmount first: the page writes its choices to sessionStorage while mounted.
  cleanup();
  await signOut();
  window.sessionStorage.clear();
});

const twoStores = cartAnswer(
  [cartStore(), storeBFixture()],
  [
    cartLine(),
    cartLine({
      id: '1a000000-0000-4000-8000-000000000002',
      businessId: storeB,
      title: 'Sourdough',
    }),
  ],
);

const quote: MockHandler = (call) => ({
  body: { status: 1, result: quoteFor(call.body as CheckoutSelection) },
});

function setup(routes: Record<string, MockHandler> = {}, path = '/payumoney') {
  const api = mockApi({
    [`GET ${commercePaths.cart}`]: () => twoStores,
    [`GET ${commercePaths.addresses}`]: () => ({ body: { status: 1, results: [] } }),
    [`POST ${commercePaths.checkoutQuote}`]: quote,
    [`GET ${commercePaths.unpaidCheckout}`]: () => ({ body: { status: 1, result: null } }),
    ...routes,
  });
  renderWithProviders(<PaymentRoutePage title="Payment" />, {
    path,
    pattern: '/payumoney',
  });
  return { api };
}

/** GET profile, for the phone checkout offers to the stores (issue 15). */
const shopperProfile: Profile = {
  _id: '6f1c0c1e-0000-4000-8000-000000000001',
  first_name: 'Ada',
  last_name: 'Lovelace',
  display_name: 'Ada Lovelace',
  email: 'ada@example.com',
  picture: null,
  phone: '+14165550123',
  email_verified: true,
  has_password: true,
  google_linked: false,
  created_at: '2024-03-15T10:00:00.000Z',
};

function storeCard(name: string) {
  return screen.getByRole('region', { name });
}

function lastQuote(api: ReturnType<typeof mockApi>): CheckoutSelection {
  const calls = api.callsTo('POST', commercePaths.checkoutQuote);
  return calls[calls.length - 1]?.body as CheckoutSelection;
}

function location() {
  return screen.getByTestId('location').textContent;
}

describe('checkout page (payumoney)', { timeout: 20_000 }, () => {
  it('sends an anonymous shopper to sign in, asking nothing', () => {
    const { api } = setup();
    expect(location()).toBe('/login?return_url=payumoney');
    expect(api.calls).toHaveLength(0);
  });

  it('offers each store only the methods it has, the first preselected, and quotes the choice', async () => {
    await signIn();
    const { api } = setup();
    const a = await screen.findByRole('region', { name: 'Queen Street Market' }, { timeout: 5000 });
    const radiosA = within(a).getAllByRole('radio');
    expect(radiosA.map((r) => r.getAttribute('value'))).toEqual([
      'reserve_pickup',
      'buy_online_pickup',
    ]);
    expect(
      within(a).getByRole('radio', { name: new RegExp(FULFILMENT_LABELS.reserve_pickup) }),
    ).toBeChecked();
    expect(within(a).getByText('Ready in 2 hours')).toBeInTheDocument();
    const b = storeCard('Danforth Grocer');
    expect(within(b).getAllByRole('radio')).toHaveLength(3);

    await userEvent.click(
      within(b).getByRole('radio', { name: new RegExp(FULFILMENT_LABELS.buy_online_pickup) }),
    );
    await waitFor(() =>
      expect(lastQuote(api).stores).toEqual([
        { businessId: storeA, fulfilment: 'reserve_pickup', addressId: null, note: '' },
        { businessId: storeB, fulfilment: 'buy_online_pickup', addressId: null, note: '' },
      ]),
    );
    expect(await screen.findByText(HOLD_LABEL)).toBeInTheDocument();
    expect(screen.getAllByText('Tax (13%)').length).toBeGreaterThan(0);
  });

  it('preselects reserve for pickup for the store named by ?reserve, over an earlier choice', async () => {
    await signIn();
    window.sessionStorage.setItem(
      'localmart.checkout.choices',
      JSON.stringify({
        [storeB]: { fulfilment: 'buy_online_pickup', addressId: null, note: 'hi' },
      }),
    );
    setup({}, `/payumoney?reserve=${storeB}`);
    const b = await screen.findByRole('region', { name: 'Danforth Grocer' }, { timeout: 5000 });
    expect(
      within(b).getByRole('radio', { name: new RegExp(FULFILMENT_LABELS.reserve_pickup) }),
    ).toBeChecked();
    expect(within(b).getByRole('textbox', { name: /Note for/ })).toHaveValue('hi');
  });

  it('asks for an address for same-day delivery and will not place the order without one', async () => {
    await signIn();
    setup();
    const b = await screen.findByRole('region', { name: 'Danforth Grocer' }, { timeout: 5000 });
    await userEvent.click(
      within(b).getByRole('radio', { name: new RegExp(FULFILMENT_LABELS.same_day_delivery) }),
    );
    // A prompt, not an error: nothing has gone wrong yet.
    expect(within(b).getByText(commerceMessages.deliveryAddressRequired)).toBeInTheDocument();
    expect(within(b).queryByRole('alert')).toBeNull();
    expect(within(b).getByRole('link', { name: 'Add a new address' })).toHaveAttribute(
      'href',
      ADD_ADDRESS_PATH,
    );
    expect(within(b).getByText(/Delivery fee \$4\.99/)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.getByRole('button', { name: PLACE_ORDER_LABEL })).toBeDisabled();
  });

  it('delivers to the address just added on add-address', async () => {
    await signIn();
    const added = address({ id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b09', isDefault: false });
    const { api } = setup(
      {
        [`GET ${commercePaths.addresses}`]: () => ({
          body: { status: 1, results: [address(), added] },
        }),
      },
      `/payumoney?address=${added.id}`,
    );
    const b = await screen.findByRole('region', { name: 'Danforth Grocer' }, { timeout: 5000 });
    await userEvent.click(
      within(b).getByRole('radio', { name: new RegExp(FULFILMENT_LABELS.same_day_delivery) }),
    );
    await waitFor(() => expect(lastQuote(api).stores[1]?.addressId).toBe(added.id));
  });

  it('applies a coupon and shows why it does not apply', async () => {
    await signIn();
    const reason = commerceMessages.couponBelowMinimum('$50.00');
    const { api } = setup({
      [`POST ${commercePaths.checkoutQuote}`]: (call) => {
        const selection = call.body as CheckoutSelection;
        const coupon = selection.couponCode
          ? { code: selection.couponCode, applied: false, reason, businessId: null, discount: null }
          : null;
        return { body: { status: 1, result: quoteFor(selection, { coupon }) } };
      },
    });
    await screen.findByRole('region', { name: 'Queen Street Market' }, { timeout: 5000 });
    await userEvent.type(screen.getByRole('textbox', { name: COUPON_LABEL }), 'SAVE10');
    await userEvent.click(screen.getByRole('button', { name: APPLY_LABEL }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(lastQuote(api).couponCode).toBe('SAVE10');
  });

  it('places the order once per key: a retry after a network error sends the same key', async () => {
    await signIn();
    let attempts = 0;
    const { api } = setup({
      [`POST ${commercePaths.checkouts}`]: () =>
        ++attempts === 1
          ? new Error('offline')
          : { status: 201, body: { status: 1, message: 'Order placed', result: checkoutView() } },
      [`GET ${commercePaths.checkout(checkoutId)}`]: () => ({
        body: { status: 1, result: checkoutView() },
      }),
    });
    const place = () => screen.getByRole('button', { name: PLACE_ORDER_LABEL });
    await screen.findByRole('region', { name: 'Queen Street Market' }, { timeout: 5000 });
    await waitFor(() => expect(place()).toBeEnabled(), { timeout: 3000 });
    await userEvent.click(place());
    expect(await screen.findByText(/could not reach the server/)).toBeInTheDocument();
    await waitFor(() => expect(place()).toBeEnabled());
    await userEvent.click(place());
    await waitFor(() => expect(location()).toBe(`/checkout/${checkoutId}`));
    const bodies = api
      .callsTo('POST', commercePaths.checkouts)
      .map((call) => call.body as PlaceCheckoutRequest);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]?.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(bodies[1]?.idempotencyKey).toBe(bodies[0]?.idempotencyKey);
    expect(bodies[1]?.stores).toHaveLength(2);
    // Placed: the next visit is a new checkout with a new key.
    expect(window.sessionStorage.getItem('localmart.checkout.idempotencyKey')).toBeNull();
  });

  it("offers the profile's phone to the stores, and sends a changed one once it is a number", async () => {
    await signIn();
    const { api } = setup({
      [`GET ${apiPaths.profile}`]: () => ({
        body: { status: 1, result: shopperProfile },
      }),
      [`POST ${commercePaths.checkouts}`]: () => ({
        status: 201,
        body: { status: 1, message: 'Order placed', result: checkoutView() },
      }),
      [`GET ${commercePaths.checkout(checkoutId)}`]: () => ({
        body: { status: 1, result: checkoutView() },
      }),
    });
    const phone = await screen.findByLabelText(CONTACT_PHONE_LABEL, undefined, { timeout: 5000 });
    await waitFor(() => expect(phone).toHaveValue('+1 416 555 0123'));
    const place = () => screen.getByRole('button', { name: PLACE_ORDER_LABEL });
    await userEvent.clear(phone);
    await userEvent.type(phone, '12');
    await waitFor(() => expect(place()).toBeEnabled(), { timeout: 3000 });
    await userEvent.click(place());
    expect(await screen.findByText(phoneMessages.invalid)).toBeInTheDocument();
    expect(api.callsTo('POST', commercePaths.checkouts)).toHaveLength(0);
    await userEvent.clear(phone);
    await userEvent.type(phone, '647 555 0199');
    await userEvent.click(place());
    await waitFor(() => expect(location()).toBe(`/checkout/${checkoutId}`));
    const [body] = api.callsTo('POST', commercePaths.checkouts).map((call) => call.body);
    expect((body as PlaceCheckoutRequest).contactPhone).toBe('647 555 0199');
  });

  it('shows the empty state for an empty cart', async () => {
    await signIn();
    setup({ [`GET ${commercePaths.cart}`]: () => cartAnswer([], []) });
    expect(
      await screen.findByRole('region', { name: EMPTY_CART_TITLE }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('shows a failed cart with Retry', async () => {
    await signIn();
    let calls = 0;
    setup({
      [`GET ${commercePaths.cart}`]: () =>
        ++calls === 1 ? { status: 500, body: { status: 0, message: 'Boom' } } : twoStores,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }, { timeout: 5000 }));
    expect(await screen.findByRole('region', { name: 'Queen Street Market' })).toBeInTheDocument();
  });
});
