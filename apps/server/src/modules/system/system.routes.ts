import { apiPaths, APP_VERSION, commonMessages, fail, ok } from '@localmart/contract';
import type { ZodRoutes } from '../../plugins/zod.ts';
import { isDatabaseUp, uptimeSeconds } from './system.service.ts';

/** Health for load balancers and the e2e harness, and the CSRF token for clients that can't read cookies. */
export const systemRoutes: ZodRoutes = async (app) => {
  app.get(apiPaths.health, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!(await isDatabaseUp(app.database))) {
      request.log.warn('health check: database is not answering');
      return reply.code(503).send(fail(commonMessages.serviceUnavailable));
    }
    return ok({
      message: commonMessages.ok,
      result: { database: 'up' as const, version: APP_VERSION, uptimeSeconds: uptimeSeconds() },
    });
  });

  // The csrf plugin has already validated the cookie or set a fresh one on this response.
  app.get(apiPaths.csrf, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok({ result: { csrfToken: request.csrfToken } });
  });
};
