import type { FoodItemFilters } from './get-food-items.ts';

/** TanStack Query keys of the food feature, in one place so invalidation cannot miss one. */
export const foodKeys = {
  all: ['food'] as const,
  menu: (businessId: string, menuId: string) =>
    [...foodKeys.all, 'menu', businessId, menuId] as const,
  items: (filters: FoodItemFilters) => [...foodKeys.all, 'items', filters] as const,
};
