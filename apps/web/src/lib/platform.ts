import { env } from './env.ts';

/** What the Capacitor shells put on the window before any of our code runs. */
interface CapacitorWindow {
  CapacitorCustomPlatform?: { name: string } | null;
  androidBridge?: unknown;
  webkit?: { messageHandlers?: { bridge?: unknown } };
}

/**
 * True inside the Capacitor Android/iOS shells, false in a browser. The same test as @capacitor/core's
 * `Capacitor.isNativePlatform()` (its getPlatform: a custom platform's name, else the Android bridge
 * or the iOS message handler the shells inject), without importing the package: this module is in
 * the web's entry, and @capacitor/core is ~4.5 KB gzipped of it (issue 18).
 */
export function isNativePlatform(win: CapacitorWindow = window as CapacitorWindow): boolean {
  const custom = win.CapacitorCustomPlatform ?? null;
  if (custom !== null) return custom.name !== 'web';
  return Boolean(win.androidBridge) || Boolean(win.webkit?.messageHandlers?.bridge);
}

/**
 * Prefix for API calls and links to the server's own pages: empty on the web (same origin, so
 * cookies and the CSRF check just work), the configured server origin in the native shells whose
 * pages are served from capacitor://localhost.
 */
export function serverOrigin(): string {
  return isNativePlatform() ? env.apiOrigin : '';
}
