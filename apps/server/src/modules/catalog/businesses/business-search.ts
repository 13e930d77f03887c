import { type SQL, sql } from 'drizzle-orm';
import { businesses } from '../../../db/schema/index.ts';
import { nameTsquery, relevantTsquery, searchQueryText } from '../search/relevance-sql.ts';

/**
 * Store search (home search box): the catalogue's one search (search/relevance-sql.ts, ADR 0014)
 * on the weighted `search` tsvector - name, type, the store's categories ("Pizza", "Japanese") and
 * synonyms, so "pizza" finds Forno Rosso - plus pg_trgm similarity on the name for near-misses
 * ("Thompsns"). Both use indexes: GIN on `search`, GIN trigram on `name`.
 */
export interface BusinessTextSearch {
  /** Rows to keep. */
  matches: SQL;
  /** Higher is better; float8 so the value survives a round trip through a keyset cursor exactly. */
  score: SQL<number>;
}

/** 'fresh:* & mark:*' from the shopper's words; null when no word is left. */
export function prefixTsQuery(q: string): string | null {
  const text = searchQueryText(q, { dropLoneLetters: true });
  return text === null
    ? null
    : text
        .split(' ')
        .map((word) => `${word}:*`)
        .join(' & ');
}

export function businessTextSearch(q: string): BusinessTextSearch {
  const name = businesses.name;
  const trigram = sql`(${name} % ${q} or ${q} <% ${name})`;
  const similarity = sql`greatest(similarity(${name}, ${q}), word_similarity(${q}, ${name}))`;
  const text = searchQueryText(q, { dropLoneLetters: true });
  if (text === null) {
    return { matches: trigram, score: sql<number>`(${similarity})::float8` };
  }
  const query = relevantTsquery(businesses, businesses.search, text);
  const fullText = sql`(${businesses.search} @@ ${query})`;
  return {
    matches: sql`(${fullText} or ${trigram})`,
    // A full-text match always outranks a trigram-only one, a store whose name carries every word
    // comes before one found by its category; then rank, then name likeness.
    score: sql<number>`((case when ${fullText} then 1 else 0 end)
      + (case when ${businesses.search} @@ ${nameTsquery(text)} then 2 else 0 end)
      + ts_rank(${businesses.search}, ${query}) + ${similarity})::float8`,
  };
}
