import {
  type CatalogProductHit,
  type ManagedOffer,
  managedOfferSchema,
  managePaths,
  offersMessages,
  PRODUCT_CONTENT_LABELS,
  STOCK_LABELS,
  storeProductMessages,
  storeProductPaths,
  stockStatus,
  variantMessages,
  variantPaths,
} from '@localmart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderInStore, staffAccess } from '../../test/store-page.tsx';
import { groupedBySize, ProductsPage } from './products-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const businessId = '0b000000-0000-4000-8000-000000000001';
const offerId = '0f000000-0000-4000-8000-000000000001';
const productId = '0c000000-0000-4000-8000-000000000009';

function offer(overrides: Partial<ManagedOffer> = {}): ManagedOffer {
  const quantity = overrides.quantity ?? 5;
  return managedOfferSchema.parse({
    id: offerId,
    productId: '0c000000-0000-4000-8000-000000000001',
    title: 'Oat milk 1 L',
    brand: 'Oatly',
    gtin: '0123456789012',
    image: null,
    categoryName: 'Milk',
    sku: null,
    contentStatus: 'confirmed',
    contentEditable: false,
    price: { amount: 499, currency: 'CAD' },
    salePrice: null,
    saleStartsAt: null,
    saleEndsAt: null,
    quantity,
    stock: stockStatus(quantity),
    stockUpdatedAt: '2026-11-19T15:00:00.000Z',
    pickupMethod: null,
    pickupSla: null,
    ...overrides,
  });
}

function listAnswer(offers: ManagedOffer[], counts = { all: offers.length, low: 0, out: 0 }) {
  return { body: { status: 1, results: offers, nextCursor: null, counts } };
}

function renderPage() {
  return renderInStore(<ProductsPage />, { store: staffAccess });
}

