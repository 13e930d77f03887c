import {
  catalogPaths,
  commercePaths,
  commonMessages,
  STOCK_LABELS,
  substitutionPaths,
} from '@localmart/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEVICE_PREFERENCE_KEYS,
  devicePreferences,
} from '../../../lib/location/device-preferences.ts';
import { mockApi, type MockAnswer } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { cartAnswer, cartLine } from '../../../test/cart-fixtures.ts';
import { signIn, signOut } from '../../../test/session.ts';
import { business, offer, productDetail } from '../test/fixtures.ts';
import {
  BACK_TO_PRODUCTS,
  PRODUCT_NOT_FOUND,
  ProductDetailsPage,
} from './product-details-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});
// Shared machine, slow first Ionic render: see products-page.test.tsx.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const hour = 3_600_000;
const queenSt = business('Queen St Market');
const kensington = business('Kensington Grocer', false);
const annex = business('Annex Foods');
const dundas = business('Dundas Pantry');
const product = productDetail('Organic 2% Milk 2 L', [
  offer({ store: queenSt, quantity: 12, price: 599, distanceKm: 0.4 }),
  offer({ store: kensington, quantity: 2, price: 649, sale: 499, distanceKm: 1.8 }),
  offer({
    store: annex,
    quantity: 1,
    price: 579,
    distanceKm: 3.2,
    updatedAt: new Date(Date.now() - 26 * hour).toISOString(),
  }),
  offer({ store: dundas, quantity: 0, price: 559, distanceKm: 5 }),
]);

function serve(answer: () => MockAnswer) {
  return mockApi({ [`GET ${catalogPaths.product(product.id)}`]: answer });
}

function renderDetails(search = `?id=${product.id}`) {
  return renderWithProviders(<ProductDetailsPage />, { path: `/details${search}` });
}

afterEach(async () => {
  await devicePreferences.remove(DEVICE_PREFERENCE_KEYS.location);
  await signOut();
});

