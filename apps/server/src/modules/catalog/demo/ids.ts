import { seedHash } from './random.ts';

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

function fmix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** One murmur3-style step: mix a character into a lane with that lane's multiplier. */
function step(lane: number, char: number, multiplier: number): number {
  let h = lane ^ Math.imul(char, multiplier);
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

const hex8 = (word: number) =>
  (HEX[word >>> 24] ?? '') +
  (HEX[(word >>> 16) & 0xff] ?? '') +
  (HEX[(word >>> 8) & 0xff] ?? '') +
  (HEX[word & 0xff] ?? '');

/**
 * Deterministic UUIDs for demo records: four murmur3-style 32-bit lanes over (seed, key), one pass,
 * shaped as version 4 (random) UUIDs so they pass `z.uuid()` and Postgres `uuid`. They depend on the
 * seed and the record's key only (not on `now`), so re-seeding updates the same rows instead of
 * adding new ones. Uniqueness is checked over every id of the small city in the tests, and over the
 * 1.2 million ids of the bench city when it is measured.
 */
export function demoUuid(seed: string, key: string): string {
  const base = seedHash(seed);
  // Four lanes with distinct salts and odd multipliers, unrolled: ids are the hot path at bench scale.
  let a = base ^ 0x811c9dc5;
  let b = base ^ 0x2545f491;
  let c = base ^ 0x9e3779b9;
  let d = base ^ 0x7f4a7c15;
  for (let i = 0; i < key.length; i++) {
    const char = key.charCodeAt(i);
    a = step(a, char, 0xcc9e2d51);
    b = step(b, char, 0x1b873593);
    c = step(c, char, 0x85ebca6b);
    d = step(d, char, 0xc2b2ae35);
  }
  const w0 = fmix32(a ^ key.length);
  const w1 = ((fmix32(b ^ key.length) & 0xffff0fff) | 0x00004000) >>> 0; // version 4
  const w2 = ((fmix32(c ^ key.length) & 0x3fffffff) | 0x80000000) >>> 0; // RFC 4122 variant
  const w3 = fmix32(d ^ key.length);
  const h1 = hex8(w1);
  const h2 = hex8(w2);
  return `${hex8(w0)}-${h1.slice(0, 4)}-${h1.slice(4)}-${h2.slice(0, 4)}-${h2.slice(4)}${hex8(w3)}`;
}

/** URL-safe slug: 'Organic 2% Milk 2 L' -> 'organic-2-milk-2-l'; accents folded ('Café' -> 'cafe'). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