describe('products & stock page', { timeout: 20_000 }, () => {
  it('shows the tabs with counts and each row with its stock wording; a tab asks for its filter', async () => {
    const api = mockApi({
      [`GET ${managePaths.offers(businessId)}`]: () =>
        listAnswer([offer(), offer({ id: '0f000000-0000-4000-8000-000000000002', quantity: 1 })], {
          all: 2,
          low: 1,
          out: 0,
        }),
    });
    renderPage();
    expect(await screen.findByText(STOCK_LABELS.limited)).toBeInTheDocument();
    expect(screen.getByText(STOCK_LABELS.in_stock)).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All2',
      'Low stock1',
      'Out of stock0',
    ]);
    await userEvent.click(screen.getByRole('tab', { name: /Low stock/ }));
    await waitFor(() =>
      expect(api.calls.some((call) => call.url.includes('stock=low'))).toBe(true),
    );
  });

  it('saves an inline quantity optimistically and rolls back when the server refuses', async () => {
    let saved = offer();
    let refuse = false;
    let release: () => void = () => undefined;
    const api = mockApi({
      [`GET ${managePaths.offers(businessId)}`]: () => listAnswer([saved]),
      [`PATCH ${managePaths.offer(businessId, offerId)}`]: (call) => {
        if (refuse) {
          // Held until the test has seen the optimistic row.
          return new Promise((resolve) => {
            release = () =>
              resolve({ status: 400, body: { status: 0, message: offersMessages.skuTaken } });
          });
        }
        const body = call.body as { quantity: number };
        saved = offer({ quantity: body.quantity });
        return { body: { status: 1, message: 'Saved.', result: saved } };
      },
    });
    renderPage();
    const quantity = await screen.findByRole('textbox', { name: 'Quantity of Oat milk 1 L' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save Oat milk 1 L' }));
    expect(await screen.findByText(STOCK_LABELS.low_stock)).toBeInTheDocument();
    expect(api.callsTo('PATCH', managePaths.offer(businessId, offerId))[0]?.body).toEqual({
      quantity: 2,
    });

    refuse = true;
    const again = await screen.findByRole('textbox', { name: 'Quantity of Oat milk 1 L' });
    await userEvent.clear(again);
    await userEvent.type(again, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save Oat milk 1 L' }));
    // Optimistic: the new wording shows while the server has not answered yet.
    expect(
      await within(screen.getByRole('table')).findByText(STOCK_LABELS.out_of_stock),
    ).toBeInTheDocument();
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent(offersMessages.skuTaken);
    // Rolled back: the saved quantity and its wording are shown again, not "Out of stock".
    expect(screen.getByRole('textbox', { name: 'Quantity of Oat milk 1 L' })).toHaveValue('2');
    const table = screen.getByRole('table');
    expect(within(table).getByText(STOCK_LABELS.low_stock)).toBeInTheDocument();
    expect(within(table).queryByText(STOCK_LABELS.out_of_stock)).not.toBeInTheDocument();
  });

  it('adds a catalogue product with price and quantity', async () => {
    const hit: CatalogProductHit = {
      id: productId,
      title: 'Sourdough loaf',
      brand: 'Blackbird',
      gtin: '0000000000017',
      image: null,
      categoryName: 'Bread',
      offerId: null,
    };
    const api = mockApi({
      [`GET ${managePaths.offers(businessId)}`]: () => listAnswer([offer()]),
      [`GET ${managePaths.catalogProducts(businessId)}`]: () => ({
        body: { status: 1, results: [hit] },
      }),
      [`POST ${managePaths.offers(businessId)}`]: () => ({
        status: 201,
        body: {
          status: 1,
          message: offersMessages.offerAdded,
          result: offer({ id: '0f000000-0000-4000-8000-000000000003', title: 'Sourdough loaf' }),
        },
      }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add product' }));
    const dialog = screen.getByRole('dialog', { name: 'Add product' });
    await userEvent.type(
      within(dialog).getByRole('searchbox', { name: /Search the catalogue/ }),
      'sourdough',
    );
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Choose Sourdough loaf' }),
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Your price' }), '6.50');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Quantity in stock' }), '12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to my store' }));

    expect(await screen.findByText(offersMessages.offerAdded)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', managePaths.offers(businessId))[0]?.body).toEqual({
      productId,
      price: 650,
      quantity: 12,
    });
    const search = api.callsTo('GET', managePaths.catalogProducts(businessId)).at(-1);
    expect(new URL(search!.url, 'http://x').searchParams.get('q')).toBe('sourdough');
  });

  it('creating a product whose GTIN exists offers to add the existing one', async () => {
    const api = mockApi({
      [`GET ${managePaths.offers(businessId)}`]: () => listAnswer([offer()]),
      'GET /api/v1/categories': () => ({
        body: {
          status: 1,
          results: [
            {
              id: '0a000000-0000-4000-8000-000000000001',
              slug: 'grocery',
              name: 'Grocery',
              kind: 'retail',
              parentId: null,
              children: [],
            },
          ],
        },
      }),
      [`POST ${managePaths.catalogProducts(businessId)}`]: () => ({
        status: 409,
        body: { status: 0, message: offersMessages.gtinTaken, result: { productId } },
      }),
      [`POST ${managePaths.offers(businessId)}`]: () => ({
        status: 201,
        body: { status: 1, message: offersMessages.offerAdded, result: offer() },
      }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add product' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create a new product' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Product name' }), 'Sourdough loaf');
    await userEvent.type(screen.getByRole('textbox', { name: 'Brand (optional)' }), 'Blackbird');
    const gtin = screen.getByRole('textbox', { name: /Barcode number \(GTIN\)/ });
    await userEvent.type(gtin, '0000000000018');
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Category' }),
      await screen.findByRole('option', { name: 'Grocery' }),
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Your price' }), '6.50');
    await userEvent.type(screen.getByRole('textbox', { name: 'Quantity in stock' }), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
    // The check digit is wrong: the form says so without calling the server.
    expect(await screen.findByRole('alert')).toHaveTextContent(offersMessages.gtinCheckDigit);
    expect(api.callsTo('POST', managePaths.catalogProducts(businessId))).toHaveLength(0);

    await userEvent.clear(gtin);
    await userEvent.type(gtin, '0000000000017');
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText(offersMessages.gtinTaken)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add the existing product instead' }));
    expect(await screen.findByText(offersMessages.offerAdded)).toBeInTheDocument();
    expect(api.callsTo('POST', managePaths.offers(businessId))[0]?.body).toEqual({
      productId,
      price: 650,
      quantity: 3,
      sku: null,
    });
  });

  it('creates a house-made product without a barcode, named by its SKU, with two photos', async () => {
    const photo = (n: number) => ({
      url: `/api/v1/media/0d000000-0000-4000-8000-00000000000${n}`,
      width: 800,
      height: 600,
      alt: 'Country Sourdough 800 g',
    });
    let uploads = 0;
    const api = mockApi({
      [`GET ${managePaths.offers(businessId)}`]: () => listAnswer([offer()]),
      'GET /api/v1/categories': () => ({
        body: {
          status: 1,
          results: [
            {
              id: '0a000000-0000-4000-8000-000000000002',
              slug: 'bakery',
              name: 'Bakery',
              kind: 'retail',
              parentId: null,
              children: [],
            },
          ],
        },
      }),
      [`POST ${managePaths.images(businessId)}`]: () => ({
        body: { status: 1, message: 'Image uploaded', result: photo(++uploads) },
      }),
      [`POST ${managePaths.catalogProducts(businessId)}`]: () => ({
        status: 201,
        body: {
          status: 1,
          message: offersMessages.productCreated,
          result: offer({ title: 'Country Sourdough 800 g', gtin: null, sku: 'BREAD-800' }),
        },
      }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add product' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create a new product' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Product name' }),
      'Country Sourdough 800 g',
    );
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Category' }),
      await screen.findByRole('option', { name: 'Bakery' }),
    );
    await userEvent.upload(screen.getByLabelText(/Add photos/), [
      new File(['a'], 'loaf.png', { type: 'image/png' }),
      new File(['b'], 'crumb.png', { type: 'image/png' }),
    ]);
    const photos = await screen.findByRole('list', { name: 'Product photos' });
    await waitFor(() => expect(within(photos).getAllByRole('img')).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Add a detail' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Detail 1 name' }), 'Weight');
    await userEvent.type(screen.getByRole('textbox', { name: 'Detail 1 value' }), '800 g');
    await userEvent.type(screen.getByRole('textbox', { name: 'Your price' }), '6.50');
    await userEvent.type(screen.getByRole('textbox', { name: 'Quantity in stock' }), '12');
    // No barcode and no SKU: the form asks for the store's own item code first.
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      storeProductMessages.ownProductNeedsSku,
    );
    expect(api.callsTo('POST', managePaths.catalogProducts(businessId))).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: /Your SKU/ }), 'BREAD-800');
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText(offersMessages.productCreated)).toBeInTheDocument();
    expect(api.callsTo('POST', managePaths.catalogProducts(businessId))[0]?.body).toEqual({
      title: 'Country Sourdough 800 g',
      brand: '',
      description: '',
      categoryId: '0a000000-0000-4000-8000-000000000002',
      images: [photo(1), photo(2)],
      attributes: [{ name: 'Weight', value: '800 g' }],
      gtin: null,
      offer: { price: 650, quantity: 12, sku: 'BREAD-800' },
    });
  });

  it("edits the store's own product whole; shared products offer no such edit", async () => {
    const own = offer({
      id: '0f000000-0000-4000-8000-000000000005',
      productId,
      title: 'Country Sourdough 800 g',
      gtin: null,
      sku: 'BREAD-800',
      contentStatus: 'store',
      contentEditable: true,
    });
    const image = {
      url: '/api/v1/media/0d000000-0000-4000-8000-000000000001',
      width: 800,
      height: 600,
      alt: 'loaf',
    };
    const stored = {
      id: productId,
      title: 'Country Sourdough 800 g',
      brand: 'Blackbird Bakery',
      gtin: null,
      description: 'Baked daily.',
      categoryId: '0a000000-0000-4000-8000-000000000002',
      images: [image, { ...image, url: image.url.replace(/1$/, '2') }],
      attributes: [{ name: 'Weight', value: '800 g' }],
      contentStatus: 'store',
      editable: true,
      offerId: own.id,
      sku: 'BREAD-800',
    };
    const api = mockApi({
      [`GET ${managePaths.offers(businessId)}`]: () => listAnswer([offer(), own]),
      'GET /api/v1/categories': () => ({
        body: {
          status: 1,
          results: [
            {
              id: '0a000000-0000-4000-8000-000000000002',
              slug: 'bakery',
              name: 'Bakery',
              kind: 'retail',
              parentId: null,
              children: [],
            },
          ],
        },
      }),
      [`GET ${storeProductPaths.product(businessId, productId)}`]: () => ({
        body: { status: 1, result: stored },
      }),
      [`PUT ${storeProductPaths.product(businessId, productId)}`]: (call) => ({
        body: {
          status: 1,
          message: storeProductMessages.productSaved,
          result: { ...stored, ...(call.body as object) },
        },
      }),
    });
    renderPage();
    expect(
      await screen.findByText(PRODUCT_CONTENT_LABELS.ownProduct, { exact: false }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Edit product Oat milk 1 L' }),
    ).not.toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Edit product Country Sourdough 800 g' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Country Sourdough 800 g' });
    const title = await within(dialog).findByRole('textbox', { name: 'Product name' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Country Sourdough Loaf 800 g');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove photo 2' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText(storeProductMessages.productSaved)).toBeInTheDocument();
    expect(api.callsTo('PUT', storeProductPaths.product(businessId, productId))[0]?.body).toEqual({
      title: 'Country Sourdough Loaf 800 g',
      brand: 'Blackbird Bakery',
      description: 'Baked daily.',
      categoryId: '0a000000-0000-4000-8000-000000000002',
      images: [image],
      attributes: [{ name: 'Weight', value: '800 g' }],
    });
  });

  it('adds a size to the store’s own product: the main size is named too, labels are checked first', async () => {
    const own = offer({
      id: '0f000000-0000-4000-8000-000000000005',
      productId,
      title: 'Country Sourdough 800 g',
      gtin: null,
      sku: 'BREAD-800',
      contentStatus: 'store',
      contentEditable: true,
      price: { amount: 650, currency: 'CAD' },
    });
    const stored = {
      id: productId,
      title: 'Country Sourdough 800 g',
      brand: 'Blackbird Bakery',
      gtin: null,
      description: '',
      categoryId: '0a000000-0000-4000-8000-000000000002',
      images: [],
      attributes: [{ name: 'Weight', value: '800 g' }],
      contentStatus: 'store',
      editable: true,
      offerId: own.id,
      sku: 'BREAD-800',
      variantLabel: null,
      variantOf: null,
      variants: [],
    };
    const api = mockApi({
      [`GET ${managePaths.offers(businessId)}`]: () => listAnswer([own]),
      'GET /api/v1/categories': () => ({ body: { status: 1, results: [] } }),
      [`GET ${storeProductPaths.product(businessId, productId)}`]: () => ({
        body: { status: 1, result: stored },
      }),
      [`POST ${variantPaths.variants(businessId, productId)}`]: () => ({
        status: 201,
        body: { status: 1, message: variantMessages.variantAdded, results: [] },
      }),
    });
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit product Country Sourdough 800 g' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Country Sourdough 800 g' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Add a size' }));
    const form = within(dialog).getByRole('form', { name: 'Add a size' });
    // The main product's own size is guessed from its Weight detail.
    expect(within(form).getByRole('textbox', { name: 'This product’s size' })).toHaveValue('800 g');
    await userEvent.type(within(form).getByRole('textbox', { name: 'New size' }), '800 G');
    await userEvent.click(within(form).getByRole('button', { name: 'Add size' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(variantMessages.labelTaken);
    expect(api.callsTo('POST', variantPaths.variants(businessId, productId))).toHaveLength(0);

    const label = within(form).getByRole('textbox', { name: 'New size' });
    await userEvent.clear(label);
    await userEvent.type(label, '400 g');
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'SKU of the new size' }),
      'BREAD-400',
    );
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Price of the new size' }),
      '4.25',
    );
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Quantity in stock of the new size' }),
      '5',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Add size' }));
    expect(await within(dialog).findByText(variantMessages.variantAdded)).toBeInTheDocument();
    expect(api.callsTo('POST', variantPaths.variants(businessId, productId))[0]?.body).toEqual({
      label: '400 g',
      mainLabel: '800 g',
      sku: 'BREAD-400',
      price: 425,
      quantity: 5,
    });
  });

  it('lists each size under its main product', () => {
    const main = offer({
      id: '0f000000-0000-4000-8000-00000000000a',
      productId,
      title: 'Loaf 800 g',
    });
    const other = offer({ id: '0f000000-0000-4000-8000-00000000000b', title: 'Bagel' });
    const size = offer({
      id: '0f000000-0000-4000-8000-00000000000c',
      productId: '0c000000-0000-4000-8000-00000000000c',
      title: 'Loaf 400 g',
      variantOf: productId,
      variantLabel: '400 g',
    });
    expect(groupedBySize([size, other, main]).map((row) => row.title)).toEqual([
      'Bagel',
      'Loaf 800 g',
      'Loaf 400 g',
    ]);
    // A size whose main product is not loaded stays where the list put it.
    expect(groupedBySize([size, other]).map((row) => row.title)).toEqual(['Loaf 400 g', 'Bagel']);
  });
});
