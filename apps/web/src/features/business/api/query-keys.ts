/** TanStack Query keys of the store page, in one place so invalidation cannot miss one. */
export const businessKeys = {
  all: ['business'] as const,
  detail: (id: string, near: object) => [...businessKeys.all, id, 'detail', near] as const,
  products: (id: string, near: object) => [...businessKeys.all, id, 'products', near] as const,
  services: (id: string) => [...businessKeys.all, id, 'services'] as const,
  flyers: (id: string) => [...businessKeys.all, id, 'flyers'] as const,
  gallery: (id: string) => [...businessKeys.all, id, 'gallery'] as const,
  team: (id: string) => [...businessKeys.all, id, 'team'] as const,
  teamMember: (id: string, memberId: string) =>
    [...businessKeys.all, id, 'team', memberId] as const,
};
