import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/outage.ts';

export interface IntervalSweeper<Report> {
  /** How often to sweep, in milliseconds. */
  intervalMs: number;
  log: FastifyBaseLogger;
  /** One pass of the work; its report decides what is logged. */
  sweep: () => Promise<Report>;
  /** Only reports that say something happened are logged, so an idle instance stays quiet. */
  worthLogging: (report: Report) => boolean;
  /** Info line for a report worth logging. */
  sweptMessage: string;
  /** Error line for a sweep that threw. */
  failedMessage: string;
}

/**
 * Runs a background sweep on a timer from the moment the app is ready until it closes. The timer is
 * unref'd (it never keeps a finished process alive) and a tick is skipped while the last sweep still
 * runs, so sweeps never overlap within an instance; across instances the sweeps themselves claim
 * rows with SKIP LOCKED.
 */
export function runSweepOnInterval<Report>(
  app: FastifyInstance,
  { intervalMs, log, sweep, worthLogging, sweptMessage, failedMessage }: IntervalSweeper<Report>,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const tick = () => {
    if (running) return;
    running = sweep()
      .then((report) => {
        if (worthLogging(report)) log.info({ report }, sweptMessage);
      })
      .catch((error: unknown) => {
        // An unreachable database is an outage, logged once (db/outage.ts): the next tick retries.
        if (isDatabaseUnavailable(error)) app.databaseOutage.backgroundFailed(error);
        else log.error({ err: error }, failedMessage);
      })
      .finally(() => {
        running = undefined;
      });
  };

  app.addHook('onReady', async () => {
    timer = setInterval(tick, intervalMs);
    timer.unref();
  });
  // Before the database closes (onClose): stop ticking and let a sweep in flight finish.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    timer = undefined;
    await running;
  });
}
