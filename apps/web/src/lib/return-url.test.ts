import { describe, expect, it } from 'vitest';
import {
  cleanReturnUrl,
  loginPathWithReturn,
  pathAfterLogin,
  pathAfterSessionCheck,
  readReturnUrl,
} from './return-url.ts';

describe('return_url (spec §2)', () => {
  it('reads return_url from the query string', () => {
    expect(readReturnUrl('?return_url=profile')).toBe('profile');
    expect(readReturnUrl('?return_url=checkout%2F42')).toBe('checkout/42');
    expect(readReturnUrl('?other=1')).toBeNull();
    expect(readReturnUrl('')).toBeNull();
    expect(readReturnUrl('?return_url=')).toBeNull();
  });

  it('keeps only in-app paths', () => {
    expect(cleanReturnUrl('/profile')).toBe('profile');
    expect(cleanReturnUrl('//evil.example/x')).toBe('evil.example/x');
    expect(cleanReturnUrl('/\\evil.example')).toBe('evil.example');
    expect(cleanReturnUrl('https://evil.example')).toBeNull();
    expect(cleanReturnUrl('javascript:alert(1)')).toBeNull();
    expect(cleanReturnUrl('a\\b')).toBeNull();
    expect(cleanReturnUrl('   ')).toBeNull();
    expect(cleanReturnUrl(undefined)).toBeNull();
  });

  it('builds the login path a private page sends anonymous visitors to', () => {
    expect(loginPathWithReturn('profile')).toBe('/login?return_url=profile');
    expect(loginPathWithReturn('edit-profile')).toBe('/login?return_url=edit-profile');
    expect(loginPathWithReturn('checkout/42')).toBe('/login?return_url=checkout%2F42');
    expect(readReturnUrl(loginPathWithReturn('checkout/42').split('?')[1] ?? '')).toBe(
      'checkout/42',
    );
    expect(loginPathWithReturn('')).toBe('/login');
  });

  it('on opening login with a session: /{return_url} if present, otherwise /home', () => {
    expect(pathAfterSessionCheck('profile')).toBe('/profile');
    expect(pathAfterSessionCheck(null)).toBe('/home');
    expect(pathAfterSessionCheck('https://evil.example')).toBe('/home');
  });

  it('after login with a return_url: /{return_url}', () => {
    expect(pathAfterLogin('profile', { pathname: '/login', search: '?return_url=profile' })).toBe(
      '/profile',
    );
    expect(pathAfterLogin('my-order', { pathname: '/products', search: '' })).toBe('/my-order');
  });

  it('after login without a return_url: the current route again, /home instead of /login', () => {
    expect(pathAfterLogin(null, { pathname: '/products', search: '?q=milk' })).toBe(
      '/products?q=milk',
    );
    expect(pathAfterLogin(null, { pathname: '/cms/faq/1', search: '' })).toBe('/cms/faq/1');
    expect(pathAfterLogin(null, { pathname: '/login', search: '' })).toBe('/home');
    expect(pathAfterLogin(null, { pathname: '/login/', search: '?x=1' })).toBe('/home');
  });
});
