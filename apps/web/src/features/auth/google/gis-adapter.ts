import { GOOGLE_SCOPES } from '@localmart/contract';
import { z } from 'zod';
import { loadClientConfig } from '../api/client-config.ts';
import { DEMO_GOOGLE_SIGN_IN } from './demo-profile.ts';
import { GoogleSignInCancelled, type GoogleAdapter, type GoogleSignIn } from './google-adapter.ts';

/**
 * The web adapter: Google Identity Services (https://developers.google.com/identity/gsi/web), loaded
 * from Google on first use (the server's CSP allows exactly this script).
 *
 * Two GIS calls give the two tokens of the handleGoogle payload:
 * 1. the OAuth token client (scopes GOOGLE_SCOPES: profile, email) opens Google's popup for the
 *    access token. It runs first, while the click's user activation still allows a popup;
 * 2. the Sign In With Google prompt (FedCM where the browser has it) returns the ID token, a JWT
 *    whose claims give the profile. The server verifies that token; the claims read here only fill in
 *    the payload's profile fields.
 */
export const GIS_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

/** The parts of the `google.accounts` global this adapter uses. */
export interface GoogleAccounts {
  id: {
    initialize(config: {
      client_id: string;
      callback: (response: { credential?: string }) => void;
      auto_select?: boolean;
      cancel_on_tap_outside?: boolean;
      use_fedcm_for_prompt?: boolean;
      itp_support?: boolean;
    }): void;
    prompt(listener?: (notification: PromptNotification) => void): void;
  };
  oauth2: {
    initTokenClient(config: {
      client_id: string;
      scope: string;
      callback: (response: { access_token?: string; error?: string }) => void;
      error_callback?: (error: { type?: string; message?: string }) => void;
    }): { requestAccessToken(): void };
  };
}

/** One Tap moment notification; every method is optional because FedCM retired some of them. */
export interface PromptNotification {
  isNotDisplayed?(): boolean;
  isSkippedMoment?(): boolean;
  isDismissedMoment?(): boolean;
  getDismissedReason?(): string;
}

declare global {
  interface Window {
    google?: { accounts?: GoogleAccounts };
  }
}

const idTokenClaims = z.object({
  sub: z.string().min(1),
  email: z.string().default(''),
  given_name: z.string().default(''),
  family_name: z.string().default(''),
  name: z.string().default(''),
  picture: z.string().default(''),
});

/** The claims of a JWT's payload (no signature check: the server verifies the token). */
export function decodeIdToken(idToken: string): z.infer<typeof idTokenClaims> {
  const payload = idToken.split('.')[1];
  if (!payload) throw new Error('Google returned a malformed ID token');
  const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return idTokenClaims.parse(JSON.parse(new TextDecoder().decode(bytes)));
}

export function signInFromTokens(idToken: string, accessToken: string): GoogleSignIn {
  const claims = decodeIdToken(idToken);
  return {
    google_id: claims.sub,
    email: claims.email,
    first_name: claims.given_name,
    last_name: claims.family_name,
    name: claims.name || [claims.given_name, claims.family_name].filter(Boolean).join(' '),
    picture: claims.picture,
    id_token: idToken,
    access_token: accessToken,
  };
}

const scripts = new Map<string, Promise<void>>();

/** Add a script tag once; later calls share its load. A failed load can be retried. */
export function loadScript(src: string, doc: Document = document): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = doc.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(src);
        script.remove();
        reject(new Error(`could not load ${src}`));
      };
      doc.head.append(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}

function requestAccessToken(google: GoogleAccounts, clientId: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const client = google.oauth2.initTokenClient({
      client_id: clientId,
      scope: GOOGLE_SCOPES.join(' '),
      callback: (response) => {
        if (response.access_token) resolve(response.access_token);
        else if (response.error === 'access_denied') reject(new GoogleSignInCancelled());
        else reject(new Error(`Google token error: ${response.error ?? 'no token'}`));
      },
      error_callback: (error) => {
        if (error.type === 'popup_closed') reject(new GoogleSignInCancelled());
        else reject(new Error(`Google popup error: ${error.type ?? error.message ?? 'unknown'}`));
      },
    });
    client.requestAccessToken();
  });
}

function requestIdToken(google: GoogleAccounts, clientId: string): Promise<string> {
  return new Promise((resolve, reject) => {
    google.id.initialize({
      client_id: clientId,
      callback: (response) => {
        if (response.credential) resolve(response.credential);
        else reject(new Error('Google returned no ID token'));
      },
      auto_select: true,
      cancel_on_tap_outside: false,
      use_fedcm_for_prompt: true,
      itp_support: true,
    });
    google.id.prompt((notification) => {
      if (notification.isNotDisplayed?.() || notification.isSkippedMoment?.()) {
        reject(new Error('Google sign-in prompt was not shown'));
      } else if (
        notification.isDismissedMoment?.() &&
        notification.getDismissedReason?.() !== 'credential_returned'
      ) {
        reject(new GoogleSignInCancelled());
      }
    });
  });
}

export interface GisAdapterDeps {
  /** The Google client id, null when Google sign-in is not configured. */
  clientId: () => Promise<string | null>;
  loadScript: (src: string) => Promise<void>;
  google: () => GoogleAccounts | undefined;
}

const defaultDeps: GisAdapterDeps = {
  clientId: async () => (await loadClientConfig()).googleClientId,
  loadScript: (src) => loadScript(src),
  google: () => window.google?.accounts,
};

export function createGisAdapter(deps: GisAdapterDeps = defaultDeps): GoogleAdapter {
  return {
    prepare() {
      deps
        .clientId()
        .then((clientId) => (clientId ? deps.loadScript(GIS_SCRIPT_URL) : undefined))
        // A failed warm-up is retried by signIn, which reports it.
        .catch(() => undefined);
    },
    async signIn() {
      const clientId = await deps.clientId();
      // Not configured: no real Google token can be had; the demo fallback takes over (spec §4).
      if (!clientId) return { ...DEMO_GOOGLE_SIGN_IN };
      await deps.loadScript(GIS_SCRIPT_URL);
      const google = deps.google();
      if (!google) throw new Error('Google Identity Services did not load');
      const accessToken = await requestAccessToken(google, clientId);
      const idToken = await requestIdToken(google, clientId);
      return signInFromTokens(idToken, accessToken);
    },
  };
}
