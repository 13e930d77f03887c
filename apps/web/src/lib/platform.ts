import { Capacitor } from '@capacitor/core';
import { env } from './env.ts';

/** True inside the Capacitor Android/iOS shells, false in a browser. */
export function isNativePlatform(): boolean {
  return Capacitor.isNativePlatform();
}

/**
 * Prefix for API calls and links to the server's own pages: empty on the web (same origin, so
 * cookies and the CSRF check just work), the configured server origin in the native shells whose
 * pages are served from capacitor://localhost.
 */
export function serverOrigin(): string {
  return isNativePlatform() ? env.apiOrigin : '';
}
