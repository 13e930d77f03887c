import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { queryWords } from './query-words.ts';
import { type CheckedWord, checkWords } from './typo-correction.ts';

/**
 * A shopper's query as a tsquery for the weighted `search` columns, web-search style: every word
 * must match (AND); the last word also matches as a prefix, so results follow the typing ("mil"
 * finds milk); a misspelt word matches as typed OR as its correction, so "mlik" finds milk and a word
 * that only lives in descriptions (outside the vocabulary) is never lost.
 */
export interface TextSearch {
  /** A tsquery expression built from bound parameters only. */
  tsquery: SQL;
  /** The query with corrections applied, e.g. "milk" for "mlik"; null when nothing was corrected. */
  correctedQuery: string | null;
}

const CONFIG = sql`'english'::regconfig`;

function termOf(word: string, prefix: boolean): SQL {
  // Words are runs of letters and digits (queryWords): no tsquery operator can be smuggled in.
  return sql`to_tsquery(${CONFIG}, ${prefix ? `${word}:*` : word})`;
}

export function tsqueryOf(checked: readonly CheckedWord[]): SQL {
  const parts = checked.map(({ word, correction }, index) => {
    const prefix = index === checked.length - 1;
    const typed = termOf(word, prefix);
    return correction === null ? typed : sql`(${typed} || ${termOf(correction, prefix)})`;
  });
  // An empty tsquery (a stop word such as "the") drops out of && in PostgreSQL.
  return sql`(${sql.join(parts, sql` && `)})`;
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
  return {
    tsquery: tsqueryOf(checked),
    correctedQuery: corrected
      ? checked.map((word) => word.correction ?? word.word).join(' ')
      : null,
  };
}
