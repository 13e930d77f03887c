import { apiPaths } from '@localmart/contract';
import { vi } from 'vitest';

/** One request the app made, as the mock saw it. */
export interface ApiCall {
  method: string;
  /** The path without its query string. */
  path: string;
  url: string;
  headers: Record<string, string>;
  /** Parsed JSON body, the FormData of an upload, or undefined. */
  body: unknown;
}

/** An answer: an envelope with an HTTP status (200 by default), or an error to throw (offline). */
export type MockAnswer = { status?: number; body: unknown } | Error;
export type MockHandler = (call: ApiCall) => MockAnswer | Promise<MockAnswer>;

/**
 * Stubs the global fetch with a table of handlers keyed "METHOD /path" (the CSRF endpoint is always
 * answered). A request nobody handles answers 501 and is recorded in `unhandled`, so a test can
 * assert the app called only what it expected.
 */
export function mockApi(routes: Record<string, MockHandler>) {
  const calls: ApiCall[] = [];
  const unhandled: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.split('?')[0] ?? url;
    const method = (init.method ?? 'GET').toUpperCase();
    if (path === apiPaths.csrf) {
      return json(200, { status: 1, result: { csrfToken: 'test-csrf' } });
    }
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body) as unknown;
    const call: ApiCall = {
      method,
      path,
      url,
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body,
    };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    if (!handler) {
      unhandled.push(call);
      return json(501, { status: 0, message: `unhandled ${method} ${path}` });
    }
    const answer = await handler(call);
    if (answer instanceof Error) throw answer;
    return json(answer.status ?? 200, answer.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    unhandled,
    fetchMock,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The answer of a call the server does not have (spec §4's "backend endpoint not implemented"). */
export const notFound: MockAnswer = { status: 404, body: { status: 0, message: 'Not found' } };
