import { createGisAdapter } from './gis-adapter.ts';
import { pickGoogleAdapter, type GoogleAdapter } from './google-adapter.ts';

let adapter: GoogleAdapter | undefined;

/**
 * The app's Google adapter, chosen once when first needed: the injected test adapter
 * (window.__localmartGoogleAdapter, see google-adapter.ts) or Google Identity Services. An init
 * script has always run by then, so this is the same as choosing at start-up.
 */
export function googleAdapter(): GoogleAdapter {
  adapter ??= pickGoogleAdapter(window, () => createGisAdapter());
  return adapter;
}
