/**
 * Optimal-string-alignment distance (Damerau-Levenshtein where no substring is edited twice):
 * insertions, deletions, substitutions and swaps of two neighbours each cost 1, so "mlik" is one
 * edit from "milk". Code points, not UTF-16 units, so "café" is four letters.
 *
 * `limit` stops early: once every cell of a row exceeds it the answer is only "more than limit",
 * which is all typo correction needs to know. Returns limit + 1 in that case.
 */
export function osaDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > limit) return limit + 1;
  // Three rows are enough: a swap looks two rows back.
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        value = Math.min(value, (beforePrevious[j - 2] ?? 0) + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  const distance = previous[t.length] ?? 0;
  return distance > limit ? limit + 1 : distance;
}
