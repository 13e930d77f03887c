import { Redis } from 'ioredis';
import type { RateLimitStore } from './rate-limit-store.ts';

const KEY_PREFIX = 'localmart:rl:';

/**
 * Counters in Redis, for deployments that already run it (REDIS_URL). One MULTI per hit:
 * `SET key 0 PX window NX` starts a window only when none is running (the same effect as
 * `PEXPIRE ... NX`, which needs Redis 7), `INCR` counts, `PTTL` tells when the window ends.
 * Redis expires the keys itself, so there is nothing to sweep.
 */
/** How long a request waits for Redis before the limiter counts elsewhere (issue 13: <= 3 s). */
export const REDIS_HIT_TIMEOUT_MS = 500;

export function redisRateLimitStore(
  url: string,
  onError: (error: Error) => void = () => undefined,
  { timeoutMs = REDIS_HIT_TIMEOUT_MS }: { timeoutMs?: number } = {},
): RateLimitStore {
  const redis = new Redis(url, {
    // A request must not hang on an unreachable Redis: fail the command, let the limiter decide.
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    enableOfflineQueue: true,
    lazyConnect: true,
  });
  // Without a listener, a connection error event would crash the process.
  redis.on('error', onError);
  return {
    async hit(key, windowSeconds, now) {
      const windowMs = windowSeconds * 1000;
      const fullKey = KEY_PREFIX + key;
      // ioredis waits through its reconnects before it gives a command up (about 10 s against an
      // unreachable Redis): a sign-in must not, so the hit is bounded here.
      let timer: NodeJS.Timeout | undefined;
      const replies = await Promise.race([
        redis.multi().set(fullKey, 0, 'PX', windowMs, 'NX').incr(fullKey).pttl(fullKey).exec(),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(
            () => reject(new Error(`Redis did not answer within ${timeoutMs} ms`)),
            timeoutMs,
          );
        }),
      ]).finally(() => clearTimeout(timer));
      if (!replies) throw new Error('redis transaction aborted');
      for (const [error] of replies) if (error) throw error;
      const count = Number(replies[1]![1]);
      const ttl = Number(replies[2]![1]);
      return { count, resetAt: new Date(now.getTime() + (ttl > 0 ? ttl : windowMs)) };
    },
    sweep: async () => undefined,
    async close() {
      redis.disconnect();
    },
  };
}

/**
 * Redis first, the database when Redis fails or is slow: limits keep holding through a Redis
 * outage (failing open would let a password be guessed as fast as the network allows).
 */
export function withFallbackStore(
  primary: RateLimitStore,
  fallback: RateLimitStore,
  onFallback: (error: unknown) => void,
  { retryAfterMs = 30_000 }: { retryAfterMs?: number } = {},
): RateLimitStore {
  // After a failure Redis is left alone for a while, so an outage costs one bounded wait, not
  // one per request (a local circuit breaker: only this process's latency depends on it).
  let skipUntil = 0;
  return {
    async hit(key, windowSeconds, now) {
      if (Date.now() >= skipUntil) {
        try {
          return await primary.hit(key, windowSeconds, now);
        } catch (error) {
          skipUntil = Date.now() + retryAfterMs;
          onFallback(error);
        }
      }
      return fallback.hit(key, windowSeconds, now);
    },
    async sweep(now) {
      await fallback.sweep(now);
    },
    async close() {
      await Promise.all([primary.close(), fallback.close()]);
    },
  };
}
