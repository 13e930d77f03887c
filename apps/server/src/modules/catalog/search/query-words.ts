/**
 * The words of a shopper's query, as the search matches them: lower-case runs of letters and digits.
 * Everything else ("2%", "&", quotes) only separates words, which also keeps every word safe to hand
 * to `to_tsquery` (no operators can ride along).
 */
export function queryWords(q: string): string[] {
  return q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Words typo correction may touch: letters only (no "2", no "500ml"), long enough to misspell. */
export function isCorrectable(word: string): boolean {
  return maxEditsFor(word) > 0 && /^\p{L}+$/u.test(word);
}

/**
 * How many edits a correction may be away from the typed word: one for 4-5 letters, two for longer
 * words, none for shorter ones (a 3-letter word is one edit away from too many others).
 */
export function maxEditsFor(word: string): number {
  const length = [...word].length;
  if (length >= 6) return 2;
  if (length >= 4) return 1;
  return 0;
}
