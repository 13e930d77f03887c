import { eq, type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { products, searchTerms } from '../../../db/schema/index.ts';
import { useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { executeRows } from './execute-rows.ts';
import { rebuildSearchTerms } from './search-terms.ts';
import { textSearchOf } from './text-search.ts';
import { checkWords } from './typo-correction.ts';

/** Records (not occurrences) whose text has `word` as a whole word, as rebuildSearchTerms counts. */
function recordsUsing(texts: readonly string[], word: string): number {
  return texts.filter((text) =>
    text
      .toLowerCase()
      .split(/[^a-z]+/)
      .includes(word),
  ).length;
}

/** Ids of the products a text search's tsquery matches, sorted. */
async function matchingIds(db: Database, tsquery: SQL | undefined): Promise<string[]> {
  if (!tsquery) throw new Error('no text search');
  const rows = await executeRows<{ id: string }>(
    db,
    sql`select ${products.id} as id from ${products} where ${products.search} @@ ${tsquery}`,
  );
  return rows.map((row) => row.id).sort();
}

/** The query words a text search hands to search_query(), e.g. ['milk'] or ['milkk|milk']. */
const termsOf = (search: { words: string } | null) => (search ? [search.words] : []);

for (const backend of testDatabases()) {
  describe(`search vocabulary on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const city = useCatalogCity(getDb);

    it('rebuilds search_terms from names: lower-case words of 3+ letters with record counts', async () => {
      const { db } = getDb();
      const written = await rebuildSearchTerms(db);
      const terms = await db.select().from(searchTerms);
      expect(written).toBe(terms.length);
      expect(terms.length).toBeGreaterThan(100);
      for (const term of terms) expect(term.word).toMatch(/^[a-z\u00c0-\u024f]{3,}$/);

      const texts = [
        ...[...city().products].map((p) => `${p.title} ${p.brand}`),
        ...city().businesses.map((b) => b.name),
        ...[...city().menus].flatMap((m) => m.sections.flatMap((s) => s.items.map((i) => i.name))),
        ...[...city().services].map((s) => s.name),
        // Category names and the synonyms' words are vocabulary too (ADR 0014).
        ...city().categories.map((c) => c.name),
        ...(
          await executeRows<{ words: string }>(
            db,
            sql`select term || ' ' || array_to_string(alternatives, ' ') as words from search_synonyms`,
          )
        ).map((row) => row.words),
      ];
      const frequency = new Map(terms.map((term) => [term.word, term.frequency]));
      for (const word of ['milk', 'organic', 'bread']) {
        expect(frequency.get(word), word).toBe(recordsUsing(texts, word));
      }
      // Two-letter words and units never enter the vocabulary.
      expect(frequency.has('kg')).toBe(false);
    });

    it('replaces the vocabulary instead of adding to it', async () => {
      const { db } = getDb();
      await db.insert(searchTerms).values({ word: 'zzzstale', frequency: 1 });
      const before = await executeRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${searchTerms}`,
      );
      await rebuildSearchTerms(db);
      const after = await executeRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${searchTerms}`,
      );
      expect(after[0]?.n).toBe((before[0]?.n ?? 0) - 1);
    });

    it('corrects a misspelt word to the nearest vocabulary word and leaves known words alone', async () => {
      const { db } = getDb();
      await rebuildSearchTerms(db);
      expect(await checkWords(db, ['mlik'], { prefixLast: true })).toEqual([
        { word: 'mlik', correction: 'milk' },
      ]);
      expect(await checkWords(db, ['organci', 'milk'], { prefixLast: true })).toEqual([
        { word: 'organci', correction: 'organic' },
        { word: 'milk', correction: null },
      ]);
      // A prefix of a known word is known when it is the last word (typing in progress) ...
      expect(await checkWords(db, ['orga'], { prefixLast: true })).toEqual([
        { word: 'orga', correction: null },
      ]);
      // ... and too far from everything to correct otherwise.
      expect(await checkWords(db, ['orga'], { prefixLast: false })).toEqual([
        { word: 'orga', correction: null },
      ]);
      // Short words and words with digits are never corrected; gibberish finds no neighbour.
      expect(await checkWords(db, ['mlk', '2l', 'qxzvw'], { prefixLast: false })).toEqual([
        { word: 'mlk', correction: null },
        { word: '2l', correction: null },
        { word: 'qxzvw', correction: null },
      ]);
    });

    it('reports the corrected query, and no text search for punctuation only', async () => {
      const { db } = getDb();
      await rebuildSearchTerms(db);
      expect((await textSearchOf(db, 'Organic mlik'))?.correctedQuery).toBe('organic milk');
      expect((await textSearchOf(db, 'organic milk'))?.correctedQuery).toBeNull();
      expect(await textSearchOf(db, ' &|! ')).toBeNull();
      expect(await textSearchOf(db, undefined)).toBeNull();
    });

    it('searches a corrected word as typed too only where some product has it as typed (title, brand or category)', async () => {
      const { db } = getDb();
      await rebuildSearchTerms(db);
      const milk = await textSearchOf(db, 'milk');
      const milkIds = await matchingIds(db, milk?.tsquery);
      expect(milkIds.length).toBeGreaterThan(0);

      // "mlik" is in no product: the query is the correction alone, so it costs what "milk" does.
      const typo = await textSearchOf(db, 'mlik');
      expect(typo?.correctedQuery).toBe('milk');
      expect(termsOf(typo)).toEqual(['milk']);
      expect(await matchingIds(db, typo?.tsquery)).toEqual(milkIds);

      // A word outside the vocabulary (rebuilt above) that is near a vocabulary word: it is
      // corrected, and the product that has it as typed is still found.
      const other = [...city().products].find(
        (product) => !/milk/i.test(`${product.title} ${product.brand} ${product.description}`),
      );
      if (!other) throw new Error('every demo product mentions milk');
      await db
        .update(products)
        .set({ title: `${other.title} Milkk Shake` })
        .where(eq(products.id, other.id));
      const described = await textSearchOf(db, 'milkk');
      expect(described?.correctedQuery).toBe('milk');
      expect(termsOf(described)).toEqual(['milkk|milk']);
      expect(await matchingIds(db, described?.tsquery)).toEqual([...milkIds, other.id].sort());
    });
  });
}
