import { apiPaths } from '@localmart/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../db/client.ts';
import { listOutbox } from '../modules/mail/outbox.service.ts';
import { csrfHeaders } from './app.ts';

/** Test helpers for the accounts feature: an HTTP client as the web app calls, mail, a clock. */

/** A clock tests move by hand (buildApp's `now` option). Starts at the real time. */
export function testClock(start = new Date()) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance(ms: number) {
      at += ms;
    },
  };
}
export type TestClock = ReturnType<typeof testClock>;

export const MINUTE = 60_000;

export interface ApiClient {
  get(url: string, token?: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, token?: string): Promise<LightMyRequestResponse>;
  put(url: string, body: unknown, token?: string): Promise<LightMyRequestResponse>;
}

/** Requests as a browser holding the CSRF cookie makes them, from `remoteAddress` if given. */
export function apiClient(app: FastifyInstance, remoteAddress = '127.0.0.1'): ApiClient {
  let csrf: Record<string, string> | undefined;
  const headers = async (token?: string) => ({
    ...(csrf ??= await csrfHeaders(app)),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
  return {
    get: async (url, token) =>
      app.inject({ method: 'GET', url, remoteAddress, headers: await headers(token) }),
    post: async (url, body, token) =>
      app.inject({
        method: 'POST',
        url,
        remoteAddress,
        headers: await headers(token),
        ...(body === undefined ? {} : { payload: body as object }),
      }),
    put: async (url, body, token) =>
      app.inject({
        method: 'PUT',
        url,
        remoteAddress,
        headers: await headers(token),
        payload: body as object,
      }),
  };
}

let counter = 0;
/** A fresh address per use, so tests sharing a database never collide. */
export function uniqueEmail(prefix = 'shopper'): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export const GOOD_PASSWORD = 'maple-syrup-42';

export function registration(email = uniqueEmail(), password = GOOD_PASSWORD) {
  return { first_name: 'Ada', last_name: 'Lovelace', email, password };
}

/** Every email to `to`, newest first, from the dev outbox. */
export function mailTo(db: Database, to: string) {
  return listOutbox(db, { to });
}

/** The code of the newest verification email to `to`, or undefined. */
export async function latestCode(db: Database, to: string): Promise<string | undefined> {
  const message = (await mailTo(db, to)).find((m) => /verification code/i.test(m.subject));
  return message ? /\b(\d{6})\b/.exec(message.text)?.[1] : undefined;
}

/** The reset link of the newest reset email to `to`, or undefined. */
export async function latestResetLink(db: Database, to: string): Promise<string | undefined> {
  const message = (await mailTo(db, to)).find((m) => /reset/i.test(m.subject));
  return message ? /(\S+\/reset-password\/[A-Za-z0-9_-]+)/.exec(message.text)?.[1] : undefined;
}

/** Register, read the code, verify: an account that can sign in. */
export async function registerVerified(
  api: ApiClient,
  db: Database,
  email = uniqueEmail(),
  password = GOOD_PASSWORD,
): Promise<{ email: string; password: string }> {
  const registered = await api.post(apiPaths.registration, registration(email, password));
  if (registered.statusCode !== 200) throw new Error(`registration failed: ${registered.body}`);
  const code = await latestCode(db, email);
  if (!code) throw new Error(`no code mailed to ${email}`);
  const verified = await api.post(apiPaths.otpVerification, { email, security_code: code });
  if (verified.statusCode !== 200) throw new Error(`verification failed: ${verified.body}`);
  return { email, password };
}

/** Sign in; answers the bearer token. */
export async function signIn(
  api: ApiClient,
  account: { email: string; password: string },
): Promise<string> {
  const response = await api.post(apiPaths.login, account);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return (response.json() as { result: { token: string } }).result.token;
}

/** A multipart/form-data body with one file part, as a browser's FormData upload sends it. */
export function multipartFile(
  field: string,
  filename: string,
  contentType: string,
  bytes: Buffer,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----localmart${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
