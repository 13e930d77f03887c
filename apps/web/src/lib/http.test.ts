import {
  apiPaths,
  commonMessages,
  CSRF_HEADER,
  pagesResponse,
  STATUS_FAIL,
  successEnvelopeSchema,
} from '@localmart/contract';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  buildUrl,
  createHttpClient,
  httpStatusOf,
  isNetworkFailure,
  type HttpDeps,
} from './http.ts';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

interface Setup {
  token?: string | null;
  origin?: string;
  cookie?: string | null;
  responses?: (Response | Error)[];
}

/** A client with a scripted fetch; `calls` records every request made. */
function setup({
  token = null,
  origin = '',
  cookie = 'csrf-from-cookie',
  responses = [],
}: Setup = {}) {
  let csrfCookie = cookie;
  const queue = [...responses];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url === apiPaths.csrf) {
      // The server's GET /csrf sets the cookie
      csrfCookie = 'fresh-csrf';
      return json({ status: 1, result: { csrfToken: 'fresh-csrf' } });
    }
    const next = queue.shift() ?? json({ status: 1 });
    if (next instanceof Error) throw next;
    return next;
  });
  const log = { debug: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const deps: HttpDeps = {
    fetch: fetchMock as unknown as typeof fetch,
    token: () => token,
    origin: () => origin,
    csrfCookie: () => csrfCookie,
    log,
  };
  const client = createHttpClient(deps);
  const calls = () =>
    fetchMock.mock.calls.map(([input, init]) => ({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: init?.body,
    }));
  return { client, calls, log, fetchMock };
}

