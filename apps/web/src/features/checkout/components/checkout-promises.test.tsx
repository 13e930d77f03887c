import {
  commercePaths,
  commerceMessages,
  FULFILMENT_HINTS,
  FULFILMENT_LABELS,
  type CheckoutSelection,
} from '@localmart/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockHandler } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signOut } from '../../../test/session.ts';
import {
  cartAnswer,
  cartLine,
  cartStore,
  quoteFor,
  signIn,
  storeB,
  storeBFixture,
} from '../test/fixtures.ts';
import { PLACE_ORDER_LABEL } from './checkout-page.tsx';
import { PaymentRoutePage } from './payment-route-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});
vi.mock('../../../components/ui/toasts/toasts.ts', () => import('../../../test/toasts-mock.ts'));

afterEach(async () => {
  cleanup();
  await signOut();
  window.sessionStorage.clear();
});

const sourdough = cartLine({
  id: '1a000000-0000-4000-8000-000000000002',
  businessId: storeB,
  title: 'Sourdough',
});

/** The server's quote: delivery without an address is priced without a fee and not placeable. */
const serverQuote: MockHandler = (call) => {
  const selection = call.body as CheckoutSelection;
  const quote = quoteFor(selection);
  const stores = quote.stores.map((store, index) => {
    const chosen = selection.stores[index]!;
    if (store.fulfilment !== 'same_day_delivery' || chosen.addressId) return store;
    return {
      ...store,
      deliveryFee: { amount: 0, currency: 'CAD' },
      total: { amount: 1130, currency: 'CAD' },
      deliveryDistanceKm: null,
      problems: [commerceMessages.deliveryAddressRequired],
    };
  });
  return { body: { status: 1, result: { ...quote, stores, canPlace: false } } };
};

function setup(cart: ReturnType<typeof cartAnswer>) {
  const api = mockApi({
    [`GET ${commercePaths.cart}`]: () => cart,
    [`GET ${commercePaths.addresses}`]: () => ({ body: { status: 1, results: [] } }),
    [`POST ${commercePaths.checkoutQuote}`]: serverQuote,
  });
  renderWithProviders(<PaymentRoutePage title="Payment" />, {
    path: '/payumoney',
    pattern: '/payumoney',
  });
  return { api };
}

function lastQuote(api: ReturnType<typeof mockApi>): CheckoutSelection | undefined {
  const calls = api.callsTo('POST', commercePaths.checkoutQuote);
  return calls[calls.length - 1]?.body as CheckoutSelection | undefined;
}

describe('checkout promises (issue 12, defect 9)', { timeout: 20_000 }, () => {
  it('shows a neutral "Choose a delivery address" and no $0.00 fee before an address is chosen', async () => {
    await signIn();
    const { api } = setup(cartAnswer([storeBFixture()], [sourdough]));
    const card = await screen.findByRole('region', { name: 'Danforth Grocer' }, { timeout: 5000 });
    await userEvent.click(
      within(card).getByRole('radio', { name: new RegExp(FULFILMENT_LABELS.same_day_delivery) }),
    );
    await waitFor(() => expect(lastQuote(api)?.stores[0]?.fulfilment).toBe('same_day_delivery'));
    const totals = await within(card).findByLabelText(
      'Danforth Grocer totals',
      {},
      { timeout: 3000 },
    );
    await waitFor(() => expect(within(totals).getByText('$11.30')).toBeInTheDocument());

    const prompt = within(card).getByText(commerceMessages.deliveryAddressRequired);
    expect(prompt).not.toHaveAttribute('role', 'alert');
    expect(prompt).not.toHaveClass('lm-checkout-problem');
    expect(within(card).queryByRole('alert')).toBeNull();
    expect(within(totals).queryByText('Delivery fee')).toBeNull();
    expect(within(card).queryByText('$0.00')).toBeNull();
    expect(screen.getByRole('button', { name: PLACE_ORDER_LABEL })).toBeDisabled();
  });

  it('says why a store closed for the day cannot deliver, and when its pickup order is ready', async () => {
    await signIn();
    // The shopper chose delivery earlier today; the store has since closed for the day.
    window.sessionStorage.setItem(
      'localmart.checkout.choices',
      JSON.stringify({ [storeB]: { fulfilment: 'same_day_delivery', addressId: null, note: '' } }),
    );
    const reason = commerceMessages.deliveryClosedToday('Danforth Grocer');
    const closed = cartStore({
      ...storeBFixture(),
      pickupPromise: 'Ready tomorrow from 10:00',
      deliveryUnavailable: reason,
    });
    const { api } = setup(cartAnswer([closed], [sourdough]));
    const card = await screen.findByRole('region', { name: 'Danforth Grocer' }, { timeout: 5000 });

    const delivery = within(card).getByRole('radio', {
      name: new RegExp(FULFILMENT_LABELS.same_day_delivery),
    });
    expect(delivery).toBeDisabled();
    expect(delivery).not.toBeChecked();
    expect(delivery).toHaveAccessibleDescription(reason);
    expect(within(card).queryByText(FULFILMENT_HINTS.same_day_delivery)).toBeNull();
    expect(
      within(card).getByRole('radio', { name: new RegExp(FULFILMENT_LABELS.reserve_pickup) }),
    ).toBeChecked();
    expect(within(card).getByText('Ready tomorrow from 10:00')).toBeInTheDocument();
    await waitFor(() => expect(lastQuote(api)?.stores[0]?.fulfilment).toBe('reserve_pickup'));
    expect(within(card).queryByRole('alert')).toBeNull();
  });
});
