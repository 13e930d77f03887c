import { catalogPaths, STOCK_LABELS } from '@localmart/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEVICE_PREFERENCE_KEYS,
  devicePreferences,
} from '../../../lib/location/device-preferences.ts';
import { mockApi, type ApiCall } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { page, productSummary, retailTree } from '../test/fixtures.ts';
import { SEARCH_DEBOUNCE_MS, SEARCH_LABEL } from './product-search-field.tsx';
import { CLEAR_FILTERS_LABEL, correctedQueryText, ProductsPage } from './products-page.tsx';

// Ionic's web components do not run in jsdom; left undefined they are plain elements (see
// app/menu/side-menu.test.tsx). Hoisted, because Ionic defines some elements as its modules load.
vi.hoisted(() => {
  window.customElements.define = () => undefined;
});
vi.mock('../../../components/ui/app-modal.tsx', () => import('../../../test/app-modal-mock.tsx'));
// The machine running the suite is shared and Ionic's first render is slow there: wait longer than
// the 1 s default before calling an answer missing (a passing test still finishes as fast as it can).
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const milk = productSummary('Organic 2% Milk 2 L', { quantity: 2, price: 549 });
const oatMilk = productSummary('Oat Milk 1.75 L', { quantity: 1, price: 399 });
const bread = productSummary('Sourdough Bread', { quantity: 12, price: 650 });

function params(call: ApiCall | undefined): Record<string, string> {
  return Object.fromEntries(new URL(call?.url ?? '', 'http://test').searchParams);
}

function api(answer: (call: ApiCall) => unknown = () => page([milk, oatMilk])) {
  return mockApi({
    [`GET ${catalogPaths.products}`]: (call) => ({ body: answer(call) }),
    [`GET ${catalogPaths.categories}`]: () => ({ body: { status: 1, results: retailTree() } }),
  });
}

const productCalls = (mock: ReturnType<typeof api>) => mock.callsTo('GET', catalogPaths.products);
const shownPath = () => screen.getByTestId('location').textContent;

afterEach(async () => {
  await devicePreferences.remove(DEVICE_PREFERENCE_KEYS.location);
});