describe('http helper (spec §7)', () => {
  it('POST to a relative URL carries the CSRF header from the cookie, JSON body and bearer', async () => {
    const { client, calls } = setup({ token: 'tok-1' });
    await client.postJson('/api/v1/things', { a: 1 });
    const [call] = calls();
    expect(call).toMatchObject({ url: '/api/v1/things', method: 'POST', body: '{"a":1}' });
    expect(call?.headers[CSRF_HEADER]).toBe('csrf-from-cookie');
    expect(call?.headers['Content-Type']).toBe('application/json');
    expect(call?.headers.Authorization).toBe('Bearer tok-1');
  });

  it('PATCH is a write too: CSRF header, JSON body and bearer', async () => {
    const { client, calls } = setup({ token: 'tok-1' });
    await client.patch('/api/v1/cart/items/l1', { quantity: 2 });
    const [call] = calls();
    expect(call).toMatchObject({
      url: '/api/v1/cart/items/l1',
      method: 'PATCH',
      body: '{"quantity":2}',
    });
    expect(call?.headers[CSRF_HEADER]).toBe('csrf-from-cookie');
    expect(call?.headers['Content-Type']).toBe('application/json');
    expect(call?.headers.Authorization).toBe('Bearer tok-1');
  });

  it('fetches /csrf first when the cookie is missing, then sends with the new token', async () => {
    const { client, calls } = setup({ cookie: null });
    await client.postNoToken(apiPaths.registration, { email: 'a@b.c' });
    expect(calls().map((c) => c.url)).toEqual([apiPaths.csrf, apiPaths.registration]);
    expect(calls()[1]?.headers[CSRF_HEADER]).toBe('fresh-csrf');
  });

  it('shares one /csrf request between parallel first writes', async () => {
    const { client, calls } = setup({ cookie: null });
    await Promise.all([client.postJson('/a', {}), client.put('/b', {}), client.del('/c')]);
    expect(calls().filter((c) => c.url === apiPaths.csrf)).toHaveLength(1);
    expect(
      calls()
        .filter((c) => c.url !== apiPaths.csrf)
        .every((c) => c.headers[CSRF_HEADER] === 'fresh-csrf'),
    ).toBe(true);
  });

  it('GET carries no CSRF header and never fetches /csrf', async () => {
    const { client, calls } = setup({ cookie: null, token: 't' });
    await client.get('/api/v1/pages', { page: 1, limit: 10 });
    expect(calls()).toHaveLength(1);
    expect(calls()[0]?.url).toBe('/api/v1/pages?page=1&limit=10');
    expect(calls()[0]?.headers[CSRF_HEADER]).toBeUndefined();
  });

  it('adds the bearer token only when one is held, and never on the no-token variants', async () => {
    const anonymous = setup({ token: null });
    await anonymous.client.get('/x');
    expect(anonymous.calls()[0]?.headers.Authorization).toBeUndefined();

    const signedIn = setup({ token: 'tok' });
    await signedIn.client.get('/x');
    await signedIn.client.getNoToken('/y');
    await signedIn.client.postNoToken('/z', {});
    expect(signedIn.calls().map((c) => c.headers.Authorization)).toEqual([
      'Bearer tok',
      undefined,
      undefined,
    ]);
  });

  it('upload sends FormData with the bearer and no Content-Type (the browser sets the boundary)', async () => {
    const { client, calls } = setup({ token: 'tok' });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    await client.upload('/api/v1/upload', form);
    const [call] = calls();
    expect(call?.body).toBe(form);
    expect(call?.headers['Content-Type']).toBeUndefined();
    expect(call?.headers.Authorization).toBe('Bearer tok');
  });

  it('uploadDocument sets no headers of its own (only the CSRF header of the request pipeline)', async () => {
    const { client, calls } = setup({ token: 'tok' });
    await client.uploadDocument('/api/v1/documents', new FormData());
    expect(calls()[0]?.headers).toEqual({ [CSRF_HEADER]: 'csrf-from-cookie' });
  });

  it('prefixes the configured origin (native) and then sends no CSRF header to the absolute URL', async () => {
    const { client, calls } = setup({ origin: 'https://shop.example.com', token: 't' });
    await client.postJson(apiPaths.logout, {});
    expect(calls()[0]?.url).toBe(`https://shop.example.com${apiPaths.logout}`);
    expect(calls()[0]?.headers[CSRF_HEADER]).toBeUndefined();
  });

  it('a network error is logged and answers the generic failure with HTTP status 0', async () => {
    const { client, log } = setup({ responses: [new TypeError('Failed to fetch')] });
    const answer = await client.get('/x');
    expect(answer).toEqual({
      status: STATUS_FAIL,
      message: commonMessages.genericFailure,
      httpStatus: 0,
    });
    expect(isNetworkFailure(answer)).toBe(true);
    expect(log.error).toHaveBeenCalled();
  });

  it('a body that is not JSON answers the generic failure, keeping an error status', async () => {
    const { client, log } = setup({
      responses: [new Response('<html>Bad gateway</html>', { status: 502 })],
    });
    const answer = await client.get('/x');
    expect(answer).toEqual({
      status: STATUS_FAIL,
      message: commonMessages.genericFailure,
      httpStatus: 502,
    });
    expect(isNetworkFailure(answer)).toBe(false);
    expect(log.error).toHaveBeenCalled();
  });

  it('a 2xx body that is not JSON answers the generic failure without a status', async () => {
    const { client } = setup({ responses: [new Response('<html>ok</html>', { status: 200 })] });
    const answer = await client.get('/x');
    expect(answer).toEqual({ status: STATUS_FAIL, message: commonMessages.genericFailure });
    expect(httpStatusOf(answer)).toBeUndefined();
  });

  it('a success that does not match the schema answers the generic failure', async () => {
    const { client } = setup({ responses: [json({ status: 1, results: [{ nope: true }] })] });
    expect(await client.get(apiPaths.pages, undefined, pagesResponse)).toEqual({
      status: STATUS_FAIL,
      message: commonMessages.genericFailure,
    });
  });

  it('passes a 404 envelope through, with its HTTP status', async () => {
    const { client } = setup({
      responses: [json({ status: 0, message: commonMessages.notFound }, 404)],
    });
    const answer = await client.get(apiPaths.page('x'));
    expect(answer).toMatchObject({ status: 0, message: commonMessages.notFound });
    expect(httpStatusOf(answer)).toBe(404);
  });

  it('passes a failure envelope through even when the schema only describes success', async () => {
    const onlySuccess = successEnvelopeSchema({ result: z.object({ id: z.string() }) });
    const { client } = setup({ responses: [json({ status: 0, message: 'No such order' }, 404)] });
    expect(await client.get('/orders/1', undefined, onlySuccess)).toMatchObject({
      status: 0,
      message: 'No such order',
    });
  });

  it('parses a success with the given schema', async () => {
    const pages = [{ _id: '1', page_id: 'faq', page_name: 'FAQ' }];
    const { client } = setup({ responses: [json({ status: 1, results: pages })] });
    const answer = await client.get(apiPaths.pages, undefined, pagesResponse);
    expect(answer).toEqual({ status: 1, results: pages });
    expect(httpStatusOf(answer)).toBeUndefined();
  });

  it('renews the CSRF token once when the server refuses it, then retries', async () => {
    const { client, calls } = setup({
      responses: [
        json({ status: 0, message: commonMessages.csrfMissing }, 403),
        json({ status: 1, message: 'ok' }),
      ],
    });
    const answer = await client.postJson('/api/v1/things', {});
    expect(answer).toMatchObject({ status: 1 });
    expect(calls().map((c) => c.url)).toEqual(['/api/v1/things', apiPaths.csrf, '/api/v1/things']);
    expect(calls()[2]?.headers[CSRF_HEADER]).toBe('fresh-csrf');
  });

  it('login posts the credentials without a token and parses the session', async () => {
    const session = {
      token: 'jwt',
      user: { _id: 'u1', first_name: 'Ada', last_name: 'L', display_name: 'Ada L' },
    };
    const { client, calls } = setup({
      token: 'stale',
      responses: [json({ status: 1, result: session })],
    });
    const answer = await client.login({ email: 'ada@example.com', password: 'secret1' });
    expect(answer).toEqual({ status: 1, result: session });
    expect(calls()[0]).toMatchObject({ url: apiPaths.login, method: 'POST' });
    expect(calls()[0]?.headers.Authorization).toBeUndefined();
  });
});

describe('buildUrl', () => {
  it('skips empty query values and appends to an existing query', () => {
    expect(buildUrl('', '/a', { x: 1, y: undefined, z: null, b: false })).toBe('/a?x=1&b=false');
    expect(buildUrl('', '/a?k=v', { x: 'a b' })).toBe('/a?k=v&x=a+b');
    expect(buildUrl('https://o.example', '/a')).toBe('https://o.example/a');
    expect(buildUrl('https://o.example', 'https://elsewhere.example/a')).toBe(
      'https://elsewhere.example/a',
    );
  });
});
