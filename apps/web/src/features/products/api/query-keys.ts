import type { QueryParams } from '../../../lib/http.ts';

/** TanStack Query keys of the products feature, in one place so invalidation cannot miss one. */
export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (query: QueryParams) => [...productKeys.lists(), query] as const,
  detail: (id: string, near: QueryParams) => [...productKeys.all, 'detail', id, near] as const,
  categories: (kind: string) => ['categories', kind] as const,
};
