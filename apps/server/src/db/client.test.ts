import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { countPages, upsertPage } from '../modules/cms/cms.service.ts';
import { migrationsFolder } from '../paths.ts';
import { testDatabases, useTestDatabase } from '../test/databases.ts';
import { createDatabase, type Database, pgliteFolder } from './client.ts';

/** Raw query rows; both drivers answer `{ rows }`, which the driver-neutral type leaves unknown. */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

describe.each(testDatabases())('database on $name', (backend) => {
  const database = useTestDatabase(backend);

  it('has pg_trgm installed by the first migration', async () => {
    const rows = await rowsOf<{ score: number }>(
      database().db,
      sql`select similarity('localmart', 'local mart') as score`,
    );
    expect(Number(rows[0]!.score)).toBeGreaterThan(0.3);
  });

  it('applies migrations idempotently', async () => {
    await database().migrate();
    await database().migrate();
    const rows = await rowsOf<{ n: number }>(
      database().db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    // One row per migration in the journal, however often migrate() runs.
    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    expect(rows[0]!.n).toBe(journal.entries.length);
    expect(journal.entries.length).toBeGreaterThanOrEqual(2);
  });

  it('pings while open and rejects once closed', async () => {
    const opened = await backend.open();
    await expect(opened.database.ping()).resolves.toBeUndefined();
    await opened.database.close();
    await opened.database.close(); // idempotent
    await expect(opened.database.ping()).rejects.toThrow();
    await opened.dispose();
  });
});

describe('embedded PGlite on disk', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'localmart-pglite-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates DATA_DIR/pglite, and a cleanly closed folder opens again with its data', async () => {
    const first = await createDatabase({ dataDir });
    expect(first.kind).toBe('pglite');
    expect(first.location).toBe(pgliteFolder(dataDir));
    await first.migrate();
    await upsertPage(first.db, { pageId: 'kept', pageName: 'Kept', content: '<p>still here</p>' });
    await first.close();

    const again = await createDatabase({ dataDir });
    try {
      await again.migrate();
      expect(await countPages(again.db)).toBe(1);
    } finally {
      await again.close();
    }
  });
});
