// The module the server loads from the built web app (dist/.first-paint/server-entry.js, built by
// vite.first-paint.config.ts) to draw the landing pages' first paint into index.html. Its interface
// is all the server knows of it: which call a page opens with, and the markup of its answer.
import { firstScreenCall } from '../first-screen-call.ts';
import { FIRST_ANSWER_ID } from './first-paint-id.ts';
import { renderFirstPaint, type FirstPaintPage, type RenderedFirstPaint } from './first-paint.tsx';
import { PREFERENCES_COOKIE } from '../../lib/location/preferences-cookie.ts';

export { FIRST_ANSWER_ID, PREFERENCES_COOKIE, renderFirstPaint };
export type { FirstPaintPage, RenderedFirstPaint };

/**
 * The landing page at `pathname` (with `search`, its query string from '?') and its list call, as a
 * browser without a stored location makes it; null for any other page.
 */
export function firstPaintCall(
  pathname: string,
  search: string,
): { page: FirstPaintPage; api: string } | null {
  return firstScreenCall(pathname, search, {});
}
