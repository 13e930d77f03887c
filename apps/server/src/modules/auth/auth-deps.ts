import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { AuthDeps } from './auth.service.ts';
import { codeHasher } from './codes.ts';
import { argon2Hasher } from './passwords.ts';

/** The services' dependencies, taken from the running app and its configuration. */
export function authDeps(app: FastifyInstance, config: Config): AuthDeps {
  return {
    db: app.db,
    now: app.now,
    mailer: app.mailer,
    passwords: argon2Hasher,
    // Shared by every instance: the cookie secret is configured or kept in the database.
    codes: codeHasher(app.cookieSecret),
    brand: { appName: config.appName, appUrl: config.appUrl },
    resetLinks: {
      appUrl: config.appUrl,
      // Explicitly configured web origins only: the native shells' origins make no sense in a link.
      linkOrigins: new Set([config.appOrigin, ...config.corsOrigins]),
    },
    adminEmails: config.adminEmails,
  };
}
