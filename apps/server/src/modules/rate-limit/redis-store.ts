import { Redis } from 'ioredis';
import type { RateLimitStore } from './rate-limit-store.ts';

const KEY_PREFIX = 'localmart:rl:';

/**
 * Counters in Redis, for deployments that already run it (REDIS_URL). One MULTI per hit:
 * `SET key 0 PX window NX` starts a window only when none is running (the same effect as
 * `PEXPIRE ... NX`, which needs Redis 7), `INCR` counts, `PTTL` tells when the window ends.
 * Redis expires the keys itself, so there is nothing to sweep.
 */
export function redisRateLimitStore(
  url: string,
  onError: (error: Error) => void = () => undefined,
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
      const replies = await redis
        .multi()
        .set(fullKey, 0, 'PX', windowMs, 'NX')
        .incr(fullKey)
        .pttl(fullKey)
        .exec();
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
