import { catalogPaths } from '@localmart/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import {
  ProductsTab,
  STORE_PRODUCT_SEARCH_LABEL,
  STORE_PRODUCT_SORT_LABEL,
  STORE_PRODUCT_SORT_LABELS,
} from './products-tab.tsx';

const storeId = '3f6c1a52-8d7e-4c1b-9a55-0b8e4d1c2a01';

describe('a store’s Products tab', { timeout: 60_000 }, () => {
  it('is sorted by price, searchable, and ranks by best match while searching', async () => {
    const api = mockApi({
      [`GET ${catalogPaths.products}`]: () => ({
        body: { status: 1, results: [], nextCursor: null },
      }),
    });
    renderWithProviders(<ProductsTab businessId={storeId} />);
    const params = () =>
      api
        .callsTo('GET', catalogPaths.products)
        .map((call) => new URL(call.url, 'http://x').searchParams);
    // Not the catalogue's internal order: price, low to high, for this store only.
    await waitFor(() => expect(params()).toHaveLength(1));
    expect(params()[0]!.get('businessId')).toBe(storeId);
    expect(params()[0]!.get('sort')).toBe('price_asc');
    expect(params()[0]!.get('q')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'No products yet' })).toBeInTheDocument();

    const sort = screen.getByRole('combobox', { name: STORE_PRODUCT_SORT_LABEL });
    await userEvent.selectOptions(sort, STORE_PRODUCT_SORT_LABELS.price_desc);
    await waitFor(() => expect(params().at(-1)!.get('sort')).toBe('price_desc'));

    await userEvent.click(screen.getByRole('searchbox', { name: STORE_PRODUCT_SEARCH_LABEL }));
    await userEvent.paste('oat milk');
    await waitFor(() => expect(params().at(-1)!.get('q')).toBe('oat milk'));
    // A price order the shopper picked stays; Best match is offered while there are words.
    expect(params().at(-1)!.get('sort')).toBe('price_desc');
    await userEvent.selectOptions(sort, STORE_PRODUCT_SORT_LABELS.relevance);
    await waitFor(() => expect(params().at(-1)!.get('sort')).toBe('relevance'));
    expect(
      await screen.findByRole('heading', { name: 'No matching products' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Nothing at this store matches “oat milk”.')).toBeInTheDocument();
  });
});
