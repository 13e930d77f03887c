import fastifyCors from '@fastify/cors';
import { CSRF_HEADER } from '@localmart/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { REQUEST_ID_HEADER } from './errors.ts';

/**
 * Origins of the Capacitor shells: iOS serves the app from capacitor://localhost, Android from
 * https://localhost (Capacitor's default scheme since v6) or http://localhost (androidScheme: 'http').
 */
export const NATIVE_APP_ORIGINS = [
  'capacitor://localhost',
  'https://localhost',
  'http://localhost',
] as const;

export function allowedOrigins(
  config: Pick<Config, 'appOrigin' | 'corsOrigins'>,
): ReadonlySet<string> {
  return new Set([config.appOrigin, ...config.corsOrigins, ...NATIVE_APP_ORIGINS]);
}

/** A disallowed origin simply gets no CORS headers, so the browser refuses to share the answer. */
export const corsPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const allowed = allowedOrigins(config);
    await app.register(fastifyCors, {
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Content-Type', 'Authorization', CSRF_HEADER],
      exposedHeaders: [REQUEST_ID_HEADER, 'Retry-After'],
      maxAge: 600,
    });
  },
  { name: 'cors', fastify: '5.x' },
);