describe('ProductsPage', () => {
  it('shows a skeleton, then a card per product with per-store stock wording', async () => {
    api();
    renderWithProviders(<ProductsPage />, { path: '/products' });
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Products' });
    const cards = within(grid).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: milk.title })).toHaveAttribute(
      'href',
      `/details?id=${milk.id}`,
    );
    expect(within(cards[0]!).getByText(STOCK_LABELS.low_stock)).toBeInTheDocument();
    expect(within(cards[1]!).getByText(STOCK_LABELS.limited)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All products' })).toBeInTheDocument();
  });

  it('asks the server with the filters held in the URL', async () => {
    const mock = api();
    renderWithProviders(<ProductsPage />, {
      path: '/products?q=milk&category=milk&minPrice=200&maxPrice=900&inStockOnly=true&sort=price_asc',
    });
    await screen.findByRole('list', { name: 'Products' });
    expect(params(productCalls(mock)[0])).toEqual({
      q: 'milk',
      category: 'milk',
      minPrice: '200',
      maxPrice: '900',
      inStockOnly: 'true',
      sort: 'price_asc',
    });
    expect(screen.getByRole('searchbox', { name: SEARCH_LABEL })).toHaveValue('milk');
    expect(screen.getByRole('heading', { name: 'Results for “milk”' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'In stock' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // the category's name comes from the tree
    expect(await screen.findByRole('button', { name: 'Category: Milk' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '$2.00 – $9.00' })).toBeInTheDocument();
  });

  it("sends the shopper's location, so cards carry distances and nearest stores", async () => {
    await devicePreferences.set(
      DEVICE_PREFERENCE_KEYS.location,
      JSON.stringify({ lat: 43.6532, lng: -79.3832, label: 'Downtown Toronto', source: 'place' }),
    );
    const mock = api();
    renderWithProviders(<ProductsPage />, { path: '/products?radiusKm=5&sort=distance' });
    await screen.findByRole('list', { name: 'Products' });
    expect(params(productCalls(mock)[0])).toEqual({
      lat: '43.6532',
      lng: '-79.3832',
      radiusKm: '5',
      sort: 'distance',
    });
    expect(screen.getByRole('link', { name: /Near Downtown Toronto/ })).toHaveAttribute(
      'href',
      '/user-location',
    );
    expect(screen.getAllByText('1.2 km').length).toBeGreaterThan(0);
  });

  it('searches after a pause in typing and keeps the search in the URL', async () => {
    const mock = api((call) => (params(call).q === 'bread' ? page([bread]) : page([milk])));
    renderWithProviders(<ProductsPage />, { path: '/products?inStockOnly=true' });
    await screen.findByRole('link', { name: milk.title });
    fireEvent.change(screen.getByRole('searchbox', { name: SEARCH_LABEL }), {
      target: { value: 'bread' },
    });
    // not on every keystroke: nothing is asked before the pause
    expect(productCalls(mock)).toHaveLength(1);
    expect(await screen.findByRole('link', { name: bread.title })).toBeVisible();
    expect(shownPath()).toBe('/products?q=bread&inStockOnly=true');
    expect(params(productCalls(mock).at(-1))).toEqual({ q: 'bread', inStockOnly: 'true' });
    expect(SEARCH_DEBOUNCE_MS).toBeGreaterThanOrEqual(200);
  });

  it('follows the URL when it changes from outside (Back), and Enter searches at once', async () => {
    const mock = api();
    renderWithProviders(<ProductsPage />, { path: '/products?q=milk' });
    await screen.findByRole('list', { name: 'Products' });
    const box = screen.getByRole('searchbox', { name: SEARCH_LABEL });
    fireEvent.change(box, { target: { value: 'eggs' } });
    fireEvent.submit(screen.getByRole('search', { name: SEARCH_LABEL }));
    await waitFor(() => expect(shownPath()).toBe('/products?q=eggs'));
    expect(params(productCalls(mock).at(-1)).q).toBe('eggs');
  });

  it('toggles In stock from its chip', async () => {
    const mock = api();
    renderWithProviders(<ProductsPage />, { path: '/products?q=milk' });
    await screen.findByRole('list', { name: 'Products' });
    fireEvent.click(screen.getByRole('button', { name: 'In stock' }));
    await waitFor(() => expect(shownPath()).toBe('/products?q=milk&inStockOnly=true'));
    await waitFor(() => expect(params(productCalls(mock).at(-1)).inStockOnly).toBe('true'));
    expect(screen.getByRole('button', { name: 'In stock' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('sorts and filters by price from the Filters sheet', async () => {
    const mock = api();
    renderWithProviders(<ProductsPage />, { path: '/products' });
    await screen.findByRole('list', { name: 'Products' });
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    // The sheets mount after the first paint; a tap before then opens them once they are there.
    const sheet = await screen.findByRole('dialog', { name: 'Filters & sort' });
    // no location: distance cannot be chosen, and the sheet says why
    expect(within(sheet).getByRole('radio', { name: 'Nearest' })).toBeDisabled();
    expect(within(sheet).getByRole('link', { name: 'Set location' })).toBeInTheDocument();
    fireEvent.click(within(sheet).getByRole('radio', { name: 'Price: low to high' }));
    await waitFor(() => expect(shownPath()).toBe('/products?sort=price_asc'));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Under $5.00' }));
    await waitFor(() => expect(shownPath()).toBe('/products?maxPrice=500&sort=price_asc'));
    await waitFor(() =>
      expect(params(productCalls(mock).at(-1))).toEqual({ maxPrice: '500', sort: 'price_asc' }),
    );
    expect(screen.getByRole('button', { name: 'Filters, 1 on' })).toBeInTheDocument();
  });

  it('takes a typed price range, refusing a minimum above the maximum', async () => {
    api();
    renderWithProviders(<ProductsPage />, { path: '/products' });
    await screen.findByRole('list', { name: 'Products' });
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    // The sheets mount after the first paint; a tap before then opens them once they are there.
    const sheet = await screen.findByRole('dialog', { name: 'Filters & sort' });
    fireEvent.change(within(sheet).getByLabelText('Min'), { target: { value: '12' } });
    fireEvent.change(within(sheet).getByLabelText('Max'), { target: { value: '3.50' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Apply price' }));
    expect(within(sheet).getByRole('alert')).toHaveTextContent('minimum');
    expect(shownPath()).toBe('/products');
    fireEvent.change(within(sheet).getByLabelText('Max'), { target: { value: '20' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Apply price' }));
    await waitFor(() => expect(shownPath()).toBe('/products?minPrice=1200&maxPrice=2000'));
  });

  it('chooses a category by drilling down the tree in a modal', async () => {
    const mock = api();
    renderWithProviders(<ProductsPage />, { path: '/products?q=organic' });
    await screen.findByRole('list', { name: 'Products' });
    fireEvent.click(screen.getByRole('button', { name: 'Category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Categories' });
    fireEvent.click(await within(dialog).findByRole('button', { name: /^Grocery/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: /^Dairy & Eggs/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Milk' }));
    await waitFor(() => expect(shownPath()).toBe('/products?q=organic&category=milk'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(params(productCalls(mock).at(-1)).category).toBe('milk'));
    expect(screen.getByRole('button', { name: 'Category: Milk' })).toBeInTheDocument();
  });

  it('says how a search with a typo was read', async () => {
    api((call) =>
      params(call).q === 'mlik' ? { ...page([milk]), correctedQuery: 'milk' } : page([bread]),
    );
    renderWithProviders(<ProductsPage />, { path: '/products?q=mlik' });
    expect(await screen.findByText(correctedQueryText('milk'))).toHaveAttribute('role', 'status');
    expect(await screen.findByRole('link', { name: milk.title })).toBeInTheDocument();
  });

  it('names the search when nothing matches, and Clear filters starts over', async () => {
    api((call) => (params(call).q === 'zzzz' ? page([]) : page([bread])));
    renderWithProviders(<ProductsPage />, { path: '/products?q=zzzz&inStockOnly=true' });
    expect(
      await screen.findByRole('heading', { name: "No products match 'zzzz'" }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: CLEAR_FILTERS_LABEL }));
    await waitFor(() => expect(shownPath()).toBe('/products'));
    expect(await screen.findByRole('link', { name: bread.title })).toBeInTheDocument();
  });

  it('offers Retry when the list fails, and retrying loads it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    api(() => {
      if (fail) return { status: 0, message: 'The catalogue is resting' };
      return page([milk]);
    });
    renderWithProviders(<ProductsPage />, { path: '/products' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The catalogue is resting');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: milk.title })).toBeInTheDocument();
  });
});
