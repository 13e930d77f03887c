import { DEFAULT_APP_NAME } from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('defaults the app name and leaves the API origin empty (web: same origin)', () => {
    expect(parseEnv({})).toEqual({ appName: DEFAULT_APP_NAME, apiOrigin: '' });
    expect(parseEnv({ VITE_APP_NAME: '   ' }).appName).toBe(DEFAULT_APP_NAME);
  });

  it('keeps a configured name and strips a trailing slash from the origin', () => {
    expect(
      parseEnv({ VITE_APP_NAME: 'Corner Shop', VITE_API_ORIGIN: 'https://shop.example.com/' }),
    ).toEqual({
      appName: 'Corner Shop',
      apiOrigin: 'https://shop.example.com',
    });
  });

  it.each([
    'shop.example.com',
    'ftp://shop.example.com',
    'https://shop.example.com/api',
    'https://x.com?a=1',
  ])('refuses %s as an API origin', (origin) => {
    expect(() => parseEnv({ VITE_API_ORIGIN: origin })).toThrow(/VITE_API_ORIGIN/);
  });
});
