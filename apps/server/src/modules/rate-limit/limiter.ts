import type { Clock } from '../../plugins/clock.ts';
import type { RateLimitStore } from './rate-limit-store.ts';

export interface Verdict {
  allowed: boolean;
  /** Hits left in this window (0 when refused). */
  remaining: number;
  /** Whole seconds until the window ends: the Retry-After of a refusal. */
  retryAfterSeconds: number;
}

export interface Limiter {
  /** Count a hit on `key` and say whether it is within `limit` hits per `windowSeconds`. */
  consume(key: string, limit: number, windowSeconds: number): Promise<Verdict>;
}

/** Expired counters are swept at most this often per process (opportunistically, on a hit). */
const SWEEP_INTERVAL_MS = 5 * 60 * 1000;

export function createLimiter(
  store: RateLimitStore,
  { now, multiplier = 1 }: { now: Clock; multiplier?: number },
): Limiter {
  let lastSweep = now().getTime();
  return {
    async consume(key, limit, windowSeconds) {
      const at = now();
      if (at.getTime() - lastSweep >= SWEEP_INTERVAL_MS) {
        lastSweep = at.getTime();
        await store.sweep(at);
      }
      const allowedHits = Math.max(1, Math.ceil(limit * multiplier));
      const { count, resetAt } = await store.hit(key, windowSeconds, at);
      return {
        allowed: count <= allowedHits,
        remaining: Math.max(0, allowedHits - count),
        retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - at.getTime()) / 1000)),
      };
    },
  };
}
