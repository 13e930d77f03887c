import { useInfiniteQuery } from '@tanstack/react-query';
import {
  catalogPaths,
  foodItemListResponse,
  isSuccess,
  type CatalogSort,
  type DietaryTag,
  type FoodItemSummary,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import type { Near } from '../../../lib/catalog/businesses-of-kind.ts';
import { foodKeys } from './query-keys.ts';

/** The food-items screen's filters, as the query string of GET food-items takes them. */
export interface FoodItemFilters {
  q?: string | undefined;
  dietary?: DietaryTag | undefined;
  /** Minor units. */
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  sort: CatalogSort;
  near: Near;
}

export interface FoodItemPage {
  results: FoodItemSummary[];
  nextCursor: string | null;
}

export async function getFoodItems(
  filters: FoodItemFilters,
  cursor: string | undefined,
  client: HttpClient = http,
): Promise<FoodItemPage> {
  const { near, ...rest } = filters;
  const answer = await client.get(
    catalogPaths.foodItems,
    { ...rest, ...near, cursor },
    foodItemListResponse,
  );
  if (isSuccess(answer)) return { results: answer.results, nextCursor: answer.nextCursor };
  throw new Error(answer.message);
}

export function useFoodItems(filters: FoodItemFilters) {
  return useInfiniteQuery({
    queryKey: foodKeys.items(filters),
    queryFn: ({ pageParam }) => getFoodItems(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 60_000,
  });
}
