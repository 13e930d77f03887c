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
}

export interface Jobs {
  /** The engine: send, retry, getJobById… (https://github.com/timgit/pg-boss/blob/10.x/docs). */
  readonly boss: PgBoss;
  /** Whether this process runs workers (ROLE all or worker). `api` only enqueues. */
  readonly runsWorkers: boolean;
  /** pg-boss's db option on a drizzle database or transaction: `send(…, { db: app.jobs.db(tx) })`. */
  db(database: Parameters<typeof jobDb>[0]): JobDb;
  /**
   * Run `handler` for each job of `queue` in this process, when it runs workers (else nothing).
   * A handler that throws fails the attempt: pg-boss retries it with the job's retry settings.
   */
  work<T extends object>(
    queue: string,
    handler: (job: PgBoss.Job<T>) => Promise<void>,
  ): Promise<void>;
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
    const boss = new PgBoss({
      db: jobDb(app.db),
      schema: JOB_SCHEMA,
      supervise: runsWorkers,
      // Cron schedules are not used (yet): no clock monitor, no cron polling.
      schedule: false,
      // Mail jobs hold codes and reset links: keep finished ones briefly, failed ones for support.
      archiveCompletedAfterSeconds: 60 * 60,
      archiveFailedAfterSeconds: 14 * 24 * 60 * 60,
      deleteAfterDays: 7,
    });
    boss.on('error', (error: Error) => {
      // Polling and maintenance while the database is down: the outage's one warning (db/outage.ts),
      // not an error line every poll. pg-boss keeps polling and resumes by itself.
      if (isDatabaseUnavailable(error)) app.databaseOutage.backgroundFailed(error);
      else log.error({ err: error }, 'job engine error');
    });
    await boss.start();

    const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    const jobs: Jobs = {
      boss,
      runsWorkers,
      db: jobDb,
      async work(queue, handler) {
        if (!runsWorkers) return;
        await boss.work(queue, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
          if (job) await handler(job as PgBoss.Job<never>);
        });
      },
    };
    app.decorate('jobs', jobs);
    // preClose runs before the database plugin's onClose: jobs finish while the database is open.
    app.addHook('preClose', async () => {
      await boss.stop({ graceful: true, wait: true, timeout: JOB_STOP_TIMEOUT_MS });
    });
  },
  { name: 'jobs', fastify: '5.x', dependencies: ['database'] },
);
