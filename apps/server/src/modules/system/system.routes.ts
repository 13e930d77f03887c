import { apiPaths, APP_VERSION, commonMessages, fail, ok } from '@localmart/contract';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/outage.ts';
import type { Config } from '../../config.ts';
import type { ZodRoutes } from '../../plugins/zod.ts';
import { isDatabaseUp, uptimeSeconds } from './system.service.ts';

/**
 * Health for load balancers and the e2e harness, the CSRF token for clients that can't read cookies,
 * and the public settings the app needs before sign-in.
 */
export const systemRoutes: ZodRoutes<{ config: Config }> = async (app, { config }) => {
  app.get(apiPaths.health, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!(await isDatabaseUp(app.database))) {
      // Counted with the outage (logged once when it starts and once when it ends), not per probe.
      app.databaseOutage.requestRefused(new Error('health check: database is not answering'));
      request.log.debug('health check: database is not answering');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(fail(commonMessages.serviceUnavailable));
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

  app.get(apiPaths.clientConfig, async (_request, reply) => {
    // Short: a deploy that configures Google sign-in shows it within minutes.
    reply.header('cache-control', 'public, max-age=300');
    return ok({
      result: { appName: config.appName, googleClientId: config.googleClientId ?? null },
    });
  });
};
