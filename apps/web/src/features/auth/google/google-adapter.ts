import type { GoogleLoginRequest, GoogleRegisterRequest } from '@localmart/contract';

/** The Google profile the app sends (spec §3): the google-register payload. */
export type GoogleProfile = GoogleRegisterRequest;
/** What a Google sign-in yields: the profile plus Google's tokens (the handleGoogle payload). */
export type GoogleSignIn = GoogleLoginRequest;

/**
 * Google sign-in behind one small interface, so the screens do not care whether Google Identity
 * Services, a native plugin or a test double is underneath.
 */
export interface GoogleAdapter {
  /** Resolves with the signed-in profile and tokens; rejects (GoogleSignInCancelled included). */
  signIn(): Promise<GoogleSignIn>;
  /** Optional warm-up (settings, script) so a later click opens Google's popup without delay. */
  prepare?(): void;
}

/** The visitor closed Google's window or declined: not an error worth a toast. */
export class GoogleSignInCancelled extends Error {
  constructor(message = 'Google sign-in was cancelled') {
    super(message);
    this.name = 'GoogleSignInCancelled';
  }
}

declare global {
  interface Window {
    /**
     * TEST SEAM. When this global holds an object with a `signIn()` method at the time the app first
     * needs Google sign-in, the app uses it instead of Google Identity Services. The Playwright suite
     * defines it with `page.addInitScript` (so it exists before the app starts) and makes `signIn()`
     * resolve with
     *   { google_id, email, first_name, last_name, name, picture, id_token, access_token }
     * (all strings; `id_token` non-empty, here a token signed by the suite's local key). Production
     * never defines it; defining it in a real browser only changes that browser's own sign-in.
     */
    __localmartGoogleAdapter?: GoogleAdapter;
  }
}

function isAdapter(value: unknown): value is GoogleAdapter {
  return (
    typeof value === 'object' &&
    value !== null &&
    'signIn' in value &&
    typeof value.signIn === 'function'
  );
}

/** The injected test adapter when there is one, else the real web adapter. */
export function pickGoogleAdapter(
  win: Pick<Window, '__localmartGoogleAdapter'>,
  createWebAdapter: () => GoogleAdapter,
): GoogleAdapter {
  const injected = win.__localmartGoogleAdapter;
  return isAdapter(injected) ? injected : createWebAdapter();
}
