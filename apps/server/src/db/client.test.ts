import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { countPages, upsertPage } from '../modules/cms/cms.service.ts';
import { migrationsFolder } from '../paths.ts';
import { testDatabases, useTestDatabase } from '../test/databases.ts';
import { createDatabase, type Database, pgliteFolder } from './client.ts';
import { cmsPages } from './schema/index.ts';
import { PREPARED_PER_CONNECTION } from './postgres.ts';

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

// PostgreSQL only (node-postgres names the statements; PGlite has no pool to prepare on).
for (const backend of testDatabases().filter((candidate) => candidate.name === 'postgres')) {
  describe('prepared reads on PostgreSQL', () => {
    const database = useTestDatabase(backend);

    it("prepares the app's parameterised reads, up to a cap, planned for their values", async () => {
      const { db } = database();
      // One connection (a transaction) so its session's prepared statements can be listed.
      const listed = await db.transaction(async (tx) => {
        await tx.select().from(cmsPages).where(eq(cmsPages.pageName, 'about'));
        await tx.select().from(cmsPages).where(eq(cmsPages.pageName, 'terms'));
        await tx.execute(sql`update cms_pages set content = content where page_name = ${'about'}`);
        // More distinct reads than a connection keeps prepared: the rest go unnamed.
        for (let i = 0; i <= PREPARED_PER_CONNECTION; i += 1) {
          await tx.execute(sql`select ${sql.raw(String(i))} + ${1}::int as n`);
        }
        const mode = await rowsOf<{ plan_cache_mode: string }>(tx, sql`show plan_cache_mode`);
        const prepared = await rowsOf<{ statement: string }>(
          tx,
          sql`select statement from pg_prepared_statements where name like 'lm\_%'`,
        );
        return { mode: mode[0]!.plan_cache_mode, statements: prepared.map((p) => p.statement) };
      });
      expect(listed.mode).toBe('force_custom_plan');
      // The same text twice is one statement; the write and the parameterless reads are unnamed.
      const pageReads = listed.statements.filter((text) => text.includes('"cms_pages"'));
      expect(pageReads).toHaveLength(1);
      expect(listed.statements.some((text) => text.startsWith('update'))).toBe(false);
      expect(listed.statements).toHaveLength(PREPARED_PER_CONNECTION);
    });
  });
}
