// Types of judged-queries.mjs (plain JS so the bench can import it without a build).

export type JudgedList = 'stores' | 'products' | 'dishes' | 'services';

/** Case-insensitive regular expressions; a rule matches a result when every field it names does. */
export interface JudgedRule {
  name?: string;
  category?: string;
  store?: string;
}

export interface JudgedQuery {
  list: JudgedList;
  q: string;
  sort?: 'relevance' | 'price_asc' | 'price_desc';
  relevant: (JudgedRule & { grade: 1 | 2 })[];
  forbidden?: JudgedRule[];
}

export interface JudgedQueryScore {
  list: JudgedList;
  q: string;
  sort: string | null;
  top: string[];
  relevantInCity: number;
  forbidden: string[];
  precisionAt3: number | null;
  ndcgAt10: number | null;
}

export interface JudgedSetScore {
  queries: JudgedQueryScore[];
  precisionAt3: number;
  ndcgAt10: number;
  forbidden: JudgedQueryScore[];
}

export const JUDGED_QUERIES: JudgedQuery[];
export const JUDGED_LIST_PATHS: Record<JudgedList, string>;
export function evaluateJudgedQueries(
  get: (path: string) => Promise<{ results: unknown[]; nextCursor: string | null }>,
  queries?: JudgedQuery[],
): Promise<JudgedSetScore>;
