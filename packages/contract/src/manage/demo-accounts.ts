/**
 * The demo's sign-ins for Manage Your Store: a platform admin and the owner of one demo grocery
 * store, with a well-known password (README). They exist only where the demo city is seeded (first
 * start of the embedded database, or `npm run db:seed` on purpose), never in a database nobody
 * seeded. Here so the seed, the README's wording and the browser tests name the same accounts.
 */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@localmart.example', firstName: 'Ada', lastName: 'Admin' },
  owner: { email: 'owner@localmart.example', firstName: 'Olive', lastName: 'Owner' },
} as const;
export const DEMO_ACCOUNT_PASSWORD = 'localmart-demo';
