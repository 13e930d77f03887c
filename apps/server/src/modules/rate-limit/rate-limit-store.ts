/** Where counters live: PostgreSQL/PGlite by default, Redis when REDIS_URL is set. */
export interface RateLimitStore {
  /**
   * Count one hit on `key` in its fixed window of `windowSeconds` (a new window starts when the
   * previous one has ended) and answer the count so far and when the window ends. Atomic: concurrent
   * hits from several instances each see their own count.
   */
  hit(key: string, windowSeconds: number, now: Date): Promise<{ count: number; resetAt: Date }>;
  /** Drop counters whose window has ended (a no-op where the store expires them itself). */
  sweep(now: Date): Promise<void>;
  close(): Promise<void>;
}
