import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { searchTerms } from '../../../db/schema/index.ts';
import { osaDistance } from './edit-distance.ts';
import { executeRows } from './execute-rows.ts';
import { isCorrectable, maxEditsFor } from './query-words.ts';

/** A query word and, when it matched no vocabulary word, the nearest one that does. */
export interface CheckedWord {
  word: string;
  correction: string | null;
}

export interface Candidate {
  word: string;
  frequency: number;
  similarity: number;
}

const textArray = (words: readonly string[]) =>
  sql`array[${sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  )}]::text[]`;

/**
 * The nearest candidate within the word's edit budget: fewest edits, then the commoner word, then
 * the more trigram-similar, then alphabetical (so the answer never depends on row order).
 */
export function pickCorrection(word: string, candidates: readonly Candidate[]): string | null {
  const limit = maxEditsFor(word);
  const near = candidates
    .filter((candidate) => candidate.word !== word)
    .map((candidate) => ({ ...candidate, distance: osaDistance(word, candidate.word, limit) }))
    .filter((candidate) => candidate.distance <= limit);
  near.sort(
    (a, b) =>
      a.distance - b.distance ||
      b.frequency - a.frequency ||
      b.similarity - a.similarity ||
      (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
  );
  return near[0]?.word ?? null;
}

/** Which of `words` the vocabulary knows; `prefixWord` also counts when it starts a known word. */
async function knownWords(
  db: Database,
  words: readonly string[],
  prefixWord: string | undefined,
): Promise<Set<string>> {
  const prefixCheck =
    prefixWord !== undefined
      ? // Words are letters and digits only (queryWords), so nothing in them is a LIKE wildcard.
        sql`union select ${prefixWord}::text as word where exists (
          select 1 from ${searchTerms} where ${searchTerms.word} like ${`${prefixWord}%`})`
      : sql``;
  const rows = await executeRows<{ word: string }>(
    db,
    sql`select q.word from unnest(${textArray(words)}) as q(word)
        where exists (select 1 from ${searchTerms} where ${searchTerms.word} = q.word)
        ${prefixCheck}`,
  );
  return new Set(rows.map((row) => row.word));
}

/**
 * Candidates for each unknown word, in one statement: trigram-similar words (`%`, the search_terms
 * trigram index) and words of the same first letter and length +-1 (a `like 'm%'` the same index
 * serves). The second set is what catches swaps in short words: "mlik" and "milk" share one trigram.
 */
async function candidatesOf(
  db: Database,
  words: readonly string[],
): Promise<Map<string, Candidate[]>> {
  const rows = await executeRows<Candidate & { queryWord: string }>(
    db,
    sql`select q.word as "queryWord", t.word, t.frequency, similarity(t.word, q.word) as similarity
        from unnest(${textArray(words)}) as q(word)
        cross join lateral (
          select ${searchTerms.word} as word, ${searchTerms.frequency} as frequency
          from ${searchTerms}
          where ${searchTerms.word} % q.word
            or (${searchTerms.word} like left(q.word, 1) || '%'
              and length(${searchTerms.word}) between length(q.word) - 1 and length(q.word) + 1)
        ) as t`,
  );
  const byWord = new Map<string, Candidate[]>();
  for (const { queryWord, ...candidate } of rows) {
    const list = byWord.get(queryWord) ?? [];
    list.push(candidate);
    byWord.set(queryWord, list);
  }
  return byWord;
}

/**
 * Typo correction (catalogue issue, Search): a query word that matches no vocabulary word gets the
 * nearest word of search_terms as its correction, when one is within its edit budget. Usually one
 * cheap query (every word known); a second one only for unknown words.
 */
export async function checkWords(
  db: Database,
  words: readonly string[],
  { prefixLast }: { prefixLast: boolean },
): Promise<CheckedWord[]> {
  if (words.length === 0) return [];
  const known = await knownWords(db, [...new Set(words)], prefixLast ? words.at(-1) : undefined);
  const unknown = [...new Set(words.filter((word) => !known.has(word) && isCorrectable(word)))];
  const candidates = unknown.length > 0 ? await candidatesOf(db, unknown) : new Map();
  return words.map((word) => ({
    word,
    correction: known.has(word) ? null : pickCorrection(word, candidates.get(word) ?? []),
  }));
}
