import { describe, expect, it } from 'vitest';
import { SvgCache } from './svg-cache.ts';

describe('SvgCache', () => {
  it('evicts the least recently used entries once over its character budget', () => {
    const cache = new SvgCache(10);
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    // Reading a makes b the least recently used.
    expect(cache.get('a')).toBe('aaaa');
    cache.set('c', 'cccc');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaa');
    expect(cache.get('c')).toBe('cccc');
    expect(cache.chars).toBe(8);
  });

  it('replaces an entry without counting it twice, and never keeps one larger than the budget', () => {
    const cache = new SvgCache(10);
    cache.set('a', 'aaaa');
    cache.set('a', 'aaaaaa');
    expect(cache.chars).toBe(6);
    expect(cache.count).toBe(1);
    cache.set('huge', 'x'.repeat(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaaaa');
  });
});
