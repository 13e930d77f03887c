import pg from 'pg';
import type { ListenHandlers } from './database.ts';

/** Waits between attempts to listen again after the connection is lost: 250 ms doubling to 10 s. */
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 10_000;

/**
 * LISTEN on a dedicated PostgreSQL connection (a pooled one would be handed to other queries and
 * stop listening). When the connection drops (PostgreSQL restarted, network cut) it tries again with
 * backoff, for as long as it is not stopped, and calls `onRestored` once listening again so the
 * caller reads what was sent meanwhile. The first connection must succeed (the server is starting
 * against a database it just migrated); the outage's log lines are the caller's (onLost/onRestored).
 */
export async function listenPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<pg.Client> => {
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 2_000,
      keepAlive: true,
      // Without it, a dead peer (host gone, cable cut) would be noticed only by TCP's own timeout.
      keepAliveInitialDelayMillis: 10_000,
    });
    // A failed attempt may also emit 'error': unheard, it would end the process (watch() listens).
    next.on('error', () => undefined);
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    try {
      await next.connect();
      // Identifiers take no parameters; the channel is one of ours, quoted as an identifier.
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      void next.end().catch(() => undefined);
      throw error;
    }
    return next;
  };

  const lost = (from: pg.Client, error: Error) => {
    if (stopped || client !== from) return;
    client = undefined;
    from.removeAllListeners('error');
    from.on('error', () => undefined);
    void from.end().catch(() => undefined);
    handlers.onLost?.(error);
    schedule();
  };

  const watch = (watched: pg.Client) => {
    watched.on('error', (error) => lost(watched, error));
    watched.on('end', () => lost(watched, new Error('Connection terminated')));
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect().then(
        (next) => {
          if (stopped) {
            void next.end();
            return;
          }
          client = next;
          retryMs = FIRST_RETRY_MS;
          watch(next);
          handlers.onRestored?.();
        },
        () => {
          retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
          schedule();
        },
      );
    }, retryMs);
    timer.unref();
  };

  client = await connect();
  watch(client);

  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const open = client;
    client = undefined;
    if (open) {
      open.on('error', () => undefined);
      await open.end().catch(() => undefined);
    }
  };
}
