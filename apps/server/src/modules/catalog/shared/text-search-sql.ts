import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * Search of a table with a weighted `search` tsvector and a pg_trgm index on its name (menu items,
 * services): full-text with prefixes ("chick" finds "Chicken tikka"), plus trigram word similarity on
 * the name for typos ("margarita" finds "Margherita") that full-text cannot match. Both work on
 * PGlite and PostgreSQL (pg_trgm only; see ADR 0006).
 */

/** More words than this add nothing to a dish or service name and only slow the query. */
const MAX_WORDS = 8;

/**
 * The words of `q` as a prefix tsquery in to_tsquery syntax ('chick:* & tikk:*'), or null when `q`
 * has no word characters. Only letters and digits pass, so no tsquery operator can be injected.
 */
export function prefixTsQuery(q: string): string | null {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words
    .slice(0, MAX_WORDS)
    .map((word) => `${word}:*`)
    .join(' & ');
}

export interface TextSearch {
  /** Rows that match: full-text, or the name is similar enough (pg_trgm's `<%`, GIN-indexed). */
  where: SQL;
  /**
   * Relevance as float8: full-text matches score 1 + ts_rank (normalised to 0..1), so they always
   * rank above name-only near-misses, which score their word similarity (0..1).
   */
  score: SQL<number>;
}

export function textSearchSql(search: AnyColumn, name: AnyColumn, q: string): TextSearch {
  const nameScore = sql<number>`word_similarity(${q}, ${name})::float8`;
  const similarName = sql`(${q} <% ${name})`;
  const prefix = prefixTsQuery(q);
  // No words at all (q = '%!'): only the trigram test can match, and to_tsquery('') would log a
  // notice on every call.
  if (prefix === null) return { where: similarName, score: nameScore };
  const tsQuery = sql`to_tsquery('english'::regconfig, ${prefix})`;
  const fullText = sql`(${search} @@ ${tsQuery})`;
  return {
    where: sql`(${fullText} or ${similarName})`,
    score: sql<number>`(case when ${fullText} then 1 + ts_rank(${search}, ${tsQuery}, 32)
      else word_similarity(${q}, ${name}) end)::float8`,
  };
}
