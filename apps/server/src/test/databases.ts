import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { type AppDatabase, createDatabase, type DatabaseKind, IN_MEMORY } from '../db/client.ts';

/**
 * The databases server tests run on: always a fresh in-memory PGlite, and also PostgreSQL when
 * TEST_DATABASE_URL is set. Each test file gets its own fresh database per backend (PostgreSQL: a new
 * randomly named database, dropped afterwards), so files running in parallel never share data.
 */

export interface TestDatabase {
  readonly database: AppDatabase;
  /** Close it, and for PostgreSQL drop it. */
  dispose(): Promise<void>;
}

export interface TestDatabaseBackend {
  readonly name: DatabaseKind;
  /** Open a fresh, migrated, empty database. */
  open(): Promise<TestDatabase>;
}

let template: Promise<Blob> | undefined;

/** The migrated template dumped by global-setup.ts, read once per worker. */
function pgliteTemplate(): Promise<Blob> {
  template ??= readFile(inject('pgliteTemplateFile')).then((bytes) => new Blob([bytes]));
  return template;
}

/** For tests of HTTP plumbing, where the database is incidental: PGlite only. */
export const pgliteBackend: TestDatabaseBackend = {
  name: 'pglite',
  async open() {
    const database = await createDatabase(
      { dataDir: IN_MEMORY },
      { pgliteTemplate: await pgliteTemplate() },
    );
    // Already migrated by the template; this checks the journal and applies anything newer.
    await database.migrate();
    return { database, dispose: () => database.close() };
  },
};

async function withAdminClient<T>(
  adminUrl: string,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function postgresBackend(adminUrl: string): TestDatabaseBackend {
  return {
    name: 'postgres',
    async open() {
      // Random hex only: safe to splice into DDL, which takes no parameters.
      const name = `lm_test_${randomBytes(8).toString('hex')}`;
      await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const database = await createDatabase({ databaseUrl: url.toString(), dataDir: IN_MEMORY });
      await database.migrate();
      return {
        database,
        async dispose() {
          await database.close();
          await withAdminClient(adminUrl, (client) =>
            client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
          );
        },
      };
    },
  };
}

export function testDatabases(): TestDatabaseBackend[] {
  const adminUrl = process.env.TEST_DATABASE_URL;
  return adminUrl ? [pgliteBackend, postgresBackend(adminUrl)] : [pgliteBackend];
}

/**
 * Open a database of `backend` before the tests of the enclosing describe block and dispose of it
 * after them; returns a getter for use inside tests.
 */
export function useTestDatabase(backend: TestDatabaseBackend): () => AppDatabase {
  let opened: TestDatabase | undefined;
  beforeAll(async () => {
    opened = await backend.open();
  });
  afterAll(async () => {
    await opened?.dispose();
    opened = undefined;
  });
  return () => {
    if (!opened) throw new Error('the test database is not open (use it inside a test or hook)');
    return opened.database;
  };
}
