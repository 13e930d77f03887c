import { commonMessages } from '@localmart/contract';
import { httpStatusOf, isNetworkFailure, type HttpFailure } from '../../../lib/http.ts';

/**
 * The message to show for a failed call (spec §8), or null when nothing is to be shown:
 * - no answer at all (a network error) is logged only (the HTTP helper has logged it);
 * - the server's own message otherwise;
 * - `fallback` when there is no message of the server's (an unreadable answer, an empty message).
 */
export function failureMessage(answer: HttpFailure, fallback?: string): string | null {
  if (isNetworkFailure(answer)) return null;
  const fromHelper =
    answer.message === commonMessages.genericFailure || answer.message.trim() === '';
  if (fromHelper && fallback) return fallback;
  return answer.message || commonMessages.genericFailure;
}

/**
 * Spec §4: Google sign-in falls back to the demo service when the backend answers HTTP 404 (no such
 * endpoint, or Google disabled) or status 0 (no answer at all).
 */
export function isDemoFallback(answer: HttpFailure): boolean {
  const status = httpStatusOf(answer);
  return status === 404 || status === 0;
}
