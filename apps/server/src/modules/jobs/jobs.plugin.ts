import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { Config } from '../../config.ts';
import { isDatabaseUnavailable } from '../../db/outage.ts';
import { type JobDb, jobDb } from './job-db.ts';

/** pg-boss keeps its tables in this schema of the app's own database (PostgreSQL or PGlite). */
export const JOB_SCHEMA = 'pgboss';

/** How long `stop` lets running jobs finish before handing them back to the queue (main.ts' grace is longer). */
export const JOB_STOP_TIMEOUT_MS = 5_000;

export interface JobsOptions {
  /** Seconds between a worker's polls for new jobs (pg-boss accepts 0.5 and more; default 2). */
  pollingIntervalSeconds?: number;
  /** How long closing lets running jobs finish, twice over (JOB_STOP_TIMEOUT_MS; pg-boss's least is 1 s). */
  stopTimeoutMs?: number;
}

export interface Jobs {
  /** The engine: send, retry, getJobById… (https://github.com/timgit/pg-boss/blob/10.x/docs). */
  readonly boss: PgBoss;
  /** Whether this process runs workers (ROLE all or worker). `api` only enqueues. */
  readonly runsWorkers: boolean;
  /** pg-boss's db option on a drizzle database or transaction: `send(…, { db: app.jobs.db(tx) })`. */
  db(database: Parameters<typeof jobDb>[0]): JobDb;
  /**
   * Create `queue` unless it exists. Use this, not `boss.createQueue`: several processes starting at
   * once on a new database create the same queues at the same moment, and pg-boss's create_queue
   * (insert the queue, then its partition table with foreign keys) deadlocks against itself there.
   */
  createQueue(queue: string): Promise<void>;
  /**
   * Run `handler` for each job of `queue` in this process, when it runs workers (else nothing).
   * A handler that throws fails the attempt: pg-boss retries it with the job's retry settings.
   * What it returns is kept as the completed job's output (say, why it did nothing).
   */
  work<T extends object>(
    queue: string,
    handler: (job: PgBoss.JobWithMetadata<T>) => Promise<void | object>,
  ): Promise<void>;
  /**
   * Ask this process's workers of `queue` to poll now rather than at their next poll (a job the
   * owner waits for on screen, just committed); nothing when this process runs none.
   */
  wake(queue: string): void;
  /**
   * Queue a job due at `at` on the app's clock, inside `db` when it is the caller's transaction (the
   * job then exists exactly when the change that causes it commits).
   */
  sendAt(queue: string, data: object, timing: SendAt): Promise<string | null>;
  /**
   * Takes a job that no worker has started out of its queue, inside `db` (the caller's
   * transaction): true when this caller took it (and so does its work itself), false when a worker
   * has it or it is gone. A safety-net job and the request that usually does the work agree this
   * way on who does it, exactly once.
   */
  takeBack(db: Parameters<typeof jobDb>[0], queue: string, id: string): Promise<boolean>;
}

export interface SendAt {
  /** When the job is due, on the app's clock. */
  at: Date;
  /** The app's clock now (app.now()). */
  now: Date;
  /** The caller's transaction (or the app's database). */
  db?: Parameters<typeof jobDb>[0] | undefined;
  /**
   * Makes the job idempotent: the same key on the same queue is the same job id, so sending it again
   * (a run retried after it had already queued its successor) adds nothing.
   */
  key?: string | undefined;
  /** pg-boss retry settings and the like. */
  options?: Omit<PgBoss.SendOptions, 'db' | 'startAfter'>;
}

