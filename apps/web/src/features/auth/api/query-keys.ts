/** TanStack Query keys of the auth feature. */
export const authKeys = {
  all: ['auth'] as const,
  clientConfig: () => [...authKeys.all, 'client-config'] as const,
};
