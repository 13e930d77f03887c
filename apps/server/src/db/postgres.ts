import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type AppDatabase, closeOnce, type DatabaseOptions } from './database.ts';
import { migratePostgres } from './migrate.ts';
import { listenPostgres } from './postgres-listen.ts';
import * as schema from './schema/index.ts';

/** PostgreSQL through a node-postgres pool: for real traffic and several instances. */
export function createPostgresDatabase(url: string, options: DatabaseOptions): AppDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Fail fast instead of hanging a request (and the health check) when PostgreSQL is unreachable:
    // the request is answered 503 with Retry-After (db/outage.ts) rather than after many seconds.
    connectionTimeoutMillis: 2_000,
    idleTimeoutMillis: 30_000,
    // TCP keep-alive notices a peer that vanished (host down, network cut) on idle connections.
    keepAlive: true,
  });
  // An idle client's connection dropped (PostgreSQL restarted, network cut): the pool discards that
  // client and opens a new one when needed. Without this listener the 'error' event would crash
  // the process.
  pool.on('error', (error) => options.onBackgroundError?.(error));
  // A client checked out but between queries (a transaction awaiting other work) when the
  // connection drops has no pool listener: its 'error' event would be uncaught and end the process.
  // Its next query fails ("not queryable", answered 503) and the pool discards it on release.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = drizzle({ client: pool, schema });
  const { hostname, port, pathname } = new URL(url);
  return {
    db,
    kind: 'postgres',
    location: `${hostname}${port ? `:${port}` : ''}${pathname}`,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrate: () => migratePostgres(pool, db),
    close: closeOnce(() => pool.end()),
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
  };
}
