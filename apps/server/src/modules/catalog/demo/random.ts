/**
 * Seeded randomness for the demo city. Every record draws from its own stream, derived from the city
 * seed and the record's key ("product:1234"), never from one shared stream: product 1234 is the same
 * whether or not products 0-1233 were generated first, so bench-scale data can be produced as a lazy
 * stream, in any slice, with bounded memory, and still be byte-identical run to run.
 */

/** A 32-bit hash of text (FNV-1a followed by a murmur3 finaliser for avalanche). */
export function hashText(text: string, salt = 0): number {
  let hash = (0x811c9dc5 ^ salt) >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return finalise(hash);
}

const seedHashes = new Map<string, number>();

/** hashText(seed), remembered: every record's stream starts from it. */
export function seedHash(seed: string): number {
  let hash = seedHashes.get(seed);
  if (hash === undefined) {
    hash = hashText(seed);
    seedHashes.set(seed, hash);
  }
  return hash;
}

/** murmur3's fmix32: spreads every input bit over the whole word. */
function finalise(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32: tiny, fast, and statistically fine for demo data (not for anything secret). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export class Random {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** The stream for one record: same seed and key, same numbers. */
  static for(seed: string, key: string): Random {
    return new Random(hashText(key, seedHash(seed)));
  }

  /** [0, 1) */
  float(): number {
    return this.next();
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Pick with weights: [[value, weight], ...]. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    const last = choices[choices.length - 1];
    if (!last) throw new RangeError('weighted pick from an empty list');
    return last[0];
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  /** `count` distinct items in random order (all of them when count >= length). */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, count));
  }

  /** 32 random bits as an unsigned integer. */
  uint32(): number {
    return Math.floor(this.next() * 4_294_967_296) >>> 0;
  }
}
