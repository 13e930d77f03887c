import { apiPaths, CSRF_COOKIE, CSRF_HEADER } from '@localmart/contract';
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app.ts';
import type { AppDatabase } from '../db/client.ts';
import { testConfig } from './config.ts';

export interface TestAppOptions extends Omit<BuildAppOptions, 'database'> {
  /** Environment overrides on top of testConfig(). */
  env?: Record<string, string>;
}

/**
 * Returns a factory of ready apps on the file's test database; every app made is closed after each
 * test (fastify/demo's pattern), the database itself stays open for the file.
 */
export function useTestApp(getDatabase: () => AppDatabase) {
  const open: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((app) => app.close()));
  });
  return async ({ env, ...options }: TestAppOptions = {}): Promise<FastifyInstance> => {
    const app = await buildApp(testConfig(env), { ...options, database: getDatabase() });
    open.push(app);
    await app.ready();
    return app;
  };
}

/** Headers of a browser that holds the CSRF cookie and echoes it, as the web app does. */
export async function csrfHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  const response = await app.inject({ method: 'GET', url: apiPaths.csrf });
  const cookie = response.cookies.find((c) => c.name === CSRF_COOKIE);
  if (!cookie) throw new Error('GET csrf set no cookie');
  return { cookie: `${CSRF_COOKIE}=${cookie.value}`, [CSRF_HEADER]: cookie.value };
}
