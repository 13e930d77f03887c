import {
  catalogPaths,
  isSuccess,
  productDetailResponse,
  type ProductDetail,
} from '@localmart/contract';
import { useQuery } from '@tanstack/react-query';
import { http, httpStatusOf, type HttpClient, type QueryParams } from '../../../lib/http.ts';
import { productKeys } from './query-keys.ts';

export type ProductLookup = { found: true; product: ProductDetail } | { found: false };

/**
 * GET products/{id}: brand content and every store's offer. `near` ({lat, lng} or nothing) lets the
 * server put a distance on each offer and order them nearest first. An unknown id (404) or a
 * malformed one (400) is "no such product", a state of the page rather than an error to retry.
 */
export async function getProduct(
  id: string,
  near: QueryParams = {},
  client: HttpClient = http,
): Promise<ProductLookup> {
  const answer = await client.get(catalogPaths.product(id), near, productDetailResponse);
  if (isSuccess(answer)) return { found: true, product: answer.result };
  const httpStatus = httpStatusOf(answer);
  if (httpStatus === 404 || httpStatus === 400) return { found: false };
  throw new Error(answer.message);
}

export function useProduct(id: string, near: QueryParams) {
  return useQuery({
    queryKey: productKeys.detail(id, near),
    queryFn: () => getProduct(id, near),
    // No id in the URL at all: nothing to ask the server.
    enabled: id !== '',
    staleTime: 60_000,
  });
}
