import { accountMessages, ok } from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import { apiClient, registerVerified, signIn } from '../test/accounts.ts';
import { useTestApp } from '../test/app.ts';
import { pgliteBackend, useTestDatabase } from '../test/databases.ts';
import type { ZodRoutes } from './zod.ts';

const PRIVATE = '/api/v1/test/private';
const PUBLIC = '/api/v1/test/public';

/** A route that needs a user and one that only says who is there, if anyone. */
const testRoutes: ZodRoutes = async (app) => {
  app.get(PRIVATE, { preValidation: app.requireUser }, async (request) =>
    ok({ result: { userId: request.user!.id, sessionId: request.session!.id } }),
  );
  app.get(PUBLIC, { preValidation: app.optionalUser }, async (request) =>
    ok({ result: { userId: request.user?.id ?? null } }),
  );
};

describe('auth plugin', () => {
  const database = useTestDatabase(pgliteBackend);
  const testApp = useTestApp(database);

  it('requireUser lets a valid bearer through and refuses anything else with the 401 envelope', async () => {
    const app = await testApp({ routes: testRoutes });
    const api = apiClient(app);
    const token = await signIn(api, await registerVerified(api, database().db));

    const allowed = await api.get(PRIVATE, token);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().result.userId).toMatch(/^[0-9a-f-]{36}$/);

    for (const authorization of [
      undefined,
      'Bearer',
      'Basic dXNlcjpwYXNz',
      `Bearer ${token}x`,
      `bearer  ${'B'.repeat(43)}`,
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: PRIVATE,
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toEqual({ status: 0, message: accountMessages.signInRequired });
    }
    // the scheme is case-insensitive
    const lower = await app.inject({
      method: 'GET',
      url: PRIVATE,
      headers: { authorization: `bearer ${token}` },
    });
    expect(lower.statusCode).toBe(200);
  });

  it('optionalUser names the user when the token is valid and treats every other caller as anonymous', async () => {
    const app = await testApp({ routes: testRoutes });
    const api = apiClient(app);
    const token = await signIn(api, await registerVerified(api, database().db));
    expect((await api.get(PUBLIC, token)).json().result.userId).toMatch(/^[0-9a-f-]{36}$/);
    for (const bearer of [undefined, 'junk', 'C'.repeat(43)]) {
      const response = await api.get(PUBLIC, bearer);
      expect(response.statusCode).toBe(200);
      expect(response.json().result.userId).toBeNull();
    }
  });
});
