import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { relevanceScore, relevantTsquery, searchQueryText } from '../search/relevance-sql.ts';

/**
 * Search of a table with a weighted `search` tsvector and a pg_trgm index on its name (menu items,
 * services): the catalogue's one search (search/relevance-sql.ts, ADR 0014) - prefixes ("chick"
 * finds "Chicken tikka"), synonyms, a dish's menu section and cuisine ("pizza" finds the pizzas of
 * Forno Rosso's "Pizzas" section), a service's category - plus trigram word similarity on the name
 * for typos ("margarita" finds "Margherita") that full-text cannot match. Both work on PGlite and
 * PostgreSQL (pg_trgm and plpgsql only; see ADR 0006).
 */

export interface TextSearch {
  /** Rows that match: full-text, or the name is similar enough (pg_trgm's `<%`, GIN-indexed). */
  where: SQL;
  /**
   * Relevance as float8: full-text matches score 1 + their relevance (search/relevance-sql.ts), so
   * they always rank above name-only near-misses, which score their word similarity (0..1).
   */
  score: SQL<number>;
}

export function textSearchSql(
  table: PgTable,
  search: AnyColumn,
  name: AnyColumn,
  q: string,
): TextSearch {
  const nameScore = sql<number>`word_similarity(${q}, ${name})::float8`;
  const similarName = sql`(${q} <% ${name})`;
  const text = searchQueryText(q);
  // No words at all (q = '%!'): only the trigram test can match, and to_tsquery('') would log a
  // notice on every call.
  if (text === null) return { where: similarName, score: nameScore };
  const tsQuery = relevantTsquery(table, search, text);
  const fullText = sql`(${search} @@ ${tsQuery})`;
  return {
    where: sql`(${fullText} or ${similarName})`,
    score: sql<number>`(case when ${fullText} then 1 + ${relevanceScore(search, text, tsQuery)}
      else word_similarity(${q}, ${name}) end)::float8`,
  };
}
