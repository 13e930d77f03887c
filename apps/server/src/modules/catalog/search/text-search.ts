import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { products } from '../../../db/schema/index.ts';
import { executeRows } from './execute-rows.ts';
import { queryWords } from './query-words.ts';
import { resolvedRelevantTsquery } from './relevance-sql.ts';
import type { StoredRanking } from './search-rankings.ts';
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
  /**
   * The tsquery's stored ranking when it was read with a stored resolution (search-rankings.ts):
   * null when it has too many matches to be stored; undefined when not read (the caller asks
   * storedRanking, which makes it).
   */
  ranking?: StoredRanking | null;
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

/**
 * What the words resolve to, worked out afresh: typo corrections (one or two statements), the
 * typed forms that match nothing (a third when a word was corrected), the relevant tsquery (a
 * fourth: search_query() twice and the strict probe).
 */
async function resolveTextSearch(db: Database, words: readonly string[]): Promise<TextSearch> {
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

interface ResolutionRow {
  /** The catalogue's search version now (read first: a resolution made after it is stored under it). */
  version: number;
  tsquery: string | null;
  searchWords: string | null;
  correctedQuery: string | null;
  /** The tsquery's ranking at this version: null columns when there is none yet. */
  rankingVersion: number | null;
  matches: number | null;
  stored: boolean | null;
}

/**
 * Null when `q` has no words at all (only punctuation): the caller then lists without text search.
 *
 * A repeated search reads its resolution and its stored ranking in one statement (issue 18,
 * migration 0026): both are kept per catalogue search version, which every write to the products,
 * the vocabulary or the synonyms bumps, so what is read was worked out from what is there now. A
 * resolution is made from reads that start after the version was read, and stored under that
 * version: a write committed meanwhile has bumped it, and the resolution is never read.
 */
export async function textSearchOf(
  db: Database,
  q: string | undefined,
): Promise<TextSearch | null> {
  const words = queryWords(q ?? '');
  if (words.length === 0) return null;
  const key = words.join(' ');
  const [found] = await executeRows<ResolutionRow>(
    db,
    sql`select v.version::float8 as version, r.tsquery, r.search_words as "searchWords",
        r.corrected_query as "correctedQuery", s.version::float8 as "rankingVersion",
        s.match_count as matches, s.ids is not null as stored
      from search_catalogue_version v
      left join search_resolutions r on r.words = ${key} and r.version = v.version
      left join search_rankings s on s.query = r.tsquery and s.version = v.version
      where v.id = 1`,
  );
  if (found?.tsquery != null && found.searchWords !== null) {
    const ranking =
      found.rankingVersion === null
        ? undefined
        : found.stored
          ? { query: found.tsquery, version: found.rankingVersion, matches: found.matches ?? 0 }
          : null;
    return {
      tsquery: sql`${found.tsquery}::tsquery`,
      tsqueryText: found.tsquery,
      words: found.searchWords,
      correctedQuery: found.correctedQuery,
      ranking,
    };
  }
  const resolved = await resolveTextSearch(db, words);
  if (found) {
    await db.execute(sql`insert into search_resolutions
        (words, version, tsquery, search_words, corrected_query)
      values (${key}, ${found.version}, ${resolved.tsqueryText}, ${resolved.words},
        ${resolved.correctedQuery})
      on conflict (words) do update set version = excluded.version, tsquery = excluded.tsquery,
        search_words = excluded.search_words, corrected_query = excluded.corrected_query
        where search_resolutions.version <= excluded.version`);
    // The resolutions of earlier versions are of no use any more.
    await db.execute(sql`delete from search_resolutions where version < ${found.version}`);
  }
  return resolved;
}
