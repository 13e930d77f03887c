/**
 * Where the emailed reset link points. The client sends `baseurl` (its current page, spec §3), but
 * a caller chooses that value freely: a link to an attacker's host would hand them the token. So
 * only the ORIGIN of baseurl is used, and only when it is one of the configured app origins
 * (APP_URL, CORS_ORIGINS); anything else falls back to APP_URL rather than failing, so a user
 * asking from the native app or an unlisted address still gets a working link.
 */
export interface ResetLinkSettings {
  /** APP_URL without a trailing slash (may carry a base path). */
  appUrl: string;
  /** Origins (scheme://host[:port]) a link may point to. */
  linkOrigins: ReadonlySet<string>;
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** `<origin><APP_URL path>/reset-password/<token>` (the app's route `reset-password/{id}`). */
export function resetLink(settings: ResetLinkSettings, baseurl: string, token: string): string {
  const app = new URL(settings.appUrl);
  const requested = originOf(baseurl);
  const origin =
    requested !== undefined && settings.linkOrigins.has(requested) ? requested : app.origin;
  const basePath = app.pathname.replace(/\/+$/, '');
  return `${origin}${basePath}/reset-password/${encodeURIComponent(token)}`;
}
