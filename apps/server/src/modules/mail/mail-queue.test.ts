import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { accountMessages, apiPaths } from '@localmart/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { apiClient, registration, uniqueEmail } from '../../test/accounts.ts';
import { testConfig } from '../../test/config.ts';
import { testDatabases, useTestDatabase } from '../../test/databases.ts';
import { startSmtpSink, waitFor } from '../../test/smtp.ts';

/**
 * Issue 13, must show 1: mail goes through the job queue, so SMTP being down or slow never shows in
 * an answer, and a mail queued while SMTP was down arrives, once, when it comes back, even across
 * a restart of the server.
 */

/** The figures the closing note quotes, printed beside the test report. */
function report(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** An "SMTP server" that accepts connections and never says a word. */
async function startSilentSmtp(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function mailJobs(db: Database, to: string) {
  const result = (await db.execute(
    sql`select state, retry_count, output from pgboss.job where name = 'mail' and data->'message'->>'to' = ${to} order by created_on`,
  )) as unknown as { rows: { state: string; retry_count: number; output: unknown }[] };
  return result.rows;
}

/** Fast polling and retries, so a test sees the queue at work in seconds. */
const fastJobs: BuildAppOptions['jobs'] = {
  pollingIntervalSeconds: 0.5,
  mailRetry: { limit: 10, delaySeconds: 1 },
};

describe.each(testDatabases())('mail queue on $name', (backend) => {
  const database = useTestDatabase(backend);
  const open: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((app) => app.close()));
  });
  async function start(env: Record<string, string>, options: BuildAppOptions = {}) {
    const app = await buildApp(testConfig(env), {
      ...options,
      jobs: fastJobs,
      database: database(),
    });
    open.push(app);
    await app.ready();
    return app;
  }

  it('SMTP down: registration answers at once; after a restart and SMTP back, the code arrives once', async () => {
    const port = await freePort();
    const env = { SMTP_URL: `smtp://127.0.0.1:${port}`, LOG_LEVEL: 'silent' };
    const email = uniqueEmail('queued');

    const first = await start(env);
    const api = apiClient(first);
    // Warm-up (JIT, argon2's first hash, the CSRF cookie): the measured request is a steady one.
    await api.post(apiPaths.registration, registration(uniqueEmail('warm-up')));
    // The median of five registrations (the last one is the email followed below), so one stall of
    // a busy machine does not decide.
    const timings: number[] = [];
    for (const address of [1, 2, 3, 4].map(() => uniqueEmail('down')).concat(email)) {
      const started = performance.now();
      const response = await api.post(apiPaths.registration, registration(address));
      timings.push(performance.now() - started);
      expect(response.json()).toMatchObject({ status: 1 });
    }
    const elapsed = median(timings);
    report(
      `[${backend.name}] registration with SMTP down: median ${elapsed.toFixed(0)} ms (${timings.map((t) => t.toFixed(0)).join(', ')})`,
    );
    // Hashing the password dominates (argon2); three test workers on a loaded 2-core runner measured
    // medians up to 250 ms. Waiting on SMTP inside the request (the old behaviour) took seconds.
    expect(elapsed).toBeLessThan(1_000);

    // The worker tried, SMTP refused, the job waits for its retry.
    const [failing] = await waitFor(async () => {
      const rows = await mailJobs(database().db, email);
      return rows.some((row) => row.retry_count >= 1) ? rows : undefined;
    });
    expect(['retry', 'active']).toContain(failing?.state);

    // The server restarts while SMTP is still down…
    await first.close();
    open.splice(open.indexOf(first), 1);
    // …then SMTP comes back on its address, and the restarted server delivers the queued code.
    const sink = await startSmtpSink(port);
    try {
      await start(env);
      const delivered = await waitFor(
        () => sink.received.find((m) => m.to.includes(email)),
        20_000,
      );
      expect(delivered.raw).toMatch(/verification code/i);
      // Once: give a duplicate the time to show up, then count.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(sink.received.filter((m) => m.to.includes(email))).toHaveLength(1);
      expect((await mailJobs(database().db, email)).map((row) => row.state)).toEqual(['completed']);
      report(
        `[${backend.name}] code delivered once after the restart (${sink.received.length} message(s) at the SMTP server)`,
      );
    } finally {
      await sink.close();
    }
  }, 60_000);
});

