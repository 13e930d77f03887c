import type { Database } from '../../db/client.ts';

/** The one thing pg-boss asks of a database (its `db` constructor and send option). */
export interface JobDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** What drizzle keeps under both drivers: a node-postgres Pool / PoolClient or a PGlite (transaction). */
interface DriverClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PGlite only: the simple protocol, several statements in one string. */
  exec?: (text: string) => Promise<{ rows: unknown[] }[]>;
}

function driverClient(db: Database): DriverClient {
  // drizzle's session is internal API: a drizzle upgrade that renames it fails here, at start-up.
  const client = (db as unknown as { session?: { client?: DriverClient } }).session?.client;
  if (!client || typeof client.query !== 'function') {
    throw new Error('job engine: cannot reach the database driver under drizzle (session.client)');
  }
  return client;
}

/**
 * pg-boss's `db` adapter over the app's own database: the pool on PostgreSQL, the single PGlite
 * connection embedded. Given a transaction (`db.transaction(async (tx) => ...)`), it runs on that
 * transaction's connection, so a job inserted with `send(..., { db: jobDb(tx) })` commits or rolls
 * back with the caller's work.
 *
 * pg-boss sends two shapes of text: single statements with parameters (insert, fetch with
 * `FOR UPDATE SKIP LOCKED`, complete, fail: each one atomic statement), and, without parameters,
 * `BEGIN; …; COMMIT;` scripts (schema creation, migration, maintenance) that must run on one
 * connection in one go. node-postgres sends a parameterless text with the simple protocol, which
 * allows several statements. PGlite's `query` uses the extended protocol (one statement), so a
 * parameterless text goes to `exec`. Both PGlite calls hold PGlite's transaction lock for their
 * whole run, so a pg-boss script never interleaves with an app transaction on the one connection.
 */
export function jobDb(db: Database): JobDb {
  const client = driverClient(db);
  const exec = client.exec?.bind(client);
  return {
    async executeSql(text, values) {
      if (exec && (values === undefined || values.length === 0)) {
        const results = await exec(text);
        // node-postgres answers one result for one statement, an array for several.
        return (results.length === 1 ? results[0] : results.at(-1)) ?? { rows: [] };
      }
      return client.query(text, values);
    },
  };
}
