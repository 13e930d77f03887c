/**
 * A least-recently-used cache of rendered SVG documents, bounded by total characters rather than by
 * count: a flyer page is a hundred times a logo. Map iteration order is insertion order, so the first
 * key is the least recently used one once every hit re-inserts its entry.
 */
export class SvgCache {
  private readonly entries = new Map<string, string>();
  private size = 0;

  constructor(readonly maxChars: number) {}

  get(key: string): string | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: string): void {
    // Larger than the whole budget: caching it would only evict everything else.
    if (value.length > this.maxChars) return;
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.size -= previous.length;
    }
    this.entries.set(key, value);
    this.size += value.length;
    for (const [oldest, old] of this.entries) {
      if (this.size <= this.maxChars) break;
      this.entries.delete(oldest);
      this.size -= old.length;
    }
  }

  get count(): number {
    return this.entries.size;
  }

  get chars(): number {
    return this.size;
  }
}
