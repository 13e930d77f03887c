import { catalogPaths, commerceMessages, commercePaths, STORAGE_KEYS } from '@localmart/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showSuccess } from '../../../components/ui/toasts/toasts.ts';
import { authModals } from '../../../lib/auth-modals.ts';
import { sharedState } from '../../../lib/shared-state.ts';
import { ALL_STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import { mockApi, notFound } from '../../../test/api-mock.ts';
import { cartAnswer, cartLine } from '../../../test/cart-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { businessRef, margherita, menu, sizeGroup, toppingsGroup } from '../test/fixtures.ts';
import { MENU_MISSING, MenuDetailsPage, SECTIONS_LABEL } from './menu-details-page.tsx';
import { ADD_TO_ORDER_LABEL, NOTE_LABEL, TOTAL_LABEL } from './menu-item-sheet.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});
// Role queries over Ionic's page DOM are slow in jsdom, and the machine running the suite is shared.
vi.setConfig({ testTimeout: 15_000 });
configure({ asyncUtilTimeout: 5_000 });
vi.mock('../../../components/ui/app-modal.tsx', () => import('../../../test/app-modal-mock.tsx'));
vi.mock('../../../components/ui/toasts/toasts.ts', () => ({
  showError: vi.fn(),
  showSuccess: vi.fn(),
  showInfo: vi.fn(),
  toastId: vi.fn(),
}));

const pattern = '/menu-details/:businessid/:menuid';
const menuPath = catalogPaths.menu(businessRef.id, menu.id);

function renderMenu(search = '') {
  return renderWithProviders(<MenuDetailsPage />, {
    path: `/menu-details/${businessRef.id}/${menu.id}${search}`,
    pattern,
  });
}

function total() {
  return screen.getByLabelText(TOTAL_LABEL);
}

beforeEach(() => {
  vi.mocked(showSuccess).mockClear();
  sharedState.setCartRecords(0);
});

afterEach(async () => {
  authModals.close();
  await storage.remove(...ALL_STORAGE_KEYS);
});

describe('MenuDetailsPage', () => {
  it('shows the menu by section with prices, dietary tags and "Sold out"', async () => {
    const api = mockApi({ [`GET ${menuPath}`]: () => ({ body: { status: 1, result: menu } }) });
    renderMenu();
    expect(screen.getByRole('status', { busy: true })).toBeInTheDocument();
    // Wait with a cheap text query; role queries over Ionic's DOM are slow in jsdom.
    await screen.findByText('Dough fermented 48 hours.');
    expect(screen.getByRole('heading', { name: 'Napoli Slice', level: 1 })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Pizza menu' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: SECTIONS_LABEL });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Pizzas', 'Starters']);
    const pizzas = screen.getByRole('region', { name: 'Pizzas' });
    const dish = within(pizzas).getByRole('button', { name: 'Margherita' });
    expect(dish).toHaveTextContent('$16.00');
    expect(dish).toHaveTextContent('Vegetarian');
    const starters = screen.getByRole('region', { name: 'Starters' });
    expect(within(starters).getByRole('button', { name: 'Garlic Knots' })).toHaveTextContent(
      'Sold out',
    );
    expect(api.unhandled).toEqual([]);
  });

  it('the options sheet enforces the rules, keeps a running total and adds to order', async () => {
    await storage.set(STORAGE_KEYS.token, 'tok');
    await storage.set(STORAGE_KEYS.username, 'Ada Lovelace');
    const api = mockApi({
      [`GET ${menuPath}`]: () => ({ body: { status: 1, result: menu } }),
      [`POST ${commercePaths.cartItems}`]: () => ({
        body: cartAnswer([cartLine({ kind: 'menu_item' })]),
      }),
    });
    const user = userEvent.setup();
    renderMenu();
    await screen.findByText('Dough fermented 48 hours.');
    await user.click(screen.getByRole('button', { name: 'Margherita' }));
    const sheet = screen.getByRole('dialog', { name: 'Margherita' });
    const add = within(sheet).getByRole('button', { name: ADD_TO_ORDER_LABEL });
    expect(total()).toHaveTextContent('$16.00');
    // Size is required: nothing can be added until one is chosen.
    expect(add).toBeDisabled();
    expect(within(sheet).getByText('Choose 1 more for Size')).toBeInTheDocument();

    const [size, toppings] = within(sheet).getAllByRole('group');
    if (!size || !toppings) throw new Error('two option groups expected');
    expect(size).toHaveAccessibleName(/^Size/);
    expect(toppings).toHaveAccessibleName(/^Extra toppings/);
    // Radios where one may be chosen, checkboxes where several may.
    expect(within(size).getByLabelText(/12"/)).toHaveAttribute('type', 'radio');
    expect(within(toppings).getByLabelText(/Olives/)).toHaveAttribute('type', 'checkbox');
    await user.click(within(size).getByLabelText(/12"/));
    expect(total()).toHaveTextContent('$20.00');
    await user.click(within(size).getByLabelText(/16"/));
    expect(within(size).getByLabelText(/12"/)).not.toBeChecked();
    expect(total()).toHaveTextContent('$24.00');
    expect(add).toBeEnabled();

    // Up to 2 toppings: the third box is disabled until one is unticked.
    await user.click(within(toppings).getByLabelText(/Pepperoni/));
    await user.click(within(toppings).getByLabelText(/Olives/));
    expect(within(toppings).getByLabelText(/Mushrooms/)).toBeDisabled();
    expect(total()).toHaveTextContent('$28.50');
    await user.click(within(toppings).getByLabelText(/Pepperoni/));
    expect(within(toppings).getByLabelText(/Mushrooms/)).toBeEnabled();
    expect(total()).toHaveTextContent('$26.00');

    // Two of them, with a note: the total follows the quantity.
    await user.click(within(sheet).getByRole('button', { name: 'Increase quantity' }));
    expect(total()).toHaveTextContent('$52.00');
    await user.type(within(sheet).getByLabelText(NOTE_LABEL), 'Well done');

    await user.click(add);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith(
        expect.any(String),
        commerceMessages.addedToCart,
        expect.objectContaining({ label: 'View cart' }),
      ),
    );
    expect(api.callsTo('POST', commercePaths.cartItems)[0]?.body).toEqual({
      kind: 'menu_item',
      itemId: margherita.id,
      quantity: 2,
      optionIds: [sizeGroup.options[2]?.id, toppingsGroup.options[2]?.id],
      note: 'Well done',
    });
    expect(sharedState.get().cartRecords).toBe(1);
  });

  it('asks a signed-out visitor to sign in before adding to order', async () => {
    const api = mockApi({ [`GET ${menuPath}`]: () => ({ body: { status: 1, result: menu } }) });
    const user = userEvent.setup();
    renderMenu();
    await screen.findByText('Dough fermented 48 hours.');
    await user.click(screen.getByRole('button', { name: 'Margherita' }));
    const sheet = screen.getByRole('dialog', { name: 'Margherita' });
    await user.click(within(sheet).getByLabelText(/12"/));
    await user.click(within(sheet).getByRole('button', { name: ADD_TO_ORDER_LABEL }));
    expect(authModals.getSnapshot().view).toEqual({ kind: 'login' });
    expect(authModals.getSnapshot().returnUrl).toBe(`menu-details/${businessRef.id}/${menu.id}`);
    expect(api.callsTo('POST', commercePaths.cartItems)).toEqual([]);
  });

  it('opens the dish named by ?item= at once, with fresh choices each time', async () => {
    mockApi({ [`GET ${menuPath}`]: () => ({ body: { status: 1, result: menu } }) });
    const user = userEvent.setup();
    renderMenu(`?item=${margherita.id}`);
    const sheet = await screen.findByRole('dialog', { name: 'Margherita' });
    await user.click(within(sheet).getByLabelText(/16"/));
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Margherita' }));
    expect(screen.getByLabelText(/16"/)).not.toBeChecked();
    expect(total()).toHaveTextContent('$16.00');
  });

  it('a sold-out dish shows its options sheet without Add to order', async () => {
    mockApi({ [`GET ${menuPath}`]: () => ({ body: { status: 1, result: menu } }) });
    const user = userEvent.setup();
    renderMenu();
    await screen.findByText('Dough fermented 48 hours.');
    await user.click(screen.getByRole('button', { name: 'Garlic Knots' }));
    const sheet = screen.getByRole('dialog', { name: 'Garlic Knots' });
    expect(within(sheet).queryByRole('button', { name: ADD_TO_ORDER_LABEL })).toBeNull();
    expect(within(sheet).getByText(/Sold out today/)).toBeInTheDocument();
  });

  it('says so when the menu does not exist', async () => {
    mockApi({ [`GET ${menuPath}`]: () => notFound });
    renderMenu();
    expect(await screen.findByRole('heading', { name: MENU_MISSING })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('offers Retry after a failure, and recovers', async () => {
    let calls = 0;
    mockApi({
      [`GET ${menuPath}`]: () =>
        ++calls === 1
          ? { status: 503, body: { status: 0, message: 'Service unavailable' } }
          : { body: { status: 1, result: menu } },
    });
    const user = userEvent.setup();
    renderMenu();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Service unavailable');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Margherita' })).toBeInTheDocument();
  });
});
