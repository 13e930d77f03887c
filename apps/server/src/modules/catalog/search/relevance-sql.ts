import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import { executeRows } from './execute-rows.ts';
import { queryWords } from './query-words.ts';

/**
 * The one search of the catalogue (issue 17, ADR 0014): stores, products, dishes and services are
 * matched by the same query understanding, the database's `search_query(q, labels, adjacent)`
 * (migration 0018): synonyms ("pop" -> soda), runs of words that are synonym terms ("oat milk"),
 * category and cuisine names (in each table's weighted `search` tsvector as keywords), prefixes of
 * the last word, and typo corrections carried as "typed|corrected".
 *
 * Relevance rule: a row must carry every word of the query (or a synonym) in what it IS - its
 * name, brand, category, section, cuisine (weights A, B, D) - not only in its description (C).
 * Only when no row of the table matches that way is the description searched too, and then a query
 * of several words must appear there as a phrase, so "milk" never lists muesli that is "great with
 * milk" and "oat milk" never lists oats. Rows whose NAME carries every word rank first.
 */

/** More words than this add nothing to a name and only slow the query. */
const MAX_WORDS = 8;

/**
 * The words of a shopper's query as `search_query` reads them: lower-case letters and digits,
 * space-separated, null when there are none. `dropLoneLetters`: the "s" of "Thompson's" would
 * match half the dictionary as a prefix (kept when it is all there is).
 */
export function searchQueryText(q: string, { dropLoneLetters = false } = {}): string | null {
  const words = queryWords(q);
  const useful = dropLoneLetters ? words.filter((word) => [...word].length > 1) : words;
  const kept = (useful.length > 0 ? useful : words).slice(0, MAX_WORDS);
  return kept.length === 0 ? null : kept.join(' ');
}

/**
 * The tsquery rows must match, as one uncorrelated subquery (an InitPlan: computed once per
 * statement, then a constant the GIN index on `search` answers): the name/category-level query
 * when any row of `table` matches it (one GIN lookup that stops at the first), else the phrase
 * anywhere, descriptions included.
 */
export function relevantTsquery(table: PgTable, search: AnyColumn, text: string): SQL {
  // The strict query is built once and read twice (the probe, then the answer); `offset 0` keeps
  // the planner from inlining search_query() into a per-row filter of the probe.
  return sql`(select case when exists (
      select 1 from ${table} where ${search} @@ strict.query)
    then strict.query else search_query(${text}, '', true) end
    from (select search_query(${text}, 'ABD') as query offset 0) as strict)`;
}

/**
 * The relevant tsquery (relevantTsquery) computed in a statement of its own, as a constant for the
 * statements that list (issue 18, ADR 0024). Inlined, the InitPlan was evaluated once per place the
 * list names it (filter, rank, order: two to three search_query() calls each), and the planner,
 * not knowing the query, guessed 1,000 matches for every word; as a literal it is computed once and
 * the planner reads its selectivity from the `search` column's statistics. Same value, same rows.
 */
export async function resolvedRelevantTsquery(
  db: Database,
  table: PgTable,
  search: AnyColumn,
  text: string,
): Promise<{ sql: SQL; text: string }> {
  const [row] = await executeRows<{ query: string }>(
    db,
    sql`select ${relevantTsquery(table, search, text)}::text as query`,
  );
  const query = row?.query ?? '';
  return { sql: sql`${query}::tsquery`, text: query };
}

/** The query with every word limited to the name (weight A), as an InitPlan. */
export function nameTsquery(text: string): SQL {
  return sql`(select search_query(${text}, 'A'))`;
}

/**
 * Relevance of a matching row, float8: 2 when its name carries every word, plus ts_rank
 * (normalised to 0..1) of the relevant query.
 */
export function relevanceScore(search: AnyColumn, text: string, tsquery: SQL): SQL<number> {
  return sql<number>`((case when ${search} @@ ${nameTsquery(text)} then 2 else 0 end)
    + ts_rank(${search}, ${tsquery}, 32))::float8`;
}
