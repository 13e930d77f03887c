import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

export type Schema = typeof schema;

/**
 * The driver-neutral database type services take: both the PGlite and the node-postgres drizzle
 * databases (and their transactions) are a `PgDatabase` over the same schema.
 */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseKind = 'pglite' | 'postgres';

export interface AppDatabase {
  readonly db: Database;
  readonly kind: DatabaseKind;
  /** For logs: the PGlite folder, or host/database of PostgreSQL (never the password). */
  readonly location: string;
  /** `SELECT 1`; rejects when the database is unreachable or closed. */
  ping(): Promise<void>;
  /** Applies pending migrations of apps/server/drizzle. */
  migrate(): Promise<void>;
  /** Closes the connection(s); safe to call more than once. */
  close(): Promise<void>;
  /**
   * LISTEN on `channel` (modules/live, ADR 0011). PostgreSQL: on a dedicated connection of its own,
   * opened again with backoff when it is lost; PGlite: its one connection (notifications arrive at
   * commit, like PostgreSQL's). Resolves once listening; the function it gives stops listening.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
}

export interface ListenHandlers {
  /** One NOTIFY's payload. Called synchronously by the driver: queue work, don't await here. */
  onNotify(payload: string): void;
  /** The listening connection was lost (notifications sent meanwhile are missed). */
  onLost?(error: Error): void;
  /** Listening again after a loss: read what was missed. */
  onRestored?(): void;
}

/** `dataDir` value for a throw-away in-memory PGlite (tests). */
export const IN_MEMORY = 'memory://';

export interface DatabaseSource {
  /** postgres:// URL; when unset the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Parent folder of the PGlite data folder (`<dataDir>/pglite`), or IN_MEMORY. */
  dataDir: string;
}

export interface DatabaseOptions {
  /** Errors of idle pool connections (PostgreSQL restarted, network cut): report, don't crash. */
  onBackgroundError?: (error: Error) => void;
  /**
   * Start the in-memory PGlite from this dumped data folder (see createPgliteTemplate) instead of
   * running initdb: about 0.3 s instead of 2 s, which is what makes a fresh database per test file cheap.
   */
  pgliteTemplate?: Blob;
}

/** Where PGlite keeps its files for a given DATA_DIR. */
export function pgliteFolder(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** Run `close` once, however often it is asked for. */
export function closeOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}
