import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Search synonyms (issue 17, ADR 0014): what a shopper's word or phrase also means. A query's word
 * (or its run of two or three words, e.g. "oat milk") whose stems are a term's stems matches as
 * itself OR as any of the term's `alternatives` ("pop" -> soda, soft drink; "japanese" -> sushi,
 * ramen). One-way: true synonyms are listed in both directions. Read by the database's
 * search_query() (migration 0018), once per search.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    term: text('term').primaryKey(),
    /** Words or phrases; a phrase matches its words next to each other ("soft drink"). */
    alternatives: text('alternatives').array().notNull(),
    /**
     * The term's English stems, space-separated ("batteri"), so "battery" and "batteries" find the
     * same row; set by a trigger from `term` (whatever is written here is replaced).
     */
    stems: text('stems').notNull().default(''),
  },
  (table) => [
    index('search_synonyms_stems_idx').on(table.stems),
    check('search_synonyms_term_words', sql`${table.term} ~ '^[[:alnum:]]+( [[:alnum:]]+){0,2}$'`),
  ],
);
