import { HOME_PATH } from '../../lib/paths.ts';

/** Spec §4: pages only a signed-in user can use, by their first path segment. */
export const PRIVATE_FIRST_SEGMENTS: ReadonlySet<string> = new Set([
  'profile',
  'cart',
  'my-order',
  'checkout',
  'add-address',
]);

/**
 * Where to go after logout (spec §4): /home when the current page's first segment is a private one,
 * otherwise null, meaning stay on the same URL.
 */
export function redirectAfterLogout(pathname: string): typeof HOME_PATH | null {
  const firstSegment = pathname.split('/').find((segment) => segment !== '') ?? '';
  return PRIVATE_FIRST_SEGMENTS.has(firstSegment.toLowerCase()) ? HOME_PATH : null;
}