describe('ProductDetailsPage', () => {
  it('shows brand content: photos, title, brand, description, attributes and category path', async () => {
    serve(() => ({ body: { status: 1, result: product } }));
    renderDetails();
    expect(await screen.findByRole('heading', { name: product.title })).toBeInTheDocument();
    expect(screen.getByText('Maple Farms')).toBeInTheDocument();
    expect(screen.getByText(product.description)).toBeInTheDocument();
    const photos = screen.getByRole('region', { name: `Photos of ${product.title}` });
    expect(within(photos).getAllByRole('img')).toHaveLength(2);
    expect(within(photos).getByRole('button', { name: 'Show photo 2' })).toBeInTheDocument();
    const facts = screen.getByRole('table', { name: 'Product information' });
    expect(within(facts).getByRole('rowheader', { name: 'Size' })).toBeInTheDocument();
    expect(within(facts).getByRole('cell', { name: '2 L' })).toBeInTheDocument();
    expect(within(facts).getByRole('cell', { name: product.gtin! })).toBeInTheDocument();
    const path = screen.getByRole('navigation', { name: 'Category' });
    expect(within(path).getByRole('link', { name: 'Dairy & Eggs' })).toHaveAttribute(
      'href',
      '/products?category=dairy-eggs',
    );
    // the lowest current price across stores is the sale one
    expect(screen.getByText(/in stock at 2/)).toHaveTextContent('at 4 stores');
  });

  it("lists every store's offer with its stock wording, freshness, price and actions", async () => {
    serve(() => ({ body: { status: 1, result: product } }));
    renderDetails();
    const section = await screen.findByRole('region', { name: 'Available at 4 stores' });
    const offers = within(section).getAllByRole('article');
    expect(offers).toHaveLength(4);
    const [first, second, third, fourth] = offers as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];

    expect(within(first).getByRole('link', { name: 'Queen St Market' })).toHaveAttribute(
      'href',
      `/business-details/${queenSt.id}/products`,
    );
    expect(within(first).getByText(STOCK_LABELS.in_stock)).toBeInTheDocument();
    expect(within(first).getByText('Open now')).toBeInTheDocument();
    expect(within(first).getByText('400 m')).toBeInTheDocument();
    expect(within(first).getByText('$5.99')).toBeInTheDocument();
    expect(within(first).getByText('Stock updated 2 h ago')).toBeInTheDocument();
    expect(within(first).getByText('Usually ready in 2 h')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Reserve at Queen St Market' })).toBeEnabled();

    expect(within(second).getByText(STOCK_LABELS.low_stock)).toBeInTheDocument();
    expect(within(second).getByText('Closed')).toBeInTheDocument();
    expect(within(second).getByText('$4.99')).toBeInTheDocument();
    expect(within(second).getByText('$6.49').tagName).toBe('S');

    expect(within(third).getAllByText(STOCK_LABELS.limited).length).toBeGreaterThan(0);
    expect(within(third).getByText('Stock updated 1 day ago')).toBeInTheDocument();
    // quantity 1 is not labelled in stock, but the last unit can still be reserved
    expect(within(third).getByRole('button', { name: 'Reserve at Annex Foods' })).toBeEnabled();
    expect(
      within(first).getByRole('button', { name: 'Price match at Queen St Market' }),
    ).toBeInTheDocument();

    expect(within(fourth).getAllByText(STOCK_LABELS.out_of_stock).length).toBeGreaterThan(0);
    expect(
      within(fourth).getByRole('button', { name: 'Add to cart at Dundas Pantry' }),
    ).toBeDisabled();
    // Nothing to match on an offer the store cannot sell.
    expect(within(fourth).queryByRole('button', { name: /Price match/ })).not.toBeInTheDocument();
  });

  it('says on add to cart what the shopper accepts if the store runs out, from their default', async () => {
    await signIn();
    const api = mockApi({
      [`GET ${catalogPaths.product(product.id)}`]: () => ({ body: { status: 1, result: product } }),
      [`GET ${substitutionPaths.shopperDefault}`]: () => ({
        body: { status: 1, result: { substitution: 'specific_item' } },
      }),
      [`POST ${commercePaths.cartItems}`]: () => ({ body: cartAnswer([cartLine()]) }),
    });
    renderDetails();
    const choice = await screen.findByLabelText('If the store runs out');
    // The remembered default shows; adding without touching it leaves the server's default.
    await waitFor(() => expect(choice).toHaveValue('specific_item'));
    await userEvent.selectOptions(choice, 'refund');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart at Queen St Market' }));
    await waitFor(() => expect(api.callsTo('POST', commercePaths.cartItems)).toHaveLength(1));
    expect(api.callsTo('POST', commercePaths.cartItems)[0]?.body).toMatchObject({
      kind: 'product',
      substitution: 'refund',
    });
  });

  it('shows the sizes of a store’s own product; choosing one switches the title, price and what is added', async () => {
    await signIn();
    const bakery = business('Blackbird Bakery');
    const large = offer({ store: bakery, quantity: 12, price: 650 });
    const small = offer({ store: bakery, quantity: 1, price: 375 });
    const loaf = productDetail('Country Sourdough 800 g', [large]);
    const sized = {
      ...loaf,
      gtin: null,
      variants: [
        {
          id: loaf.id,
          slug: 'loaf-800',
          title: loaf.title,
          label: '800 g',
          attributes: loaf.attributes,
          offer: large,
        },
        {
          id: small.productId,
          slug: 'loaf-400',
          title: 'Country Sourdough 400 g',
          label: '400 g',
          attributes: [{ name: 'Weight', value: '400 g' }],
          offer: small,
        },
      ],
    };
    const api = mockApi({
      [`GET ${catalogPaths.product(loaf.id)}`]: () => ({ body: { status: 1, result: sized } }),
      [`GET ${substitutionPaths.shopperDefault}`]: () => ({
        body: { status: 1, result: { substitution: 'specific_item' } },
      }),
      [`POST ${commercePaths.cartItems}`]: () => ({ body: cartAnswer([cartLine()]) }),
    });
    renderDetails(`?id=${loaf.id}`);
    const chooser = await screen.findByRole('group', { name: /2 sizes/ });
    const radios = within(chooser).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(within(chooser).getByRole('radio', { name: /800 g/ })).toBeChecked();
    expect(chooser).toHaveTextContent('$6.50');
    expect(chooser).toHaveTextContent(STOCK_LABELS.limited);

    await userEvent.click(within(chooser).getByRole('radio', { name: /400 g/ }));
    expect(
      await screen.findByRole('heading', { name: 'Country Sourdough 400 g' }),
    ).toBeInTheDocument();
    // The chosen size's own details.
    expect(
      within(screen.getByRole('table', { name: 'Product information' })).getByRole('cell', {
        name: '400 g',
      }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart at Blackbird Bakery' }));
    await waitFor(() => expect(api.callsTo('POST', commercePaths.cartItems)).toHaveLength(1));
    expect(api.callsTo('POST', commercePaths.cartItems)[0]?.body).toMatchObject({
      kind: 'product',
      itemId: small.id,
    });
  });

  it("asks with the shopper's location so offers come with distances", async () => {
    await devicePreferences.set(
      DEVICE_PREFERENCE_KEYS.location,
      JSON.stringify({ lat: 43.65, lng: -79.4, label: 'The Annex', source: 'place' }),
    );
    const mock = serve(() => ({ body: { status: 1, result: product } }));
    renderDetails();
    await screen.findByRole('heading', { name: product.title });
    const url = new URL(mock.calls[0]?.url ?? '', 'http://test');
    expect(url.pathname).toBe(catalogPaths.product(product.id));
    expect(Object.fromEntries(url.searchParams)).toEqual({ lat: '43.65', lng: '-79.4' });
  });

  it('shows not found with a way back for an unknown id (404)', async () => {
    serve(() => ({ status: 404, body: { status: 0, message: commonMessages.notFound } }));
    renderDetails();
    expect(await screen.findByRole('heading', { name: PRODUCT_NOT_FOUND })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: BACK_TO_PRODUCTS })).toHaveAttribute(
      'href',
      '/products',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows not found without asking when the link has no id', () => {
    const mock = serve(() => ({ body: { status: 1, result: product } }));
    renderDetails('');
    expect(screen.getByRole('heading', { name: PRODUCT_NOT_FOUND })).toBeInTheDocument();
    expect(mock.calls).toHaveLength(0);
  });

  it('offers Retry on other failures, and retrying loads the product', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    serve(() =>
      fail
        ? { status: 503, body: { status: 0, message: 'Try again in a moment' } }
        : { body: { status: 1, result: product } },
    );
    renderDetails();
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in a moment');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: product.title })).toBeInTheDocument();
  });
});
