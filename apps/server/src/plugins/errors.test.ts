import { commonMessages, ok } from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { csrfHeaders, useTestApp } from '../test/app.ts';
import { pgliteBackend, useTestDatabase } from '../test/databases.ts';
import { REQUEST_ID_HEADER } from './errors.ts';
import type { ZodRoutes } from './zod.ts';

const ECHO = '/api/v1/test/echo';
const BOOM = '/api/v1/test/boom';
const LIMITED = '/api/v1/test/limited';
const SECRET_DETAIL = 'connection string postgres://admin:hunter2@db/prod failed';
const FEE_SENTENCE = 'The delivery fee cannot be negative.';

/** Test-only routes: one with a body schema, one that throws, one rate limited. */
const testRoutes: ZodRoutes = async (app) => {
  app.post(
    ECHO,
    {
      schema: {
        body: z.object({
          email: z.string(),
          quantity: z.number().int().max(5),
          fee: z.number().min(0, { error: FEE_SENTENCE }).optional(),
        }),
      },
    },
    async (request) => ok({ result: request.body }),
  );
  app.get(BOOM, async () => {
    throw new Error(SECRET_DETAIL);
  });
  app.get(
    LIMITED,
    { config: { rateLimit: { name: 'test-limited', perIp: { limit: 1, windowSeconds: 60 } } } },
    async () => ok({}),
  );
};

describe('error envelope', () => {
  const database = useTestDatabase(pgliteBackend);
  const testApp = useTestApp(database);

  async function post(
    payload: string,
    headers: Record<string, string> = {},
    env?: Record<string, string>,
  ) {
    const app = await testApp({ routes: testRoutes, ...(env ? { env } : {}) });
    return app.inject({
      method: 'POST',
      url: ECHO,
      headers: { ...(await csrfHeaders(app)), 'content-type': 'application/json', ...headers },
      payload,
    });
  }

  it('accepts a valid body (the baseline the other cases break)', async () => {
    const response = await post(JSON.stringify({ email: 'a@example.com', quantity: 2 }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 1, result: { email: 'a@example.com', quantity: 2 } });
  });

  it('answers malformed JSON with 400 malformedJson', async () => {
    const response = await post('{"email": "a@example.com",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 0, message: commonMessages.malformedJson });
  });

  it('answers an empty JSON body with 400 malformedJson', async () => {
    const response = await post('');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 0, message: commonMessages.malformedJson });
  });

  it('names a missing field', async () => {
    const response = await post(JSON.stringify({ quantity: 1 }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 0, message: 'email is required' });
  });

  it('names every bad field, with the field in front of the rule', async () => {
    const response = await post(JSON.stringify({ quantity: 9 }));
    expect(response.statusCode).toBe(400);
    const { message } = response.json<{ message: string }>();
    expect(message).toMatch(/^email is required; quantity: /);
    expect(message).toContain('5');
  });

  it('shows a message written as a sentence as it is, without its field', async () => {
    const response = await post(JSON.stringify({ email: 'a@example.com', quantity: 9, fee: -1 }));
    expect(response.statusCode).toBe(400);
    const { message } = response.json<{ message: string }>();
    expect(message).toMatch(/^quantity: .*; The delivery fee cannot be negative\.$/);
  });

  it('names the body when there is none at all', async () => {
    const app = await testApp({ routes: testRoutes });
    const response = await app.inject({
      method: 'POST',
      url: ECHO,
      headers: await csrfHeaders(app),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 0, message: 'body is required' });
  });

  it.each(['application/xml', 'text/plain'])('answers %s with 415', async (contentType) => {
    const response = await post('<email/>', { 'content-type': contentType });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ status: 0, message: commonMessages.unsupportedMediaType });
  });

  it('answers a body over BODY_LIMIT_BYTES with 413', async () => {
    const payload = JSON.stringify({ email: 'x'.repeat(2_000), quantity: 1 });
    const response = await post(payload, {}, { BODY_LIMIT_BYTES: '1024' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ status: 0, message: commonMessages.bodyTooLarge });
  });

  it.each(['GET', 'DELETE'] as const)(
    'answers %s of an unknown API path with the 404 envelope',
    async (method) => {
      const app = await testApp();
      const response = await app.inject({
        method,
        url: '/api/v1/nope?x=1',
        headers: await csrfHeaders(app),
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ status: 0, message: commonMessages.routeNotFound });
    },
  );

  it('answers a malformed URL with a 400 envelope', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'GET', url: '/api/v1/pages/%zz' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 0, message: commonMessages.malformedUrl });
  });

  it('hides an unexpected error behind 500 and logs it with the request id', async () => {
    const lines: string[] = [];
    const app = await testApp({
      routes: testRoutes,
      env: { LOG_LEVEL: 'error' },
      logStream: { write: (line) => lines.push(line) },
    });
    const response = await app.inject({ method: 'GET', url: BOOM });

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 0, message: commonMessages.internalError });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('errors.test.ts'); // no stack
    const requestId = response.headers[REQUEST_ID_HEADER];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    const logged = lines.map(
      (line) => JSON.parse(line) as { reqId?: string; err?: { message?: string } },
    );
    const entry = logged.find((line) => line.reqId === requestId);
    expect(entry?.err?.message).toBe(SECRET_DETAIL);
  });

  it('sends a request id on successful answers too, unique per request', async () => {
    const app = await testApp();
    const first = await app.inject({ method: 'GET', url: '/api/v1/health' });
    const second = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(first.headers[REQUEST_ID_HEADER]).toBeTruthy();
    expect(first.headers[REQUEST_ID_HEADER]).not.toBe(second.headers[REQUEST_ID_HEADER]);
  });

  it('answers a rate-limited route with 429, the envelope and Retry-After', async () => {
    const app = await testApp({ routes: testRoutes });
    expect((await app.inject({ method: 'GET', url: LIMITED })).statusCode).toBe(200);
    const response = await app.inject({ method: 'GET', url: LIMITED });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ status: 0, message: commonMessages.tooManyRequests });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });
});
