import fastifyRateLimit from '@fastify/rate-limit';
import { commonMessages } from '@localmart/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors.ts';

/**
 * Limits are per route (`config: { rateLimit: { max, timeWindow } }`), added where abuse matters
 * (sign-in, codes); nothing is limited globally. The thrown error becomes the 429 envelope in the
 * error handler, with the plugin's Retry-After header kept.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyRateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new HttpError(context.statusCode, commonMessages.tooManyRequests),
    });
  },
  { name: 'rate-limit', fastify: '5.x', dependencies: ['errors'] },
);
