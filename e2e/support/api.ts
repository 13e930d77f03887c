import {
  apiPaths,
  CSRF_HEADER,
  csrfResponse,
  loginResponse,
  type Envelope,
} from '@localmart/contract';
import { expect, type APIRequestContext } from '@playwright/test';
import { readVerificationCode, uniqueEmail } from './outbox.ts';

/**
 * Calls the API the way the web app does: mutating requests echo the CSRF cookie in the header
 * (docs/decisions/0002-csrf.md). Used to set up data a spec is not about; the flows under test go
 * through the UI.
 */
export async function apiPost<T extends Envelope = Envelope>(
  request: APIRequestContext,
  path: string,
  data: unknown,
  token?: string,
): Promise<{ httpStatus: number; body: T }> {
  const csrf = csrfResponse.parse(await (await request.get(apiPaths.csrf)).json());
  if (csrf.status !== 1) throw new Error('no CSRF token');
  const headers: Record<string, string> = { [CSRF_HEADER]: csrf.result.csrfToken };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await request.post(path, { data, headers });
  return { httpStatus: response.status(), body: (await response.json()) as T };
}

export interface TestAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function newAccount(prefix = 'shopper'): TestAccount {
  return {
    email: uniqueEmail(prefix),
    password: 'maple-syrup-42',
    firstName: 'Ada',
    lastName: 'Lovelace',
  };
}

/** Register through the API and leave the account unverified. */
export async function registerAccount(request: APIRequestContext, account = newAccount()) {
  const { body } = await apiPost(request, apiPaths.registration, {
    first_name: account.firstName,
    last_name: account.lastName,
    email: account.email,
    password: account.password,
  });
  expect(body.status, body.message).toBe(1);
  return account;
}

/** Register and verify through the API, reading the code from the dev outbox. */
export async function registerVerifiedAccount(request: APIRequestContext, account = newAccount()) {
  await registerAccount(request, account);
  const code = await readVerificationCode(request, account.email);
  const { body } = await apiPost(request, apiPaths.otpVerification, {
    email: account.email,
    security_code: code,
  });
  expect(body.status, body.message).toBe(1);
  return account;
}

/** Sign in through the API; answers the session token. */
export async function apiLogin(request: APIRequestContext, account: TestAccount): Promise<string> {
  const { body } = await apiPost(request, apiPaths.login, {
    email: account.email,
    password: account.password,
  });
  const parsed = loginResponse.parse(body);
  if (parsed.status !== 1) throw new Error(`login failed: ${parsed.message}`);
  return parsed.result.token;
}

/** GET whoami with a bearer token: the HTTP status and the envelope. */
export async function whoami(request: APIRequestContext, token: string) {
  const response = await request.get(apiPaths.whoami, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { httpStatus: response.status(), body: (await response.json()) as Envelope };
}
