import { commercePaths, livePaths, managePaths } from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import {
  isCacheableOrderRequest,
  isManageNavigation,
  isShellNavigation,
  ORDERS_API_PATH,
  sessionScopedCacheKey,
} from './offline-routes.ts';

const ORIGIN = 'https://shop.example.com';

function request(path: string, { method = 'GET', token = 'tok-1', origin = ORIGIN } = {}) {
  const headers = new Headers(token ? { Authorization: `Bearer ${token}` } : {});
  return { method, url: `${origin}${path}`, headers };
}

describe('what the service worker keeps for offline reading', () => {
  it('names the same orders path as the contract', () => {
    expect(ORDERS_API_PATH).toBe(commercePaths.orders);
  });

  it("keeps the signed-in shopper's order list and order pages", () => {
    expect(isCacheableOrderRequest(request(commercePaths.orders), ORIGIN)).toBe(true);
    expect(isCacheableOrderRequest(request(`${commercePaths.orders}?page=2`), ORIGIN)).toBe(true);
    expect(isCacheableOrderRequest(request(commercePaths.order('o-1')), ORIGIN)).toBe(true);
  });

  it('keeps nothing else: no token, POSTs, actions, other origins, the event stream, the store site', () => {
    const refused = [
      request(commercePaths.order('o-1'), { token: '' }),
      request(commercePaths.orderCancel('o-1'), { method: 'POST' }),
      request(commercePaths.order('o-1'), { method: 'POST' }),
      request(commercePaths.orderCancel('o-1')),
      request(commercePaths.order('o-1'), { origin: 'https://elsewhere.example.com' }),
      request(livePaths.shopperEvents),
      request(managePaths.me),
      request('/api/v1/manage/businesses/b-1/orders/o-1'),
      request('/api/v1/ordersx'),
      request(commercePaths.cart),
      request('/payu-sim/_payment'),
    ];
    for (const candidate of refused) {
      expect(
        isCacheableOrderRequest(candidate, ORIGIN),
        `${candidate.method} ${candidate.url}`,
      ).toBe(false);
    }
  });

  it('keys a kept answer by session, never storing the token', async () => {
    const url = `${ORIGIN}${commercePaths.order('o-1')}`;
    const first = await sessionScopedCacheKey(url, 'Bearer tok-1');
    expect(first).toMatch(
      /^https:\/\/shop\.example\.com\/api\/v1\/orders\/o-1\?__session=[0-9a-f]{24}$/,
    );
    expect(first).not.toContain('tok-1');
    expect(await sessionScopedCacheKey(url, 'Bearer tok-1')).toBe(first);
    expect(await sessionScopedCacheKey(url, 'Bearer tok-2')).not.toBe(first);
  });
});

describe('which navigations the cached shell answers', () => {
  it.each(['/', '/home', '/order-details/o-1', '/my-order', '/cms/about-us/abc'])(
    'opens the shopper app for %s',
    (path) => expect(isShellNavigation(path)).toBe(true),
  );

  it.each([
    '/manage',
    '/manage/stores/b-1/orders',
    '/api/v1/orders',
    '/payu-sim/_payment',
    '/dev/outbox',
    '/sw.js',
    '/manifest.webmanifest',
    '/offline.html',
  ])('leaves %s to the network', (path) => expect(isShellNavigation(path)).toBe(false));

  it('tells the Manage Your Store site apart', () => {
    expect(isManageNavigation('/manage')).toBe(true);
    expect(isManageNavigation('/manage/admin/mail')).toBe(true);
    expect(isManageNavigation('/managed')).toBe(false);
    expect(isManageNavigation('/home')).toBe(false);
  });
});
