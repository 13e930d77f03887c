import { createHash } from 'node:crypto';
import { commonMessages, normaliseRegistrationEmail } from '@localmart/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createLimiter, type Limiter } from '../modules/rate-limit/limiter.ts';
import { postgresRateLimitStore } from '../modules/rate-limit/postgres-store.ts';
import type { Limit, RateLimitRule } from '../modules/rate-limit/rate-limit-rules.ts';
import type { RateLimitStore } from '../modules/rate-limit/rate-limit-store.ts';
import { redisRateLimitStore, withFallbackStore } from '../modules/rate-limit/redis-store.ts';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared limiter (counters in the database, or Redis when REDIS_URL is set). */
    limiter: Limiter;
  }
  interface FastifyContextConfig {
    /** Limit this route per IP and/or per body email: one of modules/rate-limit/rate-limit-rules.ts. */
    rateLimit?: RateLimitRule;
  }
}

/** Counter keys never hold an address in clear: the hash is as good a key and leaks nothing. */
function emailKey(email: string): string {
  return createHash('sha256').update(normaliseRegistrationEmail(email)).digest('base64url');
}

function bodyEmail(request: FastifyRequest): string | undefined {
  const body = request.body as { email?: unknown } | null | undefined;
  return typeof body?.email === 'string' && body.email !== '' ? body.email : undefined;
}

/**
 * Routes opt in with `config: { rateLimit: rateLimitRules.login }`. The check runs as a preHandler,
 * after validation, so the email key is the validated, normalised one; over the limit the answer is
 * the 429 envelope with Retry-After. Limits are shared by every instance (docs/decisions/0001).
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    let store: RateLimitStore;
    if (config.redisUrl) {
      // Reported once a minute at most while Redis is away; every hit meanwhile counts in the
      // database, so the limits still hold.
      let lastReport = 0;
      const report = (error: unknown) => {
        const at = Date.now();
        if (at - lastReport < 60_000) return;
        lastReport = at;
        app.log.error(
          { err: error },
          'rate limit store (Redis) unavailable: counting in the database',
        );
      };
      store = withFallbackStore(
        redisRateLimitStore(config.redisUrl, report),
        postgresRateLimitStore(app.db),
        report,
      );
      app.addHook('onClose', () => store.close());
    } else {
      store = postgresRateLimitStore(app.db);
    }
    const limiter = createLimiter(store, { now: app.now, multiplier: config.rateLimitMultiplier });
    app.decorate('limiter', limiter);

    const enforce = async (reply: FastifyReply, key: string, limit: Limit) => {
      const verdict = await limiter.consume(key, limit.limit, limit.windowSeconds);
      if (verdict.allowed) return;
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      throw new HttpError(429, commonMessages.tooManyRequests);
    };

    app.addHook('preHandler', async (request, reply) => {
      const rule = request.routeOptions.config.rateLimit;
      if (!rule) return;
      try {
        if (rule.perIp) await enforce(reply, `${rule.name}:ip:${request.ip}`, rule.perIp);
        const email = bodyEmail(request);
        if (rule.perEmail && email !== undefined) {
          await enforce(reply, `${rule.name}:email:${emailKey(email)}`, rule.perEmail);
        }
      } catch (error) {
        if (error instanceof HttpError || !config.redisUrl) throw error;
        // Redis is an optional accelerator: when it is down, serve rather than fail every sign-in.
        request.log.error({ err: error }, 'rate limit check skipped: Redis unavailable');
      }
    });
  },
  { name: 'rate-limit', fastify: '5.x', dependencies: ['errors', 'database', 'clock'] },
);
