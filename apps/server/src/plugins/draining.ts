import { commonMessages } from '@localmart/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors.ts';

/**
 * While the server shuts down it stops accepting connections and lets in-flight requests finish; a
 * request that still arrives on an open keep-alive connection gets a 503 *envelope* (Fastify's own
 * `return503OnClosing` answer is not one, so buildApp turns it off in favour of this hook) and
 * `Connection: close`, so the client or load balancer retries on another instance.
 */
export const drainingPlugin = fp(
  async (app: FastifyInstance) => {
    let draining = false;
    app.addHook('preClose', async () => {
      draining = true;
    });
    app.addHook('onRequest', async (_request, reply) => {
      if (!draining) return;
      reply.header('connection', 'close');
      throw new HttpError(503, commonMessages.serviceUnavailable);
    });
  },
  { name: 'draining', fastify: '5.x', dependencies: ['errors'] },
);
