/**
 * TanStack Query keys of the addresses feature. The checkout's address picker reads the same list
 * key (features do not import each other), so a save or delete here refreshes it there too.
 */
export const addressKeys = {
  all: ['addresses'] as const,
  list: () => [...addressKeys.all, 'list'] as const,
};
