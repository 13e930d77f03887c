import { apiPaths } from '@localmart/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, registration, uniqueEmail } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { testDatabases, useTestDatabase } from '../../test/databases.ts';
import { startSmtpSink, waitFor } from '../../test/smtp.ts';
import { jobDb } from './job-db.ts';

describe.each(testDatabases())('job engine and roles on $name', (backend) => {
  const database = useTestDatabase(backend);
  const testApp = useTestApp(database);
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
  });

  it('ROLE=api serves the API and only queues; ROLE=worker serves /health only and delivers', async () => {
    const env = { SMTP_URL: sink.url };
    const jobs = { pollingIntervalSeconds: 0.5 };
    const api = await testApp({ env: { ...env, ROLE: 'api' }, jobs });
    expect(api.jobs.runsWorkers).toBe(false);
    const email = uniqueEmail('roles');
    const response = await apiClient(api).post(apiPaths.registration, registration(email));
    expect(response.json()).toMatchObject({ status: 1 });
    // Nobody works the queue yet.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(sink.received.some((m) => m.to.includes(email))).toBe(false);

    const worker = await testApp({ env: { ...env, ROLE: 'worker' }, jobs });
    expect(worker.jobs.runsWorkers).toBe(true);
    expect((await worker.inject({ method: 'GET', url: apiPaths.health })).statusCode).toBe(200);
    expect(worker.hasRoute({ method: 'POST', url: apiPaths.registration })).toBe(false);
    expect(api.hasRoute({ method: 'POST', url: apiPaths.registration })).toBe(true);
    const delivered = await waitFor(() => sink.received.find((m) => m.to.includes(email)));
    expect(delivered.raw).toMatch(/verification code/i);
  });

  it('processes starting at once create the same new queues without failing, each queue once', async () => {
    // Two apps on one database, as N processes behind a load balancer on their first start: each
    // creates every queue it uses at the same moment as the other (several times over here).
    const first = await testApp();
    const second = await testApp();
    const queues = Array.from({ length: 6 }, (_, i) => `jobs-race-${Date.now()}-${i}`);
    // Each creates its queues one after another, as the plugins do when an app starts.
    const settled = await Promise.allSettled(
      [first, second].map(async (app) => {
        for (const queue of queues) await app.jobs.createQueue(queue);
      }),
    );
    expect(settled.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    const { rows } = await jobDb(database().db).executeSql(
      'SELECT name FROM pgboss.queue WHERE name = ANY($1)',
      [queues],
    );
    expect((rows as { name: string }[]).map((row) => row.name).sort()).toEqual([...queues].sort());
  });

  it('a job sent inside a transaction exists only if the transaction commits', async () => {
    const app = await testApp();
    await app.jobs.boss.createQueue('jobs-test');
    const { db } = database();
    const committed = await db.transaction(async (tx) =>
      app.jobs.boss.send('jobs-test', { n: 1 }, { db: jobDb(tx) }),
    );
    const rolledBack = await db
      .transaction(async (tx) => {
        const id = await app.jobs.boss.send('jobs-test', { n: 2 }, { db: jobDb(tx) });
        throw Object.assign(new Error('roll back'), { id });
      })
      .catch((error: { id?: string }) => error.id);
    expect(committed).toBeTruthy();
    expect(rolledBack).toBeTruthy();
    const rows = (
      (await db.execute(sql`select id::text from pgboss.job where name = 'jobs-test'`)) as {
        rows: { id: string }[];
      }
    ).rows.map((row) => row.id);
    expect(rows).toContain(committed);
    expect(rows).not.toContain(rolledBack);
  });

  it('a worker with queued jobs takes the next at once, not one per polling interval', async () => {
    // A 5 s poll: were each job to wait for the next poll, 6 jobs would take 25 s or more.
    const app = await testApp({ jobs: { pollingIntervalSeconds: 5 } });
    await app.jobs.boss.createQueue('jobs-drain');
    for (let n = 0; n < 6; n += 1) await app.jobs.boss.send('jobs-drain', { n });
    const done: number[] = [];
    await app.jobs.work<{ n: number }>('jobs-drain', async (job) => {
      done.push(job.data.n);
    });
    await expect.poll(() => done.length, { timeout: 9_000, interval: 200 }).toBe(6);
  }, 20_000);

  it("closing waits for a running job past the engine's grace; one that outlives both leaves its job to be retried, with no unhandled rejection", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const { db } = database();
    try {
      // pg-boss hands a job still running after its grace back to the queue (state retry, run again:
      // handlers are idempotent), and that stands whatever the handler does next.
      for (const [sleepMs, closedBeforeEnd] of [
        // The second grace (1 s more) lets this one finish before the database may close.
        [1_500, false],
        // Past both: the app has closed when it returns, and the completion pg-boss then writes
        // without awaiting it goes nowhere instead of rejecting on a closed pool.
        [3_500, true],
      ] as const) {
        const app = await testApp({ jobs: { pollingIntervalSeconds: 0.5, stopTimeoutMs: 1_000 } });
        const queue = `jobs-slow-${sleepMs}`;
        await app.jobs.boss.createQueue(queue);
        let started = false;
        let ended: number | undefined;
        await app.jobs.work(queue, async () => {
          started = true;
          await new Promise((resolve) => setTimeout(resolve, sleepMs));
          ended = performance.now();
        });
        const id = await app.jobs.boss.send(queue, {});
        app.jobs.wake(queue);
        await expect.poll(() => started, { timeout: 10_000, interval: 50 }).toBe(true);
        await app.close();
        const closedAt = performance.now();
        await expect.poll(() => ended !== undefined, { timeout: 5_000, interval: 50 }).toBe(true);
        expect(ended! > closedAt).toBe(closedBeforeEnd);
        await new Promise((resolve) => setTimeout(resolve, 300));
        const { rows } = (await db.execute(
          sql`select state from pgboss.job where id = ${id}::uuid`,
        )) as unknown as { rows: { state: string }[] };
        expect(rows[0]?.state).toBe('retry');
      }
      expect(unhandled.map(String)).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  }, 40_000);
});
