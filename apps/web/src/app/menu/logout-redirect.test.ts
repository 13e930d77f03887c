import { describe, expect, it } from 'vitest';
import { redirectAfterLogout } from './logout-redirect.ts';

describe('redirectAfterLogout (spec §4)', () => {
  it.each([
    '/profile',
    '/cart',
    '/my-order',
    '/checkout/42',
    '/add-address',
    '/profile/',
    '/cart/anything/deeper',
  ])('%s goes to /home', (path) => {
    expect(redirectAfterLogout(path)).toBe('/home');
  });

  it.each([
    '/home',
    '/products',
    '/cms/faq/1',
    '/order-details/o1',
    '/edit-profile',
    '/my-orders',
    '/carts',
    '/',
    '',
  ])('%s stays where it is', (path) => {
    expect(redirectAfterLogout(path)).toBeNull();
  });

  it('judges the first segment only', () => {
    expect(redirectAfterLogout('/products/cart')).toBeNull();
  });
});
