import { catalogPaths, commonMessages } from '@localmart/contract';
import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../../lib/http.ts';
import { offer, page, productDetail, productSummary, retailTree } from '../test/fixtures.ts';
import { getCategories } from './get-categories.ts';
import { getProduct } from './get-product.ts';
import { getProducts } from './get-products.ts';

function clientAnswering(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status }),
  );
  const client = createHttpClient({
    fetch: fetchMock as unknown as typeof fetch,
    token: () => null,
    origin: () => '',
    csrfCookie: () => null,
    log: { debug: vi.fn(), warn: vi.fn(), error: vi.fn() },
  });
  return { client, fetchMock };
}

describe('getProducts', () => {
  it('asks for a page with the filters and the cursor, and answers products and nextCursor', async () => {
    const milk = productSummary('Milk');
    const { client, fetchMock } = clientAnswering(200, page([milk], 'next-page_1'));
    const answer = await getProducts({ q: 'milk', inStockOnly: true }, 'abc_DEF-1', client);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      `${catalogPaths.products}?q=milk&inStockOnly=true&cursor=abc_DEF-1`,
    );
    expect(answer).toEqual({ products: [milk], nextCursor: 'next-page_1', correctedQuery: null });
  });

  it("throws the server's message on a 400, so the grid shows it with Retry", async () => {
    const { client } = clientAnswering(400, { status: 0, message: 'radiusKm must be at most 100' });
    await expect(getProducts({ radiusKm: 500 }, null, client)).rejects.toThrow(
      'radiusKm must be at most 100',
    );
  });

  it('refuses an answer that is not the contract shape', async () => {
    const { client } = clientAnswering(200, {
      status: 1,
      results: [{ id: 'x' }],
      nextCursor: null,
    });
    await expect(getProducts({}, null, client)).rejects.toThrow(commonMessages.genericFailure);
  });
});

describe('getProduct', () => {
  const product = productDetail('Milk', [offer({ quantity: 3 })]);

  it('finds a product, sending the location', async () => {
    const { client, fetchMock } = clientAnswering(200, { status: 1, result: product });
    expect(await getProduct(product.id, { lat: 43.6, lng: -79.4 }, client)).toEqual({
      found: true,
      product,
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      `${catalogPaths.product(product.id)}?lat=43.6&lng=-79.4`,
    );
  });

  it('reads 404 and 400 as "no such product", other failures as errors', async () => {
    const notFound = clientAnswering(404, { status: 0, message: commonMessages.notFound });
    expect(await getProduct(product.id, {}, notFound.client)).toEqual({ found: false });
    const bad = clientAnswering(400, { status: 0, message: 'id must be a UUID' });
    expect(await getProduct('nope', {}, bad.client)).toEqual({ found: false });
    const down = clientAnswering(503, { status: 0, message: 'down' });
    await expect(getProduct(product.id, {}, down.client)).rejects.toThrow('down');
  });
});

describe('getCategories', () => {
  it('asks for one kind and answers its roots with children nested', async () => {
    const tree = retailTree();
    const { client, fetchMock } = clientAnswering(200, { status: 1, results: tree });
    expect(await getCategories('retail', client)).toEqual(tree);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`${catalogPaths.categories}?kind=retail`);
  });
});
