import { commerceMessages, commercePaths } from '@localmart/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showError } from '../../../components/ui/toasts/toasts.ts';
import { sharedState } from '../../../lib/shared-state.ts';
import { mockApi } from '../../../test/api-mock.ts';
import { cartAnswer, cartLine, STORE_A, STORE_B } from '../../../test/cart-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signIn, signOut } from '../../../test/session.ts';
import { CART_NOT_UPDATED } from '../api/use-cart-mutation.ts';
import { BROWSE_STORES_LABEL, CartPage } from './cart-page.tsx';
import { PRICE_MATCHED_LABEL } from './cart-line-item.tsx';
import { CHECKOUT_LABEL } from './cart-summary.tsx';
import { CLEAR_CART_LABEL, CLEAR_CONFIRM_LABEL } from './clear-cart-button.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});
// Role queries over Ionic's page DOM are slow in jsdom, and the machine running the suite is shared.
vi.setConfig({ testTimeout: 15_000 });
configure({ asyncUtilTimeout: 5_000 });
vi.mock('../../../components/ui/toasts/toasts.ts', () => import('../../../test/toasts-mock.ts'));

const stores = [
  { id: STORE_A, name: 'Corner Market' },
  { id: STORE_B, name: 'Napoli Slice' },
];
const milk = cartLine({ title: 'Organic milk 1 L', quantity: 2, maxQuantity: 3 });
const bread = cartLine({
  title: 'Sourdough loaf',
  unitPrice: { amount: 399, currency: 'CAD' },
  regularUnitPrice: { amount: 549, currency: 'CAD' },
  lineTotal: { amount: 399, currency: 'CAD' },
  priceMatched: true,
  notices: [
    {
      code: 'price_changed',
      message: commerceMessages.priceChanged('$5.49', '$3.99'),
      blocking: false,
    },
  ],
});
const pizza = cartLine({
  kind: 'menu_item',
  businessId: STORE_B,
  productId: null,
  menuId: '00000000-0000-4000-8000-0000000000f1',
  title: 'Margherita',
  subtitle: 'Pizza menu',
  maxQuantity: 20,
  options: [
    {
      groupId: 'g1',
      groupName: 'Size',
      optionId: 'o1',
      name: '16"',
      priceDelta: { amount: 800, currency: 'CAD' },
    },
  ],
  note: 'Well done',
  stock: null,
});

function renderCart() {
  return renderWithProviders(<CartPage />, { path: '/cart' });
}

beforeEach(async () => {
  sharedState.setCartRecords(0);
  vi.mocked(showError).mockClear();
  await signIn();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await signOut();
});

