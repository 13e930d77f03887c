import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { products } from '../../../db/schema/index.ts';
import { executeRows } from './execute-rows.ts';
import { queryWords } from './query-words.ts';
import { resolvedRelevantTsquery } from './relevance-sql.ts';
import { type CheckedWord, checkWords } from './typo-correction.ts';

/**
 * A shopper's query as a tsquery for the weighted `search` columns, web-search style: every word
 * must match (AND), in the product's title, brand or category unless no product matches so (then
 * descriptions too, a multi-word query as a phrase: relevance-sql.ts, ADR 0014); synonyms widen a
 * word ("pop" -> soda); the last word also matches as a prefix, so results follow the typing ("mil"
 * finds milk); a misspelt word matches as typed OR as its correction, so "mlik" finds milk and a
 * word outside the vocabulary is not lost. The typed form is left out when it matches no product at
 * all: an OR in the query costs the ranking of every match about half again ("mlik" 41 ms against
 * "milk" 26 ms at bench scale), for nothing.
 */
export interface TextSearch {
  /** The relevant tsquery as a bound constant (computed once: resolvedRelevantTsquery). */
  tsquery: SQL;
  /** The same tsquery as text: the key of its stored ranking (search-rankings.ts). */
  tsqueryText: string;
  /** The words handed to search_query(), a corrected word as "typed|corrected". */
  words: string;
  /** The query with corrections applied, e.g. "milk" for "mlik"; null when nothing was corrected. */
  correctedQuery: string | null;
}

const CONFIG = sql`'english'::regconfig`;

function termTextOf(word: string, prefix: boolean): string {
  // Words are runs of letters and digits (queryWords): no tsquery operator can be smuggled in.
  return prefix ? `${word}:*` : word;
}

/**
 * The words as `search_query` reads them: a corrected word as "typed|corrected", or only the
 * correction where `typedMatchesNothing` holds its position.
 */
export function searchWordsOf(
  checked: readonly CheckedWord[],
  typedMatchesNothing: ReadonlySet<number> = new Set(),
): string {
  return checked
    .map(({ word, correction }, index) => {
      if (correction === null) return word;
      if (typedMatchesNothing.has(index)) return correction;
      return `${word}|${correction}`;
    })
    .join(' ');
}

/**
 * Positions of the corrected words whose typed form matches no product, in one statement: each test
 * is a single lookup in the `search` GIN index that stops at the first match.
 */
async function typedMatchingNothing(
  db: Database,
  checked: readonly CheckedWord[],
): Promise<Set<number>> {
  const corrected = checked.flatMap(({ word, correction }, index) =>
    correction === null ? [] : [{ index, term: termTextOf(word, index === checked.length - 1) }],
  );
  if (corrected.length === 0) return new Set();
  const rows = await executeRows<{ index: number }>(
    db,
    sql`select q.index from (values ${sql.join(
      corrected.map(({ index, term }) => sql`(${index}::int, ${term}::text)`),
      sql`, `,
    )}) as q(index, term)
      where not exists (
        select 1 from ${products} where ${products.search} @@ to_tsquery(${CONFIG}, q.term))`,
  );
  return new Set(rows.map((row) => row.index));
}

/** Null when `q` has no words at all (only punctuation): the caller then lists without text search. */
export async function textSearchOf(
  db: Database,
  q: string | undefined,
): Promise<TextSearch | null> {
  const words = queryWords(q ?? '');
  if (words.length === 0) return null;
  const checked = await checkWords(db, words, { prefixLast: true });
  const corrected = checked.some((word) => word.correction !== null);
  const text = searchWordsOf(
    checked,
    corrected ? await typedMatchingNothing(db, checked) : new Set(),
  );
  const tsquery = await resolvedRelevantTsquery(db, products, products.search, text);
  return {
    tsquery: tsquery.sql,
    tsqueryText: tsquery.text,
    words: text,
    correctedQuery: corrected
      ? checked.map((word) => word.correction ?? word.word).join(' ')
      : null,
  };
}
