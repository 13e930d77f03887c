import { DEFAULT_APP_NAME } from '@localmart/contract';

/**
 * Build-time configuration, checked once at start-up (bulletproof-react): a wrong value fails loudly
 * here instead of producing odd URLs later. Checked by hand rather than with zod so that zod stays out
 * of the entry chunk (it arrives with the first API call instead).
 */
export interface AppEnv {
  appName: string;
  /** '' when unset; only the native shells use it (spec §7: the web app calls its own origin). */
  apiOrigin: string;
}

export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const name = typeof raw.VITE_APP_NAME === 'string' ? raw.VITE_APP_NAME.trim() : '';
  const origin = typeof raw.VITE_API_ORIGIN === 'string' ? raw.VITE_API_ORIGIN.trim() : '';
  if (origin !== '') {
    let url: URL | null = null;
    try {
      url = new URL(origin);
    } catch {
      url = null;
    }
    if (
      !url ||
      (url.protocol !== 'https:' && url.protocol !== 'http:') ||
      url.pathname.length > 1 ||
      url.search
    ) {
      throw new Error(
        `VITE_API_ORIGIN must be an http(s) origin like https://shop.example.com, got "${origin}"`,
      );
    }
  }
  // No trailing slash, so API paths (which start with one) can be appended as they are.
  return { appName: name || DEFAULT_APP_NAME, apiOrigin: origin.replace(/\/+$/, '') };
}

export const env: AppEnv = parseEnv(import.meta.env);
