/** Messages of the Manage Your Store site's access layer (areas add their own beside their schemas). */
export const manageMessages = {
  notAMember: 'You do not manage this store.',
  ownerOnly: "Only the store's owner can do this.",
  adminOnly: 'Only a Localmart administrator can do this.',
  storeNotFound: 'Store not found.',
} as const;
