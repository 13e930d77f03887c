/** TanStack Query keys of the CMS feature, in one place so invalidation cannot miss one. */
export const cmsKeys = {
  all: ['cms'] as const,
  pages: () => [...cmsKeys.all, 'pages'] as const,
  page: (id: string) => [...cmsKeys.all, 'page', id] as const,
};
