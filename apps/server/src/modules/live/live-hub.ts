import type { LiveEvent, LiveEventData } from '@localmart/contract';
import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { executeRows } from '../catalog/search/execute-rows.ts';
import { LIVE_CHANNEL } from './publish-live.ts';

/**
 * The fan-out of one process (ADR 0011). It LISTENs once on LIVE_CHANNEL; each NOTIFY names an
 * event's id and audience. When some stream of this process is subscribed to that audience, the hub
 * reads the committed rows by id (a batch of ids per read) and hands each event to those streams;
 * otherwise it reads nothing. It holds no state but the open streams: the events are in the table.
 *
 * Commits can land out of id order (two transactions take ids 10 and 11; 11 commits first), so
 * dispatch is by exact id, never "everything after the highest id seen", which would skip 10.
 * After the LISTEN connection was lost (PostgreSQL restarted), it reads every event after the
 * highest id it had heard of for the audiences it serves.
 */

export interface LiveSink {
  /** Events for this stream, in id order within one call. */
  deliver(events: LiveEvent[]): void;
}

interface Row {
  id: string;
  audience: string;
  data: LiveEventData;
  at: string;
}

export interface LiveHub {
  /** Start listening (before the app serves streams). */
  start(): Promise<void>;
  /** Deliver `audience`'s events to `sink` from now on; the function unsubscribes. */
  subscribe(audience: string, sink: LiveSink): () => void;
  /** Stored events of `audience` after `after`, in id order, at most `limit`. */
  backlog(audience: string, after: bigint, limit: number): Promise<LiveEvent[]>;
  /** Streams open in this process (tests, the bench). */
  readonly subscribers: number;
  stop(): Promise<void>;
}

export interface LiveHubOptions {
  database: AppDatabase;
  log: {
    warn(details: object, message: string): void;
    info(details: object, message: string): void;
  };
}

const toEvent = (row: Row): LiveEvent => ({
  id: row.id,
  at: row.at,
  data: row.data,
});

const bigintArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

export function createLiveHub({ database, log }: LiveHubOptions): LiveHub {
  const db = database.db;
  const audiences = new Map<string, Set<LiveSink>>();
  let subscribers = 0;
  /** Ids announced and not yet read (read together on the next turn of the event loop). */
  let pending: string[] = [];
  let flushing = false;
  let flushQueued = false;
  /** The highest id heard of: where reading resumes after the LISTEN connection was lost. */
  let highest = 0n;
  let stopListening: (() => Promise<void>) | undefined;
  let lostAt: number | undefined;
  let stopped = false;

  const dispatch = (rows: Row[]) => {
    rows.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    const byAudience = new Map<string, LiveEvent[]>();
    for (const row of rows) {
      const list = byAudience.get(row.audience) ?? [];
      list.push(toEvent(row));
      byAudience.set(row.audience, list);
    }
    for (const [audience, events] of byAudience) {
      for (const sink of audiences.get(audience) ?? []) sink.deliver(events);
    }
  };

  const read = async (where: ReturnType<typeof sql>): Promise<Row[]> =>
    executeRows<Row>(
      db,
      sql`select id::text as id, audience, data,
        to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
        from live_events where ${where}`,
    );

  const flush = async () => {
    if (flushing) {
      flushQueued = true;
      return;
    }
    flushing = true;
    try {
      while (pending.length > 0 && !stopped) {
        const ids = pending;
        pending = [];
        try {
          dispatch(await read(sql`id = any(${bigintArray(ids)}::bigint[])`));
        } catch (error) {
          // The database went away between the NOTIFY and the read: the streams' clients catch up
          // from their last id when they reconnect; the LISTEN side reports the outage.
          log.warn(
            { reason: (error as Error).message },
            'live events: could not read announced events',
          );
        }
      }
    } finally {
      flushing = false;
      if (flushQueued) {
        flushQueued = false;
        if (pending.length > 0) void flush();
      }
    }
  };

  const onNotify = (payload: string) => {
    const space = payload.indexOf(' ');
    const id = space === -1 ? payload : payload.slice(0, space);
    if (!/^\d+$/.test(id)) return;
    const big = BigInt(id);
    if (big > highest) highest = big;
    const audience = payload.slice(space + 1);
    if (space !== -1 && !audiences.has(audience)) return;
    pending.push(id);
    if (pending.length === 1) setImmediate(() => void flush());
  };

  const onRestored = async () => {
    const seconds = lostAt === undefined ? 0 : Math.round((Date.now() - lostAt) / 100) / 10;
    lostAt = undefined;
    log.info({ outageSeconds: seconds }, `live events: listening again after ${seconds} s`);
    const served = [...audiences.keys()];
    if (served.length === 0) return;
    try {
      const rows = await read(
        sql`id > ${highest.toString()}::bigint and audience = any(${`{${served.map((a) => `"${a}"`).join(',')}}`}::text[]) order by live_events.id limit 10000`,
      );
      for (const row of rows) if (BigInt(row.id) > highest) highest = BigInt(row.id);
      dispatch(rows);
    } catch (error) {
      log.warn({ reason: (error as Error).message }, 'live events: could not read missed events');
    }
  };

  return {
    async start() {
      // Anything committed before now is for catch-up; live dispatch starts from here.
      const [row] = await executeRows<{ max: string | null }>(
        db,
        sql`select max(id)::text as max from live_events`,
      );
      highest = BigInt(row?.max ?? '0');
      stopListening = await database.listen(LIVE_CHANNEL, {
        onNotify,
        onLost: (error) => {
          lostAt = Date.now();
          log.warn(
            { reason: error.message },
            'live events: listening connection lost; streams get what was missed when it is back',
          );
        },
        onRestored: () => void onRestored(),
      });
    },
    subscribe(audience, sink) {
      let set = audiences.get(audience);
      if (!set) {
        set = new Set();
        audiences.set(audience, set);
      }
      set.add(sink);
      subscribers += 1;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        subscribers -= 1;
        set.delete(sink);
        if (set.size === 0 && audiences.get(audience) === set) audiences.delete(audience);
      };
    },
    async backlog(audience, after, limit) {
      const rows = await read(
        sql`audience = ${audience} and id > ${after.toString()}::bigint order by live_events.id limit ${limit}`,
      );
      return rows.map(toEvent);
    },
    get subscribers() {
      return subscribers;
    },
    async stop() {
      stopped = true;
      await stopListening?.();
      stopListening = undefined;
    },
  };
}