describe.each(testDatabases())('verification code mails in the queue on $name', (backend) => {
  const database = useTestDatabase(backend);
  const open: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((app) => app.close()));
  });
  let now = new Date();
  async function start(env: Record<string, string>, jobs: BuildAppOptions['jobs'] = fastJobs) {
    now = new Date();
    const app = await buildApp(testConfig({ ...env, LOG_LEVEL: 'silent' }), {
      jobs,
      database: database(),
      now: () => now,
    });
    open.push(app);
    await app.ready();
    return app;
  }
  const codeIn = (raw: string) => /\b(\d{6})\b/.exec(raw.replace(/=\r?\n/g, ''))?.[1];

  it('a code replaced by a resend while SMTP was down is not delivered late: only the working one arrives', async () => {
    const port = await freePort();
    const app = await start({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const api = apiClient(app);
    const email = uniqueEmail('replaced');
    expect((await api.post(apiPaths.registration, registration(email))).json()).toMatchObject({
      status: 1,
    });
    await waitFor(async () => {
      const rows = await mailJobs(database().db, email);
      return rows.some((row) => row.retry_count >= 1) ? rows : undefined;
    });
    // The cooldown over, the shopper asks again: a new code replaces the first.
    now = new Date(now.getTime() + 61_000);
    const resent = await api.post(apiPaths.resendOtp, { email });
    expect(resent.json()).toMatchObject({ status: 1, message: accountMessages.codeSent });

    const sink = await startSmtpSink(port);
    try {
      const delivered = await waitFor(
        () => sink.received.find((m) => m.to.includes(email)),
        20_000,
      );
      // Both jobs are done: one delivered, the replaced one dropped without an attempt.
      await waitFor(async () => {
        const rows = await mailJobs(database().db, email);
        return rows.length === 2 && rows.every((row) => row.state === 'completed')
          ? rows
          : undefined;
      }, 20_000);
      expect(sink.received.filter((m) => m.to.includes(email))).toHaveLength(1);
      // The replaced one says so, so a completed job without a delivery is told apart.
      const outputs = (await mailJobs(database().db, email)).map((row) => row.output);
      expect(outputs).toContainEqual({ dropped: 'no longer valid' });
      expect(
        outputs.filter((output) => output !== null && 'dropped' in (output as object)),
      ).toHaveLength(1);
      const code = codeIn(delivered.raw);
      expect(code).toBeDefined();
      const verified = await api.post(apiPaths.otpVerification, { email, security_code: code });
      expect(verified.json()).toMatchObject({ status: 1 });
    } finally {
      await sink.close();
    }
  }, 60_000);

  it('a code mail given up kills its code: resend sends a new one at once, no cooldown to wait out', async () => {
    const port = await freePort();
    const app = await start(
      { SMTP_URL: `smtp://127.0.0.1:${port}` },
      { pollingIntervalSeconds: 0.5, mailRetry: { limit: 0, delaySeconds: 1 } },
    );
    const api = apiClient(app);
    const email = uniqueEmail('given-up');
    await api.post(apiPaths.registration, registration(email));
    // Before the mail is given up, resend honestly says when.
    expect((await api.post(apiPaths.resendOtp, { email })).json().message).not.toBe(
      accountMessages.codeSent,
    );
    await waitFor(async () => {
      const rows = await mailJobs(database().db, email);
      return rows.some((row) => row.state === 'failed') ? rows : undefined;
    });
    // Still inside the 60 s cooldown, yet a new code goes out now.
    expect((await api.post(apiPaths.resendOtp, { email })).json()).toMatchObject({
      status: 1,
      message: accountMessages.codeSent,
    });
    expect(await mailJobs(database().db, email)).toHaveLength(2);
  }, 60_000);
});

describe.each(testDatabases())('mail queue and a slow SMTP server on $name', (backend) => {
  const database = useTestDatabase(backend);
  const open: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((app) => app.close()));
  });

  it('forgot-password answers a known and an unknown email alike (medians of 20 within 20 ms)', async () => {
    const smtp = await startSilentSmtp();
    try {
      const app = await buildApp(testConfig({ SMTP_URL: smtp.url, RATE_LIMIT_MULTIPLIER: '100' }), {
        database: database(),
        jobs: fastJobs,
      });
      open.push(app);
      await app.ready();
      const api = apiClient(app);
      const known = uniqueEmail('known');
      expect((await api.post(apiPaths.registration, registration(known))).statusCode).toBe(200);

      const timings = { known: [] as number[], unknown: [] as number[] };
      const ask = async (which: 'known' | 'unknown') => {
        const email = which === 'known' ? known : uniqueEmail('nobody');
        const started = performance.now();
        const response = await api.post(apiPaths.forgotPassword, {
          email,
          baseurl: 'http://localhost:3000/',
        });
        timings[which].push(performance.now() - started);
        expect(response.json()).toEqual({ status: 1, message: accountMessages.resetLinkSent });
      };
      // Warm-up, then interleaved so drift hits both alike.
      await ask('known');
      await ask('unknown');
      timings.known.length = 0;
      timings.unknown.length = 0;
      for (let i = 0; i < 20; i += 1) {
        await ask('known');
        await ask('unknown');
      }
      const known20 = median(timings.known);
      const unknown20 = median(timings.unknown);
      report(
        `[${backend.name}] forgot-password with a silent SMTP: median known ${known20.toFixed(1)} ms, unknown ${unknown20.toFixed(1)} ms`,
      );
      expect(Math.abs(known20 - unknown20)).toBeLessThan(20);
      // Nothing waited on SMTP: every answer came far sooner than its greeting timeout (10 s).
      expect(Math.max(...timings.known, ...timings.unknown)).toBeLessThan(1_000);
    } finally {
      await smtp.close();
    }
  }, 60_000);
});
