import { describe, expect, it } from 'vitest';
import { resolveAppLink } from './app-links.ts';

describe('resolveAppLink (spec §2: app links become in-app routes, else /home)', () => {
  it.each([
    ['https://shop.example.com/home', '/home'],
    ['https://shop.example.com/products', '/products'],
    ['https://shop.example.com/reset-password/abc123', '/reset-password/abc123'],
    ['https://shop.example.com/checkout/42', '/checkout/42'],
    ['https://shop.example.com/menu-details/b1/m1', '/menu-details/b1/m1'],
    ['https://shop.example.com/business-details/b42/gallery', '/business-details/b42/gallery'],
    ['https://shop.example.com/order-details/ORD-7781', '/order-details/ORD-7781'],
    ['https://shop.example.com/service-details/b1/s9', '/service-details/b1/s9'],
    ['https://shop.example.com/order/o1', '/order/o1'],
    [
      'https://shop.example.com/cms/faq/0b8f3c1e-1111-4a4a-8888-123456789abc',
      '/cms/faq/0b8f3c1e-1111-4a4a-8888-123456789abc',
    ],
    ['https://shop.example.com/order-failure/b7', '/order-failure/b7'],
    ['https://shop.example.com/mobile-verify', '/mobile-verify'],
    ['https://shop.example.com/user-location', '/user-location'],
  ])('%s -> %s', (url, route) => {
    expect(resolveAppLink(url)).toBe(route);
  });

  it('keeps the query string', () => {
    expect(resolveAppLink('https://shop.example.com/login?return_url=cart')).toBe(
      '/login?return_url=cart',
    );
    expect(resolveAppLink('https://shop.example.com/order/o1?paid=1&ref=x%20y')).toBe(
      '/order/o1?paid=1&ref=x%20y',
    );
  });

  it('accepts the custom scheme, whose first segment parses as the host', () => {
    expect(resolveAppLink('localmart://order-details/42')).toBe('/order-details/42');
    expect(resolveAppLink('localmart://products?sort=distance')).toBe('/products?sort=distance');
    expect(resolveAppLink('localmart:///products')).toBe('/products');
    expect(resolveAppLink('localmart://')).toBe('/home');
  });

  it('ignores a trailing slash and doubled slashes', () => {
    expect(resolveAppLink('https://shop.example.com/products/')).toBe('/products');
    expect(resolveAppLink('https://shop.example.com//order-details//o1/')).toBe(
      '/order-details/o1',
    );
  });

  it('sends the root to /home, keeping its query', () => {
    expect(resolveAppLink('https://shop.example.com/')).toBe('/home');
    expect(resolveAppLink('https://shop.example.com')).toBe('/home');
    expect(resolveAppLink('https://shop.example.com/?ref=mail')).toBe('/home?ref=mail');
  });

  it('falls back to /home for unknown paths and wrong parameter counts', () => {
    expect(resolveAppLink('https://shop.example.com/no/such/place')).toBe('/home');
    expect(resolveAppLink('https://shop.example.com/order-details')).toBe('/home');
    expect(resolveAppLink('https://shop.example.com/order-details/1/extra')).toBe('/home');
    expect(resolveAppLink('https://shop.example.com/api/v1/pages')).toBe('/home');
  });

  it('falls back to /home for garbage', () => {
    expect(resolveAppLink('')).toBe('/home');
    expect(resolveAppLink('not a url')).toBe('/home');
    expect(resolveAppLink('https://shop.example.com/order-details/%E0%A4%A')).toBe('/home');
  });
});
