import { accountMessages, apiPaths } from '@localmart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, mailTo, registration, signIn, uniqueEmail } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { pgliteBackend, useTestDatabase } from '../../test/databases.ts';
import { startSmtpSink, unfold, waitFor } from '../../test/smtp.ts';

describe('mail over real SMTP', () => {
  const database = useTestDatabase(pgliteBackend);
  const testApp = useTestApp(database);
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
  });

  it('registration sends the code over SMTP; the code read from the raw message verifies', async () => {
    const app = await testApp({
      env: { SMTP_URL: sink.url, APP_NAME: 'Corner Shop' },
      jobs: { pollingIntervalSeconds: 0.5 },
    });
    expect(app.mailer.kind).toBe('smtp');
    const api = apiClient(app);
    const email = uniqueEmail('smtp');

    const response = await api.post(apiPaths.registration, registration(email));
    expect(response.statusCode).toBe(200);

    // Queued by the request, delivered by the worker a moment later.
    const message = await waitFor(() => sink.received.find((m) => m.to.includes(email)));
    expect(message.from).toBe('no-reply@localhost');
    const raw = unfold(message.raw);
    expect(raw).toMatch(/^Subject: Your Corner Shop verification code$/m);
    expect(raw).toMatch(/^From: "?Corner Shop"? <no-reply@localhost>$/m);
    expect(raw).toContain('multipart/alternative');
    const code = /verification code is: (\d{6})/.exec(raw)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // Real delivery: nothing lands in the dev outbox.
    expect(await mailTo(database().db, email)).toEqual([]);

    const verified = await api.post(apiPaths.otpVerification, { email, security_code: code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ status: 1, message: accountMessages.emailVerified });
    await signIn(api, { email, password: registration(email).password });

    // Forgot-password only queues the request; a worker finds the account and mails the link.
    const reset = await api.post(apiPaths.forgotPassword, {
      email,
      baseurl: 'http://localhost:3000/',
    });
    expect(reset.json()).toEqual({ status: 1, message: accountMessages.resetLinkSent });
    const link = await waitFor(() =>
      sink.received.find(
        (m) => m.to.includes(email) && /Reset your Corner Shop password/.test(m.raw),
      ),
    );
    expect(unfold(link.raw)).toContain('http://localhost:3000/reset-password/');
  });

  it('an SMTP server that is down does not change the answer (logged by the worker, not leaked)', async () => {
    const lines: string[] = [];
    const app = await testApp({
      // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
      env: { SMTP_URL: 'smtp://127.0.0.1:9', LOG_LEVEL: 'error' },
      logStream: { write: (line) => lines.push(line) },
      jobs: { pollingIntervalSeconds: 0.5 },
    });
    const api = apiClient(app);
    const response = await api.post(apiPaths.forgotPassword, {
      email: uniqueEmail('down'),
      baseurl: 'http://localhost:3000/',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 1, message: accountMessages.resetLinkSent });

    const registered = await api.post(apiPaths.registration, registration(uniqueEmail('down')));
    expect(registered.statusCode).toBe(200);
    expect(registered.body).not.toMatch(/ECONNREFUSED|smtp/i);
    await waitFor(() => lines.join('').includes('email could not be sent over SMTP'));
  });
});
