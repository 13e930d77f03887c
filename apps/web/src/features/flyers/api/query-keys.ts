/** TanStack Query keys of the flyers feature, in one place so invalidation cannot miss one. */
export const flyerKeys = {
  all: ['flyers'] as const,
  list: (near: { lat?: number; lng?: number }) => [...flyerKeys.all, 'list', near] as const,
  detail: (id: string) => [...flyerKeys.all, 'detail', id] as const,
};
