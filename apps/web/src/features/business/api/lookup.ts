import { httpStatusOf, type HttpFailure } from '../../../lib/http.ts';

/** A detail that may not exist: "no such store" is an answer the page shows, not an error to retry. */
export type Lookup<T> = { found: true; value: T } | { found: false };

/**
 * A failed detail call: `{ found: false }` on 404 (unknown id) or 400 (an id that cannot exist);
 * anything else throws, so the query reports it and the screen offers Retry.
 */
export function missingOrThrow(answer: HttpFailure): { found: false } {
  const status = httpStatusOf(answer);
  if (status === 404 || status === 400) return { found: false };
  throw new Error(answer.message);
}
