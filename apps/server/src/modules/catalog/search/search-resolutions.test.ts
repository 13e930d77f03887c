import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { searchSynonyms } from '../../../db/schema/index.ts';
import { useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { executeRows } from './execute-rows.ts';
import { learnSearchWords } from './search-terms.ts';
import { textSearchOf } from './text-search.ts';

/**
 * Issue 18, migration 0026: what a search's words resolve to (corrections, synonyms, the relevant
 * tsquery) is stored per catalogue search version and read back with the stored ranking in one
 * statement; a write to the products, the vocabulary or the synonyms makes the next search resolve
 * afresh.
 */

interface Resolution {
  words: string;
  version: number;
  tsquery: string;
  correctedQuery: string | null;
}

async function resolutions(db: Database): Promise<Resolution[]> {
  return executeRows<Resolution>(
    db,
    sql`select words, version::float8 as version, tsquery, corrected_query as "correctedQuery"
      from search_resolutions order by words`,
  );
}

/** The search's tsquery and correction, without the stored ranking (read or not). */
async function resolved(db: Database, q: string) {
  const text = await textSearchOf(db, q);
  return { tsquery: text?.tsqueryText, correctedQuery: text?.correctedQuery, text };
}

for (const backend of testDatabases()) {
  describe(`stored search resolutions on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    useCatalogCity(getDb);

    it('a repeated search reads the same resolution back, with its stored ranking', async () => {
      const { db } = getDb();
      await db.execute(sql`delete from search_resolutions`);
      const first = await resolved(db, 'Mlik!');
      expect(first.correctedQuery).toBe('milk');
      // Worked out afresh: the ranking was not read with it.
      expect(first.text?.ranking).toBeUndefined();
      const [stored] = await resolutions(db);
      expect(stored).toMatchObject({
        words: 'mlik',
        tsquery: first.tsquery,
        correctedQuery: 'milk',
      });

      // Rank it (the product list does so on its first walk), then search again.
      await db.execute(sql`insert into search_rankings (query, version, match_count, ids, ranks)
        select ${first.tsquery}, version, 0, '{}', '{}' from search_catalogue_version`);
      const again = await resolved(db, 'mlik');
      expect(again.tsquery).toBe(first.tsquery);
      expect(again.correctedQuery).toBe('milk');
      expect(again.text?.words).toBe(first.text?.words);
      expect(again.text?.ranking).toEqual({
        query: first.tsquery,
        version: stored!.version,
        matches: 0,
      });
    });

    it('a word the vocabulary learns is corrected to at once', async () => {
      const { db } = getDb();
      const before = await resolved(db, 'zanzibarbery');
      expect(before.correctedQuery).toBeNull();
      // A store saves a product called so: the vocabulary learns its words.
      await learnSearchWords(db, 'Zanzibarberry jam');
      const after = await resolved(db, 'zanzibarbery');
      expect(after.correctedQuery).toBe('zanzibarberry');
      const rows = await resolutions(db);
      expect(rows.filter((row) => row.words === 'zanzibarbery')).toHaveLength(1);
    });

    it('a synonym added is searched for at once', async () => {
      const { db } = getDb();
      const before = await resolved(db, 'fizzwater');
      expect(before.tsquery).not.toContain('soda');
      await db.insert(searchSynonyms).values({ term: 'fizzwater', alternatives: ['soda'] });
      const after = await resolved(db, 'fizzwater');
      expect(after.tsquery).toContain('soda');
    });

    it('a resolution made before a write committed is never read after it', async () => {
      const { db } = getDb();
      await db.execute(sql`delete from search_resolutions`);
      await resolved(db, 'bread');
      const [made] = await resolutions(db);
      // Tampered, so reading it would show: the next search must not.
      await db.execute(sql`update search_resolutions set corrected_query = 'stale'`);
      expect((await resolved(db, 'bread')).correctedQuery).toBe('stale');
      // As if a write's transaction committed after this resolution was stored.
      await db.execute(sql`update search_catalogue_version set version = version + 1`);
      const fresh = await resolved(db, 'bread');
      expect(fresh.correctedQuery).toBeNull();
      // Stored again under the new version; the old version's rows are gone.
      expect(await resolutions(db)).toEqual([
        { ...made!, version: made!.version + 1, correctedQuery: null },
      ]);
    });
  });
}
