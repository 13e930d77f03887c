import type { AddressInfo } from 'node:net';
import { apiPaths, commonMessages, CSRF_COOKIE, CSRF_HEADER } from '@localmart/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../test/config.ts';
import {
  POSTGRES_BIN_MISSING,
  postgresBin,
  type PrivateCluster,
  startPrivateCluster,
} from '../test/private-postgres.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './outage.ts';

/**
 * Issue 13, must show 4: a private PostgreSQL cluster (initdb and pg_ctl from this machine's
 * PostgreSQL, its own folder and port) is stopped for 10 s under steady requests. While it is down
 * every answer that needs it is 503 with Retry-After, none is a 500; once it is back the server
 * answers within 2 s, and the process lives on. Skipped, saying why, where PostgreSQL's server
 * programs are not installed.
 */

const OUTAGE_MS = 10_000;

const bin = postgresBin();
if (!bin) console.warn(`SKIPPED outage.postgres.test.ts: ${POSTGRES_BIN_MISSING}`);

interface Answer {
  /** When the request was sent and when its answer had arrived, in ms from the start. */
  sent: number;
  at: number;
  path: string;
  status: number;
  retryAfter: string | null;
  message: string | undefined;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!bin)('PostgreSQL stopped for 10 s under load (private cluster)', () => {
  let cluster: PrivateCluster | undefined;
  let port = 0;
  let app: FastifyInstance | undefined;
  const logLines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    cluster = await startPrivateCluster(bin!);
    port = cluster.port;
    app = await buildApp(
      testConfig({
        DATABASE_URL: cluster.url(),
        LOG_LEVEL: 'info',
        RATE_LIMIT_MULTIPLIER: '1000',
      }),
      {
        // The job workers poll too: an outage must not make them log an error per poll.
        jobs: { pollingIntervalSeconds: 0.5 },
        logStream: {
          write: (line) => logLines.push(JSON.parse(line) as { level: number; msg: string }),
        },
      },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await cluster?.dispose();
  }, 30_000);

  it('503 with Retry-After while it is down, no 500, success within 2 s once it is back', async () => {
    const base = `http://127.0.0.1:${(app!.server.address() as AddressInfo).port}`;
    const csrf = await fetch(`${base}${apiPaths.csrf}`);
    const token = /(?:^|;\s*)[^=]+=([^;]+)/.exec(
      csrf.headers.getSetCookie().find((c) => c.startsWith(`${CSRF_COOKIE}=`)) ?? '',
    )?.[1];
    expect(token).toBeDefined();
    const loginHeaders = {
      'content-type': 'application/json',
      cookie: `${CSRF_COOKIE}=${token}`,
      [CSRF_HEADER]: token!,
    };

    // Warm up first: on a loaded CI runner the first requests to a fresh cluster (cold caches, the
    // job engine's first polls) can overrun the 2 s health ping and answer a legitimate 503. What is
    // measured below starts from a server that has answered each kind of request once.
    for (const [target, init] of [
      [apiPaths.pages, {}],
      [apiPaths.health, {}],
    ] as const) {
      await expect
        .poll(async () => (await fetch(`${base}${target}`, init)).status, { timeout: 30_000 })
        .toBe(200);
    }

    const answers: Answer[] = [];
    const t0 = performance.now();
    let running = true;
    let n = 0;
    // Three clients, each sending its next request as soon as the last one is answered (plus 20 ms).
    const client = async (kind: number) => {
      while (running) {
        n += 1;
        const [target, init]: [string, RequestInit] =
          kind === 0
            ? [apiPaths.pages, {}]
            : kind === 1
              ? [apiPaths.health, {}]
              : [
                  apiPaths.login,
                  {
                    method: 'POST',
                    headers: loginHeaders,
                    body: JSON.stringify({
                      email: `nobody${n}@example.com`,
                      password: 'guess-123',
                    }),
                  },
                ];
        const sent = performance.now() - t0;
        try {
          const response = await fetch(`${base}${target}`, init);
          const body = (await response.json()) as { message?: string };
          answers.push({
            sent,
            at: performance.now() - t0,
            path: target,
            status: response.status,
            retryAfter: response.headers.get('retry-after'),
            message: body.message,
          });
        } catch (error) {
          answers.push({
            sent,
            at: performance.now() - t0,
            path: target,
            status: 0,
            retryAfter: null,
            message: String(error),
          });
        }
        await wait(20);
      }
    };
    const clients = [0, 1, 2].map((kind) => client(kind));

    await wait(1_500);
    // A transaction holding its connection, idle, when PostgreSQL goes: the client's 'error' event
    // then has no pool listener, and without one of its own it would crash the process.
    let markStopped!: () => void;
    const stopped = new Promise<void>((resolve) => (markStopped = resolve));
    const held = app!.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await stopped;
        await tx.execute(sql`select 1`);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    await wait(100);
    // Measured before pg_ctl is called: once it has begun, a fast shutdown refuses new connections
    // and ends sessions, so an answer during the stop itself is rightly a 503 (pg_ctl can take
    // several hundred ms to return on a loaded runner).
    const stoppingAt = performance.now() - t0;
    await cluster!.stop('fast');
    const stoppedAt = performance.now() - t0;
    await wait(200);
    markStopped();
    expect(isDatabaseUnavailable(await held)).toBe(true);
    await wait(OUTAGE_MS);
    const restartingAt = performance.now() - t0;
    await cluster!.start();
    const backAt = performance.now() - t0;
    await wait(3_000);
    running = false;
    await Promise.all(clients);
    await wait(1_200); // the outage's probe logs "back"

    const ok = (a: Answer) => a.status === 200 || a.status === 401;
    const before = answers.filter((a) => a.at < stoppingAt);
    // Sent once the stop had completed (an answer already on its way may still arrive after it).
    const down = answers.filter((a) => a.sent > stoppedAt && a.at < restartingAt);
    const firstSuccess = answers.find((a) => a.at > backAt && ok(a));
    const late = answers.filter((a) => a.sent > backAt + 2_000);
    const refused = answers.filter((a) => a.status === 503);
    const secondsToFirstSuccess = firstSuccess ? (firstSuccess.at - backAt) / 1000 : Infinity;
    const outageLog = logLines.filter((l) => /^database (unreachable|back)/.test(l.msg));

    console.warn(
      [
        `PostgreSQL outage figures (private cluster on port ${port}, stopped ${(OUTAGE_MS / 1000).toFixed(0)} s):`,
        `  requests: ${answers.length} in all, ${before.length} before the stop, ${down.length} during it`,
        `  503 with Retry-After: ${refused.filter((a) => a.retryAfter).length} (503 in all: ${refused.length}); 500: ${answers.filter((a) => a.status >= 500 && a.status !== 503).length}; network errors: ${answers.filter((a) => a.status === 0).length}`,
        `  pg_ctl start took ${((backAt - restartingAt) / 1000).toFixed(2)} s; first success ${secondsToFirstSuccess.toFixed(3)} s after it returned (${firstSuccess?.path})`,
        `  outage log lines: ${outageLog.map((l) => `[${l.level}] ${l.msg}`).join(' | ')}`,
        `  error lines logged: ${logLines.filter((l) => l.level >= 50).length}`,
      ].join('\n'),
    );

    expect(before.length).toBeGreaterThan(0);
    // Named, so a failure says which request and what it answered.
    expect(before.filter((a) => !ok(a))).toEqual([]);
    // Never a 500, never a dropped connection.
    expect(answers.filter((a) => a.status !== 503 && !ok(a))).toEqual([]);
    // While it is down, every answer that needs the database is 503 with Retry-After.
    expect(down.length).toBeGreaterThan(20);
    for (const answer of down) {
      expect(answer.status, answer.path).toBe(503);
      expect(Number(answer.retryAfter), answer.path).toBeGreaterThan(0);
    }
    expect(down.filter((a) => a.path !== apiPaths.health).map((a) => a.message)).toEqual(
      down.filter((a) => a.path !== apiPaths.health).map(() => commonMessages.databaseUnavailable),
    );
    expect(down.find((a) => a.retryAfter)?.retryAfter).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    // Back within 2 s, and everything after that succeeds.
    expect(secondsToFirstSuccess).toBeLessThan(2);
    expect(late.length).toBeGreaterThan(0);
    expect(late.every(ok)).toBe(true);
    // Logged once: a warning when it started, an info line with the figures when it ended.
    expect(outageLog.map((l) => l.level)).toEqual([40, 30]);
    expect(outageLog[1]!.msg).toMatch(/^database back after [\d.]+ s, \d+ requests answered 503$/);
    expect(logLines.filter((l) => l.level >= 50)).toEqual([]);
    // The process (here: this worker, which runs the server) is alive and the server answers.
    const health = await fetch(`${base}${apiPaths.health}`);
    expect(health.status).toBe(200);
  }, 60_000);
});
