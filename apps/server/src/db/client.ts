import type { AppDatabase, DatabaseOptions, DatabaseSource } from './database.ts';

export {
  type AppDatabase,
  type Database,
  type DatabaseKind,
  type DatabaseOptions,
  type DatabaseSource,
  IN_MEMORY,
  type ListenHandlers,
  pgliteFolder,
  type Schema,
} from './database.ts';

/**
 * Open the configured database: PostgreSQL when `databaseUrl` is set, else the embedded PGlite in
 * `<dataDir>/pglite` (created on first start). Each driver is loaded only when used, so a PGlite
 * start never pays for node-postgres and the other way round.
 */
export async function createDatabase(
  source: DatabaseSource,
  options: DatabaseOptions = {},
): Promise<AppDatabase> {
  if (source.databaseUrl) {
    const { createPostgresDatabase } = await import('./postgres.ts');
    return createPostgresDatabase(source.databaseUrl, options);
  }
  const { createPgliteDatabase } = await import('./pglite.ts');
  return createPgliteDatabase(source.dataDir, options.pgliteTemplate);
}

/** See pglite.ts: a dumped, migrated, empty PGlite for tests to start from. */
export async function createPgliteTemplate(): Promise<Blob> {
  const { createPgliteTemplate: create } = await import('./pglite.ts');
  return create();
}
