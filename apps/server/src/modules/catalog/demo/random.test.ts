import { describe, expect, it } from 'vitest';
import { demoUuid, slugify } from './ids.ts';
import { hashText, Random } from './random.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('seeded randomness', () => {
  it('repeats exactly for the same seed and key, and differs otherwise', () => {
    const draw = (seed: string, key: string) => {
      const random = Random.for(seed, key);
      return Array.from({ length: 5 }, () => random.float());
    };
    expect(draw('a', 'product:1')).toEqual(draw('a', 'product:1'));
    expect(draw('a', 'product:1')).not.toEqual(draw('a', 'product:2'));
    expect(draw('a', 'product:1')).not.toEqual(draw('b', 'product:1'));
  });

  it('stays within bounds', () => {
    const random = new Random(42);
    for (let i = 0; i < 1000; i++) {
      const n = random.int(3, 7);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(7);
      const f = random.float();
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
    }
  });

  it('samples distinct items and shuffles without losing any', () => {
    const random = new Random(7);
    const items = Array.from({ length: 50 }, (_, i) => i);
    const sample = random.sample(items, 20);
    expect(new Set(sample).size).toBe(20);
    expect(random.shuffle(items).sort((a, b) => a - b)).toEqual(items);
    expect(() => random.pick([])).toThrow(RangeError);
  });

  it('hashes text to 32 bits', () => {
    expect(hashText('milk')).toBe(hashText('milk'));
    expect(hashText('milk')).not.toBe(hashText('milks'));
    expect(hashText('milk')).toBeLessThan(2 ** 32);
  });
});

describe('demoUuid', () => {
  it('is a deterministic v4-shaped UUID', () => {
    const id = demoUuid('localmart', 'business:0');
    expect(id).toMatch(UUID_V4);
    expect(demoUuid('localmart', 'business:0')).toBe(id);
    expect(demoUuid('other', 'business:0')).not.toBe(id);
    expect(demoUuid('localmart', 'business:1')).not.toBe(id);
  });

  it('does not collide over 200,000 similar keys', () => {
    const ids = new Set<string>();
    for (let b = 0; b < 200; b++) {
      for (let p = 0; p < 1000; p++) ids.add(demoUuid('localmart', `offer:${b}:${p}`));
    }
    expect(ids.size).toBe(200_000);
  });
});

describe('slugify', () => {
  it('makes URL-safe slugs', () => {
    expect(slugify('Organic 2% Milk 2 L')).toBe('organic-2-milk-2-l');
    expect(slugify('Café Crème & Co.')).toBe('cafe-creme-and-co');
    expect(slugify("Lam's Fine Foods")).toBe('lam-s-fine-foods');
  });
});
