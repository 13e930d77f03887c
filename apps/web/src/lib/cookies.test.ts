import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies.ts';

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('lm_csrf', 'a=1; lm_csrf=abc%3D%3D; b=2')).toBe('abc==');
  });

  it('does not match a cookie whose name only ends with the one asked for', () => {
    expect(readCookie('csrf', 'lm_csrf=abc')).toBeNull();
  });

  it('returns null when absent and keeps undecodable values as they are', () => {
    expect(readCookie('x', '')).toBeNull();
    expect(readCookie('x', 'x=%E0%A4%A')).toBe('%E0%A4%A');
  });
});
