import {
  apiPaths,
  commonMessages,
  CSRF_COOKIE,
  CSRF_HEADER,
  csrfResponse,
  ok,
} from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import { csrfHeaders, useTestApp } from '../test/app.ts';
import { pgliteBackend, useTestDatabase } from '../test/databases.ts';
import { csrfTokens } from './csrf.ts';
import type { ZodRoutes } from './zod.ts';

const ACTION = '/api/v1/test/action';
const CALLBACK = '/api/v1/test/callback';

const testRoutes: ZodRoutes = async (app) => {
  app.post(ACTION, async () => ok({ message: 'done' }));
  app.delete(ACTION, async () => ok({ message: 'deleted' }));
  // e.g. a payment provider's server-to-server callback
  app.post(CALLBACK, { config: { csrf: false } }, async () => ok({ message: 'called back' }));
};

/** Flip the last character of the signature, keeping it valid base64url. */
function tamper(token: string): string {
  const last = token.at(-1) === 'A' ? 'B' : 'A';
  return token.slice(0, -1) + last;
}

describe('CSRF (signed double-submit cookie)', () => {
  const database = useTestDatabase(pgliteBackend);
  const testApp = useTestApp(database);

  it('GET csrf sets a readable, Lax cookie and answers the same token', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'GET', url: apiPaths.csrf });

    expect(response.statusCode).toBe(200);
    const body = csrfResponse.parse(response.json());
    const cookie = response.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie!.value).toMatch(/^[\w-]{43}\.[\w-]{43}$/);
    expect(body).toEqual({ status: 1, result: { csrfToken: cookie!.value } });
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie!.httpOnly).toBeFalsy();
    expect(cookie!.secure).toBeFalsy();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('marks the cookie Secure when the app is served over https', async () => {
    const app = await testApp({ env: { APP_URL: 'https://shop.example.com' } });
    const response = await app.inject({ method: 'GET', url: apiPaths.csrf });
    expect(response.cookies.find((c) => c.name === CSRF_COOKIE)?.secure).toBe(true);
  });

  it('keeps a valid cookie: no new one is set and the same token is answered', async () => {
    const app = await testApp();
    const headers = await csrfHeaders(app);
    const response = await app.inject({
      method: 'GET',
      url: apiPaths.csrf,
      headers: { cookie: headers.cookie! },
    });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.json()).toEqual({ status: 1, result: { csrfToken: headers[CSRF_HEADER] } });
  });

  it('sets the cookie on other answers that lack one, e.g. the CMS list', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'GET', url: apiPaths.pages });
    expect(response.cookies.some((c) => c.name === CSRF_COOKIE)).toBe(true);
  });

  it('refuses a POST without the header with 403', async () => {
    const app = await testApp({ routes: testRoutes });
    const { cookie } = await csrfHeaders(app);
    const response = await app.inject({
      method: 'POST',
      url: ACTION,
      headers: { cookie: cookie! },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 0, message: commonMessages.csrfMissing });
    // the cookie was valid, so it is kept: the client only has to add the header
    expect(response.cookies.some((c) => c.name === CSRF_COOKIE)).toBe(false);
  });

  it('refuses a POST without any cookie and sets one for the retry', async () => {
    const app = await testApp({ routes: testRoutes });
    const response = await app.inject({ method: 'POST', url: ACTION });
    expect(response.statusCode).toBe(403);
    expect(response.cookies.some((c) => c.name === CSRF_COOKIE)).toBe(true);
  });

  it.each(['POST', 'DELETE'] as const)(
    'lets %s through with the cookie and the matching header',
    async (method) => {
      const app = await testApp({ routes: testRoutes });
      const response = await app.inject({ method, url: ACTION, headers: await csrfHeaders(app) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 1 });
    },
  );

  it('refuses a header that does not match the cookie', async () => {
    const app = await testApp({ routes: testRoutes });
    const first = await csrfHeaders(app);
    const second = await csrfHeaders(app);
    const response = await app.inject({
      method: 'POST',
      url: ACTION,
      headers: { cookie: first.cookie!, [CSRF_HEADER]: second[CSRF_HEADER]! },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a header without the cookie', async () => {
    const app = await testApp({ routes: testRoutes });
    const headers = await csrfHeaders(app);
    const response = await app.inject({
      method: 'POST',
      url: ACTION,
      headers: { [CSRF_HEADER]: headers[CSRF_HEADER]! },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a cookie and header pair whose signature was tampered with', async () => {
    const app = await testApp({ routes: testRoutes });
    const forged = tamper((await csrfHeaders(app))[CSRF_HEADER]!);
    const response = await app.inject({
      method: 'POST',
      url: ACTION,
      headers: { cookie: `${CSRF_COOKIE}=${forged}`, [CSRF_HEADER]: forged },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 0, message: commonMessages.csrfMissing });
  });

  it('refuses a well-formed pair signed with another secret', async () => {
    const app = await testApp({ routes: testRoutes });
    const foreign = csrfTokens('a-different-secret-of-at-least-32-chars!!').issue();
    const response = await app.inject({
      method: 'POST',
      url: ACTION,
      headers: { cookie: `${CSRF_COOKIE}=${foreign}`, [CSRF_HEADER]: foreign },
    });
    expect(response.statusCode).toBe(403);
  });

  it('exempts requests carrying a bearer token (docs/decisions/0002-csrf.md)', async () => {
    const app = await testApp({ routes: testRoutes });
    const response = await app.inject({
      method: 'POST',
      url: ACTION,
      headers: { authorization: 'Bearer some-token' },
    });
    expect(response.statusCode).toBe(200);
  });

  it.each(['capacitor://localhost', 'https://localhost'])(
    'exempts the native app web view (Origin %s) without a token',
    async (origin) => {
      const app = await testApp({ routes: testRoutes });
      const response = await app.inject({ method: 'POST', url: ACTION, headers: { origin } });
      expect(response.statusCode).toBe(200);
    },
  );

  it('does not exempt a cookie-less request from another web origin', async () => {
    const app = await testApp({ routes: testRoutes });
    const response = await app.inject({
      method: 'POST',
      url: ACTION,
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 0, message: commonMessages.csrfMissing });
  });

  it('does not exempt other authorization schemes', async () => {
    const app = await testApp({ routes: testRoutes });
    const response = await app.inject({
      method: 'POST',
      url: ACTION,
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('lets a route opt out with config.csrf = false', async () => {
    const app = await testApp({ routes: testRoutes });
    const response = await app.inject({ method: 'POST', url: CALLBACK });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 1, message: 'called back' });
  });
});

describe('csrfTokens', () => {
  const tokens = csrfTokens('x'.repeat(32));

  it('verifies its own tokens and rejects malformed ones', () => {
    const token = tokens.issue();
    expect(tokens.verify(token)).toBe(true);
    expect(tokens.issue()).not.toBe(token);
    for (const bad of [
      '',
      '.',
      'abc',
      `${token}.x`,
      token.split('.')[0]!,
      `.${token.split('.')[1]}`,
    ]) {
      expect(tokens.verify(bad)).toBe(false);
    }
  });
});
