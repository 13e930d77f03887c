import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { migrationsFolder } from '../paths.ts';

/**
 * Migrations are applied from code at start (and by `npm run db:migrate`), never by drizzle-kit:
 * PGlite's migrator must run on the very instance that has its extensions (pg_trgm) loaded.
 * See docs/decisions/0001-workspace-and-embedded-database.md. Each migrator is loaded with its driver.
 */

// Arbitrary constant key of the PostgreSQL advisory lock guarding migrations ("LMIG").
const MIGRATION_LOCK_KEY = 0x4c4d4947;

export async function migratePglite(db: PgliteDatabase<Record<string, unknown>>): Promise<void> {
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // One process owns a PGlite folder, so nothing can race us here.
  await migrate(db, { migrationsFolder });
}

/**
 * Several instances may start at once on one PostgreSQL; a session advisory lock, held on a
 * dedicated connection of the pool, lets exactly one apply migrations while the others wait and then
 * find nothing left to do.
 */
export async function migratePostgres(
  pool: pg.Pool,
  db: NodePgDatabase<Record<string, unknown>>,
): Promise<void> {
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(db, { migrationsFolder });
  } finally {
    // If unlocking fails the connection is broken: destroy it (closing it releases the lock too).
    const unlockError = await lock
      .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      .then(
        () => undefined,
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      );
    lock.release(unlockError);
  }
}
