import { LIVE_EVENT_RETENTION_HOURS } from '@localmart/contract';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../db/outage.ts';
import { liveEvents } from '../../db/schema/live.ts';
import { createLiveHub, type LiveHub } from './live-hub.ts';
import { LiveStreams } from './live-stream.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's fan-out of live events (API roles only): modules/live, ADR 0011. */
    live: LiveHub;
    /** The event streams open in this process, ended on shutdown. */
    liveStreams: LiveStreams;
  }
}

/** The pg-boss queue that deletes events past their catch-up time, hourly. */
export const LIVE_RETENTION_QUEUE = 'live-retention';
export const LIVE_RETENTION_CRON = '17 * * * *';

/** Deletes events older than LIVE_EVENT_RETENTION_HOURS; returns how many. */
export async function deleteOldLiveEvents(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - LIVE_EVENT_RETENTION_HOURS * 3_600_000);
  const deleted = await db
    .delete(liveEvents)
    .where(lt(liveEvents.createdAt, before))
    .returning({ one: sql<number>`1` });
  return deleted.length;
}

/**
 * Live events: the retention job (every role queues it; processes with workers run it) and, where
 * the API is served, the hub that LISTENs and fans events out to this process's streams. On close
 * the streams are ended first (preClose), so a deploy's shutdown never waits for them: each client
 * reconnects, to another process, from its last id.
 */
export const livePlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    await app.jobs.createQueue(LIVE_RETENTION_QUEUE);
    if (app.jobs.runsWorkers) {
      await app.jobs.boss.schedule(
        LIVE_RETENTION_QUEUE,
        LIVE_RETENTION_CRON,
        {},
        { retryLimit: 0 },
      );
      await app.jobs.work(LIVE_RETENTION_QUEUE, async () => {
        try {
          const deleted = await deleteOldLiveEvents(app.db, app.now());
          if (deleted > 0) app.log.debug({ deleted }, 'live events past retention deleted');
        } catch (error) {
          if (isDatabaseUnavailable(error)) app.databaseOutage.backgroundFailed(error);
          else throw error;
        }
      });
    }

    const streams = new LiveStreams();
    app.decorate('liveStreams', streams);
    app.addHook('preClose', async () => {
      streams.endAll();
    });
    if (config.role === 'worker') return;
    const hub = createLiveHub({
      database: app.database,
      log: app.log.child({ module: 'live' }),
    });
    await hub.start();
    app.decorate('live', hub);
    app.addHook('onClose', async () => {
      streams.endAll();
      await hub.stop();
    });
  },
  { name: 'live', fastify: '5.x', dependencies: ['database', 'jobs'] },
);
