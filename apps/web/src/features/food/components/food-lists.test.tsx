import { catalogPaths } from '@localmart/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { menuDetailsPath } from '../../../components/catalog/food-item-card.tsx';
import {
  DEVICE_PREFERENCE_KEYS,
  devicePreferences,
} from '../../../lib/location/device-preferences.ts';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { foodItem, menuSummary, restaurant } from '../test/fixtures.ts';
import { CLEAR_FILTERS, FoodItemsPage, NO_DISHES, SEARCH_DISHES } from './food-items-page.tsx';
import { MenuListPage, NO_RESTAURANTS } from './menu-list-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});
// Role queries over Ionic's page DOM are slow in jsdom, and the machine running the suite is shared.
vi.setConfig({ testTimeout: 15_000 });
configure({ asyncUtilTimeout: 5_000 });

const page = (results: unknown[], nextCursor: string | null = null) => ({
  body: { status: 1, results, nextCursor },
});

afterEach(async () => {
  await devicePreferences.remove(DEVICE_PREFERENCE_KEYS.location);
});

describe('MenuListPage', () => {
  it('lists restaurants nearest first with their menus linking to menu-details', async () => {
    await devicePreferences.set(
      DEVICE_PREFERENCE_KEYS.location,
      JSON.stringify({ lat: 43.65, lng: -79.38, label: 'Downtown', source: 'place' }),
    );
    const api = mockApi({
      [`GET ${catalogPaths.businesses}`]: () => page([restaurant]),
      [`GET ${catalogPaths.businessMenus(restaurant.id)}`]: () => ({
        body: { status: 1, results: [menuSummary] },
      }),
    });
    renderWithProviders(<MenuListPage title="Food Items" />, { path: '/menulist' });
    const link = await screen.findByRole('link', { name: /Pizza menu/ });
    expect(link).toHaveAttribute('href', menuDetailsPath(restaurant.id, menuSummary.id));
    expect(link).toHaveTextContent('9 dishes');
    const card = screen.getByRole('article', { name: 'Napoli Slice' });
    expect(card).toHaveTextContent('Open now');
    expect(card).toHaveTextContent('1.2 km');
    const [list] = api.callsTo('GET', catalogPaths.businesses);
    const query = new URL(list?.url ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      kind: 'restaurant',
      sort: 'distance',
      lat: '43.65',
      lng: '-79.38',
    });
    expect(api.unhandled).toEqual([]);
  });

  it('says when no restaurant is near, and offers Retry when the list fails', async () => {
    mockApi({ [`GET ${catalogPaths.businesses}`]: () => page([]) });
    const first = renderWithProviders(<MenuListPage />, { path: '/menulist' });
    expect(await screen.findByRole('heading', { name: NO_RESTAURANTS })).toBeInTheDocument();
    first.unmount();

    let calls = 0;
    mockApi({
      [`GET ${catalogPaths.businesses}`]: () =>
        ++calls === 1 ? { status: 500, body: { status: 0, message: 'Database down' } } : page([]),
    });
    const user = userEvent.setup();
    renderWithProviders(<MenuListPage />, { path: '/menulist' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database down');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: NO_RESTAURANTS })).toBeInTheDocument();
  });
});

describe('FoodItemsPage', () => {
  it('lists dishes linking to their dish on the menu, and sends search, dietary and price', async () => {
    const api = mockApi({ [`GET ${catalogPaths.foodItems}`]: () => page([foodItem]) });
    const user = userEvent.setup();
    renderWithProviders(<FoodItemsPage />, { path: '/food-items' });
    const dish = await screen.findByRole('link', { name: 'Margherita' });
    expect(dish).toHaveAttribute(
      'href',
      menuDetailsPath(foodItem.business.id, foodItem.menuId, foodItem.id),
    );
    expect(dish).toHaveAccessibleDescription(/Napoli Slice/);
    expect(dish).toHaveAccessibleDescription(/\$16\.00/);

    await user.click(screen.getByRole('button', { name: 'Vegan' }));
    expect(screen.getByRole('button', { name: 'Vegan' })).toHaveAttribute('aria-pressed', 'true');
    await user.selectOptions(screen.getByLabelText('Price'), 'Under $10.00');
    await user.selectOptions(screen.getByLabelText('Sort'), 'Price: low to high');
    await user.type(screen.getByLabelText(SEARCH_DISHES), 'pizza');
    await waitFor(() => {
      const last = api.callsTo('GET', catalogPaths.foodItems).at(-1);
      const query = Object.fromEntries(new URL(last?.url ?? '', 'http://x').searchParams);
      expect(query).toEqual({
        q: 'pizza',
        dietary: 'vegan',
        maxPrice: '999',
        sort: 'price_asc',
      });
    });
  });

  it('an empty result offers to clear the filters', async () => {
    const api = mockApi({ [`GET ${catalogPaths.foodItems}`]: () => page([]) });
    const user = userEvent.setup();
    renderWithProviders(<FoodItemsPage />, { path: '/food-items' });
    await screen.findByRole('heading', { name: NO_DISHES });
    await user.click(screen.getByRole('button', { name: 'Halal' }));
    await user.click(await screen.findByRole('button', { name: CLEAR_FILTERS }));
    expect(screen.getByRole('button', { name: 'Halal' })).toHaveAttribute('aria-pressed', 'false');
    // Back to the unfiltered list (cached), which says why it is empty instead of offering a clear.
    expect(await screen.findByText(/No restaurant near you/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: CLEAR_FILTERS })).toBeNull();
    expect(api.callsTo('GET', catalogPaths.foodItems).map((call) => call.url)).toEqual([
      `${catalogPaths.foodItems}?sort=relevance`,
      `${catalogPaths.foodItems}?dietary=halal&sort=relevance`,
    ]);
  });
});
