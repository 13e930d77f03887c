import {
  catalogPaths,
  isSuccess,
  productListResponse,
  type ProductSummary,
} from '@localmart/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { http, type HttpClient, type QueryParams } from '../../../lib/http.ts';
import {
  DEVICE_PREFERENCE_KEYS,
  devicePreferences,
  type DevicePreferences,
} from '../../../lib/location/device-preferences.ts';
import { nearParams, parseStoredLocation } from '../../../lib/location/use-shopper-location.ts';
import { parseProductFilters, productListParams } from '../model/product-filters.ts';
import { productKeys } from './query-keys.ts';

export interface ProductPage {
  products: ProductSummary[];
  nextCursor: string | null;
  /** How the server read a search with a typo ("milk" for "mlik"); null when taken as typed. */
  correctedQuery: string | null;
}

/**
 * GET products: one keyset page of the grid. `params` are productListQuery's (see
 * model/product-filters.ts); `cursor` is the previous page's nextCursor. A failure throws so the
 * query reports it and the screen offers Retry.
 */
export async function getProducts(
  params: QueryParams,
  cursor: string | null = null,
  client: HttpClient = http,
): Promise<ProductPage> {
  const answer = await client.get(
    catalogPaths.products,
    cursor ? { ...params, cursor } : params,
    productListResponse,
  );
  if (isSuccess(answer)) {
    return {
      products: answer.results,
      nextCursor: answer.nextCursor,
      correctedQuery: answer.correctedQuery ?? null,
    };
  }
  throw new Error(answer.message);
}

/** The grid's query, shared by the page and the first-screen prefetch so both use one cache entry. */
export function productsQuery(params: QueryParams) {
  return infiniteQueryOptions({
    queryKey: productKeys.list(params),
    queryFn: ({ pageParam }) => getProducts(params, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ProductPage) => last.nextCursor,
    // Stock moves during the day, but not between two scrolls of the same list.
    staleTime: 60_000,
  });
}

export function useProducts(params: QueryParams) {
  return useInfiniteQuery({
    ...productsQuery(params),
    // While a new search runs the old cards stay (dimmed) instead of flashing a skeleton per keypress.
    placeholderData: keepPreviousData,
  });
}

/**
 * Loads the first page of the grid the page opens with (the filters of `search`, the stored location,
 * as useShopperLocation reads it) into `client` before the app's first render (main.tsx), so that
 * render already shows the cards and their images (the LCP element) instead of a skeleton and then, a
 * render and a paint later, the cards. The list call itself is the one app/first-screen.ts started.
 */
export async function prefetchFirstProducts(
  client: QueryClient,
  search: string,
  store: DevicePreferences = devicePreferences,
): Promise<void> {
  const location = parseStoredLocation(store.getSnapshot()[DEVICE_PREFERENCE_KEYS.location]);
  const params = productListParams(parseProductFilters(search), nearParams(location));
  await client.prefetchInfiniteQuery(productsQuery(params));
}
