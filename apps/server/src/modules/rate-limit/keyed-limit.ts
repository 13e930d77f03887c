import { commonMessages } from '@localmart/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors.ts';
import type { Limit } from './rate-limit-rules.ts';

/**
 * A preHandler that counts each request against `limit` under a key the route chooses (an account,
 * a store), whatever the IP: the per-IP rule alone does not stop one account spread over many
 * addresses. Once the limit is spent: 429 with retry-after.
 */
export function keyedLimit(
  app: Pick<FastifyInstance, 'limiter'>,
  limit: Limit,
  keyOf: (request: FastifyRequest) => string,
) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const verdict = await app.limiter.consume(keyOf(request), limit.limit, limit.windowSeconds);
    if (verdict.allowed) return;
    reply.header('retry-after', String(verdict.retryAfterSeconds));
    throw new HttpError(429, commonMessages.tooManyRequests);
  };
}
