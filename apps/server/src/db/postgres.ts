import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type AppDatabase, closeOnce, type DatabaseOptions } from './database.ts';
import { migratePostgres } from './migrate.ts';
import { listenPostgres } from './postgres-listen.ts';
import * as schema from './schema/index.ts';

/** How many statements one connection keeps prepared; later ones are sent unnamed. */
export const PREPARED_PER_CONNECTION = 256;

/** The shape drizzle hands node-postgres: a config object, its values beside it or inside. */
interface QueryConfigLike {
  text: string;
  name?: string;
  values?: unknown[];
}

function isPreparableRead(config: unknown, values: unknown): config is QueryConfigLike {
  if (typeof config !== 'object' || config === null) return false;
  const { text, name } = config as Partial<QueryConfigLike>;
  const given = Array.isArray(values) ? values : (config as Partial<QueryConfigLike>).values;
  return (
    typeof text === 'string' &&
    name === undefined &&
    Array.isArray(given) &&
    given.length > 0 &&
    /^\s*(select|with)\b/i.test(text)
  );
}

/**
 * The app's parameterised reads are sent as named (prepared) statements, one name per text, the
 * first PREPARED_PER_CONNECTION texts of each connection (issue 18). Unnamed, every request's
 * statements were parsed and planned afresh: on the bench city that is 0.5-2.5 ms of a list
 * statement's 1-5 ms (the walks and the store list carry the distance and shown-price
 * expressions). Prepared, a statement is parsed once per connection; it is still planned for each
 * set of values (plan_cache_mode=force_custom_plan on the pool's connections, below: generic
 * plans were far worse for the catalogue's statements). Writes, parameterless texts and pg-boss's
 * calls (text and values apart, not a config object) stay unnamed. The cap bounds the server
 * memory a connection holds; the pool's idle timeout recycles connections, so a long-running
 * process starts afresh now and then.
 */
function prepareReads(client: pg.PoolClient): void {
  const names = new Map<string, string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
    const [config, values] = args;
    if (isPreparableRead(config, values)) {
      let name = names.get(config.text);
      if (name === undefined && names.size < PREPARED_PER_CONNECTION) {
        name = `lm_${createHash('sha1').update(config.text).digest('base64url')}`;
        names.set(config.text, name);
      }
      if (name !== undefined) args[0] = { ...config, name };
    }
    return query(...args);
  };
}

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
    // Prepared reads (prepareReads) are planned for their values every time: a generic plan,
    // PostgreSQL's choice after five runs, took product search from 18 to 300 ms and the price
    // sorts to seconds at bench scale (the tsquery, radius and id-list estimates are what the
    // plans hinge on). Preparing still saves the parse.
    options: '-c plan_cache_mode=force_custom_plan',
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
    prepareReads(client);
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
