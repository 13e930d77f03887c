import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { getOrCreateCookieSecret } from '../modules/settings/settings.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Secret for cookie signatures and the CSRF token's HMAC. */
    cookieSecret: string;
  }
}

/**
 * COOKIE_SECRET, or else a secret generated once and kept in the database, so every instance on one
 * PostgreSQL signs alike (docs/decisions/0001-workspace-and-embedded-database.md).
 */
export const cookiesPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    let secret = config.cookieSecret;
    if (secret === undefined) {
      secret = await getOrCreateCookieSecret(app.db);
      if (config.isProduction) {
        app.log.warn(
          'COOKIE_SECRET is not set: using a generated secret stored in the database. Set COOKIE_SECRET (at least 32 characters) in production.',
        );
      }
    }
    await app.register(fastifyCookie, { secret });
    app.decorate('cookieSecret', secret);
  },
  { name: 'cookies', fastify: '5.x', dependencies: ['database'] },
);