describe('CartPage', () => {
  it('groups lines by store with options, notes, notices, prices and subtotals', async () => {
    mockApi({
      [`GET ${commercePaths.cart}`]: () => ({ body: cartAnswer([milk, bread, pizza], stores) }),
    });
    renderCart();
    expect(screen.getByRole('status', { busy: true })).toBeInTheDocument();
    const market = await screen.findByRole('region', { name: 'Corner Market' });
    const napoli = screen.getByRole('region', { name: 'Napoli Slice' });
    expect(within(market).getByRole('link', { name: 'Corner Market' })).toHaveAttribute(
      'href',
      `/business-details/${STORE_A}/products`,
    );
    expect(within(napoli).getByRole('link', { name: 'Napoli Slice' })).toHaveAttribute(
      'href',
      `/business-details/${STORE_B}/menu`,
    );
    expect(within(market).getByText('Usually ready in 2 h')).toBeInTheDocument();
    expect(within(market).getByRole('link', { name: 'Organic milk 1 L' })).toHaveAttribute(
      'href',
      `/details?id=${milk.productId ?? ''}`,
    );
    expect(within(napoli).getByRole('link', { name: 'Margherita' })).toHaveAttribute(
      'href',
      `/menu-details/${STORE_B}/${pizza.menuId ?? ''}?item=${pizza.itemId}`,
    );
    expect(within(napoli).getByText('Size: 16" (+$8.00)')).toBeInTheDocument();
    expect(within(napoli).getByText('Note: Well done')).toBeInTheDocument();
    // The sale/match price with the regular one struck, the tag, and the notice.
    const breadLine = within(market).getByRole('listitem', { name: 'Sourdough loaf' });
    expect(within(breadLine).getByText('$5.49').tagName).toBe('S');
    expect(within(breadLine).getByText(PRICE_MATCHED_LABEL)).toBeInTheDocument();
    expect(within(breadLine).getByText('Price changed from $5.49 to $3.99.')).toBeInTheDocument();
    expect(within(market).getByText('Store subtotal').nextSibling).toHaveTextContent('$13.97');
    expect(screen.getByRole('complementary', { name: 'Order summary' })).toHaveTextContent(
      /Subtotal \(4 items\)\$18\.96/,
    );
    expect(screen.getByRole('link', { name: CHECKOUT_LABEL })).toHaveAttribute(
      'href',
      '/payumoney',
    );
    // The badge counts the same units as "Subtotal (4 items)", not the 3 lines.
    expect(sharedState.get().cartRecords).toBe(4);
  });

  it('bounds the stepper by what the store can sell and sends each change', async () => {
    const api = mockApi({
      [`GET ${commercePaths.cart}`]: () => ({ body: cartAnswer([milk]) }),
      [`PATCH ${commercePaths.cartItem(milk.id)}`]: (call) => ({
        body: cartAnswer([{ ...milk, quantity: (call.body as { quantity: number }).quantity }]),
      }),
    });
    const user = userEvent.setup();
    renderCart();
    const stepper = await screen.findByRole('group', { name: 'Quantity of Organic milk 1 L' });
    expect(within(stepper).getByRole('button', { name: 'Decrease quantity' })).toBeEnabled();
    await user.click(within(stepper).getByRole('button', { name: 'Increase quantity' }));
    await waitFor(() => expect(stepper).toHaveTextContent('3'));
    expect(api.callsTo('PATCH', commercePaths.cartItem(milk.id))[0]?.body).toEqual({
      quantity: 3,
    });
    // 3 is all the store has: no more.
    expect(within(stepper).getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  });

  it('keeps a change when an older cart read answers after it', async () => {
    const roomy = { ...milk, maxQuantity: 10 };
    let reads = 0;
    let answerSlowRead: () => void = () => undefined;
    mockApi({
      [`GET ${commercePaths.cart}`]: () => {
        reads += 1;
        // The first read answers at once; the next one (a refresh) only after the change landed.
        if (reads === 1) return { body: cartAnswer([roomy]) };
        return new Promise((resolve) => {
          answerSlowRead = () => resolve({ body: cartAnswer([roomy]) });
        });
      },
      [`PATCH ${commercePaths.cartItem(milk.id)}`]: (call) => ({
        body: cartAnswer([{ ...roomy, quantity: (call.body as { quantity: number }).quantity }]),
      }),
    });
    const user = userEvent.setup();
    const { client } = renderCart();
    const stepper = await screen.findByRole('group', { name: 'Quantity of Organic milk 1 L' });
    void client.refetchQueries({ queryKey: ['cart'] });
    await waitFor(() => expect(reads).toBe(2));
    await user.click(within(stepper).getByRole('button', { name: 'Increase quantity' }));
    await waitFor(() => expect(stepper).toHaveTextContent('3'));
    answerSlowRead();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stepper).toHaveTextContent('3');
  });

  it('never goes below 1, and Remove takes the line out', async () => {
    const single = { ...milk, quantity: 1 };
    const api = mockApi({
      [`GET ${commercePaths.cart}`]: () => ({ body: cartAnswer([single, bread]) }),
      [`DELETE ${commercePaths.cartItem(single.id)}`]: () => ({ body: cartAnswer([bread]) }),
    });
    const user = userEvent.setup();
    renderCart();
    const stepper = await screen.findByRole('group', { name: 'Quantity of Organic milk 1 L' });
    expect(within(stepper).getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove Organic milk 1 L' }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Organic milk 1 L' })).not.toBeInTheDocument(),
    );
    expect(api.callsTo('DELETE', commercePaths.cartItem(single.id))).toHaveLength(1);
    expect(sharedState.get().cartRecords).toBe(1);
  });

  it('shows a refused change in an error toast and keeps the cart', async () => {
    mockApi({
      [`GET ${commercePaths.cart}`]: () => ({ body: cartAnswer([milk]) }),
      [`PATCH ${commercePaths.cartItem(milk.id)}`]: () => ({
        status: 409,
        body: { status: 0, message: commerceMessages.notEnoughStock(2) },
      }),
    });
    const user = userEvent.setup();
    renderCart();
    const stepper = await screen.findByRole('group', { name: 'Quantity of Organic milk 1 L' });
    await user.click(within(stepper).getByRole('button', { name: 'Increase quantity' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(CART_NOT_UPDATED, commerceMessages.notEnoughStock(2)),
    );
    expect(stepper).toHaveTextContent('2');
  });

  it('disables Checkout and says why when a line blocks it', async () => {
    const gone = cartLine({
      title: 'Oat milk',
      maxQuantity: 0,
      notices: [{ code: 'out_of_stock', message: commerceMessages.itemOutOfStock, blocking: true }],
    });
    mockApi({ [`GET ${commercePaths.cart}`]: () => ({ body: cartAnswer([milk, gone]) }) });
    renderCart();
    const checkout = await screen.findByRole('button', { name: CHECKOUT_LABEL });
    expect(checkout).toBeDisabled();
    expect(checkout).toHaveAccessibleDescription(`Oat milk: ${commerceMessages.itemOutOfStock}`);
    expect(screen.queryByRole('link', { name: CHECKOUT_LABEL })).not.toBeInTheDocument();
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent(commerceMessages.itemOutOfStock);
    expect(notice).toHaveClass('lm-cart-notice-blocking');
  });

  it('clears the cart only after confirmation, then shows the empty state', async () => {
    const api = mockApi({
      [`GET ${commercePaths.cart}`]: () => ({ body: cartAnswer([milk, bread]) }),
      [`DELETE ${commercePaths.cart}`]: () => ({ body: cartAnswer([]) }),
    });
    const user = userEvent.setup();
    renderCart();
    await user.click(await screen.findByRole('button', { name: CLEAR_CART_LABEL }));
    expect(api.callsTo('DELETE', commercePaths.cart)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: CLEAR_CONFIRM_LABEL }));
    expect(
      await screen.findByRole('heading', { name: commerceMessages.cartEmpty }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: BROWSE_STORES_LABEL })).toHaveAttribute(
      'href',
      '/home',
    );
    expect(sharedState.get().cartRecords).toBe(0);
  });

  it('shows a failed load with Retry', async () => {
    let fail = true;
    mockApi({
      [`GET ${commercePaths.cart}`]: () =>
        fail
          ? { status: 500, body: { status: 0, message: 'Something broke' } }
          : { body: cartAnswer([milk]) },
    });
    const user = userEvent.setup();
    renderCart();
    expect(await screen.findByText('Something broke')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Organic milk 1 L' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in, returning to the cart, without calling the API', async () => {
    await signOut();
    const api = mockApi({});
    renderCart();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/login?return_url=cart'),
    );
    expect(api.calls).toEqual([]);
  });
});
