/** TanStack Query keys of the profile feature; per user, so a new sign-in never sees another's. */
export const profileKeys = {
  all: ['profile'] as const,
  profile: (userId: string) => [...profileKeys.all, userId] as const,
  priceMatches: (userId: string) => [...profileKeys.all, 'price-matches', userId] as const,
  pushDevices: (userId: string) => [...profileKeys.all, 'push-devices', userId] as const,
};
