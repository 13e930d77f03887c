import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { searchTerms } from '../../../db/schema/index.ts';

/**
 * The words of one text column per record: lower-case runs of 3+ letters, each once per record, so
 * `frequency` counts records that use the word rather than repeats inside one title.
 */
function wordsOf(idColumn: string, textColumn: string, table: string) {
  return sql.raw(`select distinct ${idColumn}::text as record_id, word
      from ${table}, regexp_split_to_table(lower(${textColumn}), '[^[:alpha:]]+') as word
      where length(word) >= 3`);
}

/**
 * Refills the typo-correction vocabulary (search_terms) from every searchable name: product titles
 * and brands, business names, menu item names, service names, category names and the synonyms'
 * words (so "japanese" or "pop" is known, not "corrected" into a neighbour). Run after a bulk load; it replaces
 * the whole table in one transaction, so searches never see it half-built.
 */
export async function rebuildSearchTerms(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.delete(searchTerms);
    const inserted = await tx.execute(sql`
      insert into ${searchTerms} (word, frequency)
      select word, count(*)::int
      from (
        ${wordsOf('id', `title || ' ' || brand`, 'products')}
        union all ${wordsOf('id', 'name', 'businesses')}
        union all ${wordsOf('id', 'name', 'menu_items')}
        union all ${wordsOf('id', 'name', 'services')}
        union all ${wordsOf('id', 'name', 'categories')}
        union all ${wordsOf('term', `term || ' ' || array_to_string(alternatives, ' ')`, 'search_synonyms')}
      ) as words
      group by word`);
    // Both drivers report the inserted row count, under different names.
    const counts = inserted as unknown as { rowCount?: number | null; affectedRows?: number };
    return counts.rowCount ?? counts.affectedRows ?? 0;
  });
}

/**
 * Teaches the vocabulary the words of one record saved on its own (a new product, dish or service on
 * the manage site), so "tirmasu" finds the owner's new "Tiramisu" without waiting for a rebuild. Same
 * word rule as the rebuild: lower-case runs of 3+ letters, each counted once per record. Counts only
 * grow here; the next rebuild makes them exact again.
 */
export async function learnSearchWords(db: Database, text: string): Promise<void> {
  const words = [...new Set(text.toLowerCase().split(/[^\p{L}]+/u))].filter(
    (word) => [...word].length >= 3,
  );
  if (words.length === 0) return;
  await db
    .insert(searchTerms)
    .values(words.map((word) => ({ word, frequency: 1 })))
    .onConflictDoUpdate({
      target: searchTerms.word,
      set: { frequency: sql`${searchTerms.frequency} + 1` },
    });
}
