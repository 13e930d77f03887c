import type { BusinessKind } from '@localmart/contract';
import type { BusinessFilters } from './business-list-params.ts';

/** TanStack Query keys of the Stores feature, in one place so invalidation cannot miss one. */
export const storesKeys = {
  all: ['stores'] as const,
  lists: () => [...storesKeys.all, 'list'] as const,
  list: (filters: BusinessFilters) => [...storesKeys.lists(), filters] as const,
  categories: (kind: BusinessKind) => [...storesKeys.all, 'categories', kind] as const,
};
