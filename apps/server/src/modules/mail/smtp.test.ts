import type { AddressInfo } from 'node:net';
import { accountMessages, apiPaths } from '@localmart/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, mailTo, registration, signIn, uniqueEmail } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { pgliteBackend, useTestDatabase } from '../../test/databases.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** An SMTP server on 127.0.0.1 that keeps every message it is given (no TLS, no auth needed). */
async function startSmtpSink() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of a raw message with quoted-printable soft line breaks ("=\r\n") undone. */
function unfold(raw: string): string {
  return raw.replace(/=\r?\n/g, '');
}

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
    const app = await testApp({ env: { SMTP_URL: sink.url, APP_NAME: 'Corner Shop' } });
    expect(app.mailer.kind).toBe('smtp');
    const api = apiClient(app);
    const email = uniqueEmail('smtp');

    const response = await api.post(apiPaths.registration, registration(email));
    expect(response.statusCode).toBe(200);

    const message = sink.received.find((m) => m.to.includes(email));
    expect(message).toBeDefined();
    expect(message!.from).toBe('no-reply@localhost');
    const raw = unfold(message!.raw);
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
  });

  it('an SMTP server that is down does not change the answer (logged, not leaked)', async () => {
    const lines: string[] = [];
    const app = await testApp({
      // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
      env: { SMTP_URL: 'smtp://127.0.0.1:9', LOG_LEVEL: 'error' },
      logStream: { write: (line) => lines.push(line) },
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
    expect(lines.join('')).toContain('email could not be sent over SMTP');
  });
});