/** A job id derived from its queue and key (a UUID-shaped SHA-256 prefix): pg-boss keeps one per id. */
export function jobIdFor(queue: string, key: string): string {
  const hex = createHash('sha256').update(`${queue}\u0000${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * pg-boss compares `startAfter` with the database's clock, while due times are computed on the app's
 * clock (tests and CLOCK_OFFSET_MINUTES move it): the delay between the two is what both agree on.
 */
export function startAfterSeconds(at: Date, now: Date): number {
  return Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 1000));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The job engine (pg-boss on the app's database): modules/jobs. */
    jobs: Jobs;
  }
}

/**
 * Starts pg-boss on the app's database when the app starts (creating or migrating its schema under
 * pg-boss's advisory lock, so several instances may start at once) and stops it before the database
 * closes: running jobs get JOB_STOP_TIMEOUT_MS to finish, then go back to the queue (failed, so
 * retried). Maintenance (expiring jobs whose worker died, archiving, deleting) runs only in processes
 * that run workers; pg-boss lets one instance at a time do it.
 */
export const jobsPlugin = fp(
  async (
    app: FastifyInstance,
    { config, jobs: options = {} }: { config: Config; jobs?: JobsOptions },
  ) => {
    const runsWorkers = config.role !== 'api';
    const log = app.log.child({ module: 'jobs' });
    const engineDb = jobDb(app.db);
    /** Set once the engine has stopped and its handlers have settled, just before the database closes. */
    let closed = false;
    let lateWriteLogged = false;
    const boss = new PgBoss({
      db: {
        executeSql(text, values) {
          if (!closed) return engineDb.executeSql(text, values);
          // pg-boss 10 marks a job completed or failed without awaiting it (manager.js onFetch), so
          // any answer here, an error from the closed pool or a result it then misreads, would be an
          // unhandled rejection. The statement is not sent and never answers, as if the process had
          // ended: the job was already handed back to the queue at the grace and runs again
          // (handlers are idempotent for that reason).
          if (!lateWriteLogged) {
            lateWriteLogged = true;
            log.warn('job engine stopped: a job finished after closing; it will run again');
          }
          return new Promise<never>(() => undefined);
        },
      },
      schema: JOB_SCHEMA,
      supervise: runsWorkers,
      // The reconciliation cron (modules/jobs/reconcile.ts) is checked by processes that run workers;
      // pg-boss sends each slot's job once across all of them.
      schedule: runsWorkers,
      // Mail jobs hold codes and reset links: keep finished ones briefly, failed ones for support.
      archiveCompletedAfterSeconds: 60 * 60,
      archiveFailedAfterSeconds: 14 * 24 * 60 * 60,
      deleteAfterDays: 7,
      // Expiring the jobs of a worker that died (SIGKILL) happens in maintenance: every 30 s rather
      // than pg-boss's 2 minutes, so such a job runs again within about its expiry plus 30 s.
      maintenanceIntervalSeconds: 30,
    });
    boss.on('error', (error: Error) => {
      // Polling and maintenance while the database is down: the outage's one warning (db/outage.ts),
      // not an error line every poll. pg-boss keeps polling and resumes by itself.
      if (isDatabaseUnavailable(error)) app.databaseOutage.backgroundFailed(error);
      else log.error({ err: error }, 'job engine error');
    });
    await boss.start();

    const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    /** This process's workers per queue, for `wake`. */
    const workerIds = new Map<string, string[]>();
    /** Handlers running now in this process, so closing waits for them before the database goes. */
    const running = new Set<Promise<void | object>>();
    const jobs: Jobs = {
      boss,
      runsWorkers,
      db: jobDb,
      async sendAt(queue, data, { at, now, db, key, options: sendOptions }) {
        return boss.send(queue, data, {
          ...sendOptions,
          ...(key !== undefined ? { id: jobIdFor(queue, key) } : {}),
          startAfter: startAfterSeconds(at, now),
          ...(db ? { db: jobDb(db) } : {}),
        });
      },
      async createQueue(queue) {
        // PostgreSQL ends a deadlock by failing one side: the other has created the queue by the
        // time it retries, and the retry finds it (create_queue inserts ON CONFLICT DO NOTHING).
        for (let attempt = 1; ; attempt += 1) {
          try {
            await boss.createQueue(queue);
            return;
          } catch (error) {
            if (!isDeadlock(error) || attempt >= CREATE_QUEUE_ATTEMPTS) throw error;
            log.info(
              { queue, attempt },
              'queue created by another process at the same time: retrying',
            );
            await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
          }
        }
      },
      async takeBack(db, queue, id) {
        const { rows } = await jobDb(db).executeSql(
          `DELETE FROM ${JOB_SCHEMA}.job WHERE name = $1 AND id = $2 AND state IN ('created', 'retry') RETURNING id`,
          [queue, id],
        );
        return rows.length > 0;
      },
      async work(queue, handler) {
        if (!runsWorkers) return;
        // With its metadata: a handler can tell its last attempt (retryCount, retryLimit).
        const options = { pollingIntervalSeconds, batchSize: 1, includeMetadata: true as const };
        // Set once boss.work answers; the first job may arrive before that (then no early fetch).
        const worker: { id?: string } = {};
        const workerId = await boss.work(queue, options, async ([job]) => {
          if (!job) return;
          const run = handler(job as PgBoss.JobWithMetadata<never>);
          running.add(run);
          try {
            return await run;
          } finally {
            running.delete(run);
            // A job came: fetch the next at once instead of after a full polling interval (pg-boss
            // 10 waits the interval after every fetch, which capped a worker at one mail per 2 s).
            // An empty fetch then waits as usual, so an idle queue still costs one query per poll.
            if (worker.id) boss.notifyWorker(worker.id);
          }
        });
        worker.id = workerId;
        workerIds.set(queue, [...(workerIds.get(queue) ?? []), workerId]);
      },
      wake(queue) {
        for (const workerId of workerIds.get(queue) ?? []) boss.notifyWorker(workerId);
      },
    };
    app.decorate('jobs', jobs);
    // preClose runs before the database plugin's onClose: jobs finish while the database is open.
    app.addHook('preClose', async () => {
      const stopTimeoutMs = options.stopTimeoutMs ?? JOB_STOP_TIMEOUT_MS;
      await boss.stop({ graceful: true, wait: true, timeout: stopTimeoutMs });
      // pg-boss stops waiting after its timeout and hands the job back, but the handler still runs on
      // this database: give it a second grace so it ends cleanly rather than midway through a write.
      if (running.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled([...running]),
          new Promise((resolve) => (timer = setTimeout(resolve, stopTimeoutMs))),
        ]);
        clearTimeout(timer);
      }
      // The job-state writes pg-boss issues as the last handlers return go out on this turn.
      await new Promise((resolve) => setImmediate(resolve));
      closed = true;
    });
  },
  { name: 'jobs', fastify: '5.x', dependencies: ['database'] },
);

/** How often a queue's creation is tried when it deadlocks with another process creating it. */
const CREATE_QUEUE_ATTEMPTS = 5;

/** PostgreSQL's deadlock_detected (40P01), as node-postgres or PGlite reports it. */
function isDeadlock(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '40P01';
}
