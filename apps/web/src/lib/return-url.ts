import { HOME_PATH, LOGIN_PATH } from './paths.ts';

/**
 * Spec §2's `return_url`: where sign-in leads afterwards, as `/{return_url}`. The value arrives in a
 * URL anyone can craft, so only an in-app path is kept: leading slashes and backslashes are dropped
 * (`//evil.example` would otherwise leave the site) and anything with a URL scheme is refused.
 */
export const RETURN_URL_PARAM = 'return_url';

export function cleanReturnUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const path = raw.trim().replace(/^[/\\]+/, '');
  if (path === '' || path.includes('\\') || /^[a-z][a-z\d+.-]*:/i.test(path)) return null;
  return path;
}

/** The cleaned return_url of a location's query string, if any. */
export function readReturnUrl(search: string): string | null {
  return cleanReturnUrl(new URLSearchParams(search).get(RETURN_URL_PARAM));
}

/** `/login?return_url=profile`: how a private page sends an anonymous visitor to sign in. */
export function loginPathWithReturn(returnUrl: string): string {
  const cleaned = cleanReturnUrl(returnUrl);
  if (!cleaned) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ [RETURN_URL_PARAM]: cleaned }).toString()}`;
}

/** Spec §2, login opened with a session already held: `/{return_url}` if present, otherwise /home. */
export function pathAfterSessionCheck(returnUrl: string | null): string {
  const cleaned = cleanReturnUrl(returnUrl);
  return cleaned ? `/${cleaned}` : HOME_PATH;
}

/**
 * Spec §2, after a successful login: `/{return_url}` if present, otherwise the current route again.
 * When the current route is /login itself, re-navigating there would only open sign-in once more, so
 * the visitor goes to /home (our reading; the spec does not say).
 */
export function pathAfterLogin(
  returnUrl: string | null,
  current: { pathname: string; search: string },
): string {
  const cleaned = cleanReturnUrl(returnUrl);
  if (cleaned) return `/${cleaned}`;
  const pathname = current.pathname.replace(/\/+$/, '') || '/';
  if (pathname === LOGIN_PATH) return HOME_PATH;
  return `${current.pathname}${current.search}`;
}
