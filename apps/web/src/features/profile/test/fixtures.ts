import type { Profile } from '@localmart/contract';
import type { MockHandler } from '../../../test/api-mock.ts';

/** The signed-in shopper of the profile tests, as GET profile answers. */
export const profile: Profile = {
  _id: '6f1c0c1e-0000-4000-8000-000000000001',
  first_name: 'Ada',
  last_name: 'Lovelace',
  display_name: 'Countess of Lovelace',
  email: 'ada@example.com',
  picture: null,
  email_verified: true,
  has_password: true,
  google_linked: false,
  phone: null,
  created_at: '2024-03-15T10:00:00.000Z',
};

/** GET profile answering `profile`. */
export const getProfile: MockHandler = () => ({ body: { status: 1, result: profile } });
