import { type SQL, sql } from 'drizzle-orm';
import { businesses } from '../../../db/schema/index.ts';
import { queryWords } from '../search/query-words.ts';

/**
 * Store search (home search box): full-text on the weighted `search` tsvector with prefix matching
 * ("bak" finds "Bakery"), plus pg_trgm similarity on the name for near-misses ("Thompsns"). Both use
 * indexes: GIN on `search`, GIN trigram on `name`.
 */
export interface BusinessTextSearch {
  /** Rows to keep. */
  matches: SQL;
  /** Higher is better; float8 so the value survives a round trip through a keyset cursor exactly. */
  score: SQL<number>;
}

/** 'fresh:* & mark:*' from the shopper's words; null when no word is left. */
export function prefixTsQuery(q: string): string | null {
  const words = queryWords(q);
  // A lone letter (the "s" of "Thompson's") as a prefix would match half the dictionary.
  const useful = words.filter((word) => [...word].length > 1);
  const kept = useful.length > 0 ? useful : words;
  return kept.length === 0 ? null : kept.map((word) => `${word}:*`).join(' & ');
}

export function businessTextSearch(q: string): BusinessTextSearch {
  const name = businesses.name;
  const trigram = sql`(${name} % ${q} or ${q} <% ${name})`;
  const similarity = sql`greatest(similarity(${name}, ${q}), word_similarity(${q}, ${name}))`;
  const tsQuery = prefixTsQuery(q);
  if (tsQuery === null) {
    return { matches: trigram, score: sql<number>`(${similarity})::float8` };
  }
  const query = sql`to_tsquery('english'::regconfig, ${tsQuery})`;
  const fullText = sql`(${businesses.search} @@ ${query})`;
  return {
    matches: sql`(${fullText} or ${trigram})`,
    // A full-text match always outranks a trigram-only one; within each, rank then name likeness.
    score: sql<number>`((case when ${fullText} then 1 else 0 end)
      + ts_rank(${businesses.search}, ${query}) + ${similarity})::float8`,
  };
}
