/**
 * The cookie the web app sets once the shopper has stored a device preference (a location, a
 * country). The server draws its first paint of the landing pages (app/first-paint) only without it,
 * since the list, the distances and the prices drawn there are a shopper's without any.
 */
export const PREFERENCES_COOKIE = 'lm_prefs';

/** A year: the preferences themselves never expire either. */
const MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * Tells the server whether this browser has stored a device preference (a location, a country): it
 * draws the first paint (the landing list without a location, in the default country's money and
 * units) only when it has none. Just "1", never the values: the server needs no more.
 */
export function syncPreferencesCookie(hasPreferences: boolean, doc: Document = document): void {
  const present = doc.cookie
    .split(/;\s*/)
    .some((part) => part.startsWith(`${PREFERENCES_COOKIE}=`));
  if (hasPreferences === present) return;
  doc.cookie = hasPreferences
    ? `${PREFERENCES_COOKIE}=1; path=/; max-age=${MAX_AGE_S}; samesite=lax`
    : `${PREFERENCES_COOKIE}=; path=/; max-age=0; samesite=lax`;
}
