import { apiPaths, outboxResponse, type OutboxMessage } from '@localmart/contract';
import { expect, type APIRequestContext } from '@playwright/test';

/**
 * Read mail the way a person would read their inbox: from the server's dev outbox (the server runs in
 * its default, non-production mode in e2e, as `npm start` does), never from the database.
 */
export async function readLatestEmail(
  request: APIRequestContext,
  to: string,
  matching: RegExp,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${apiPaths.devOutbox}?to=${encodeURIComponent(to)}`);
        const body = outboxResponse.parse(await response.json());
        found =
          body.status === 1
            ? body.results.find((m) => matching.test(m.subject + m.text))
            : undefined;
        return found !== undefined;
      },
      { message: `an email to ${to} matching ${matching}` },
    )
    .toBe(true);
  return found!;
}

/** The 6-digit code of the newest verification email to this address. */
export async function readVerificationCode(
  request: APIRequestContext,
  to: string,
): Promise<string> {
  const message = await readLatestEmail(request, to, /\b\d{6}\b/);
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  expect(code, 'a 6-digit code in the email').toBeDefined();
  return code!;
}

/** The reset-password link of the newest reset email to this address. */
export async function readResetLink(request: APIRequestContext, to: string): Promise<string> {
  const message = await readLatestEmail(request, to, /reset-password\//);
  const link = /(https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+)/.exec(message.text)?.[1];
  expect(link, 'a reset-password link in the email').toBeDefined();
  return link!;
}

/** A fresh address per test, so specs never share data. */
export function uniqueEmail(prefix = 'shopper'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
