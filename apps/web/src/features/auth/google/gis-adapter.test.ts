import { GOOGLE_SCOPES } from '@localmart/contract';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_GOOGLE_SIGN_IN } from './demo-profile.ts';
import {
  createGisAdapter,
  decodeIdToken,
  GIS_SCRIPT_URL,
  loadScript,
  type GoogleAccounts,
  type PromptNotification,
} from './gis-adapter.ts';
import { GoogleSignInCancelled, pickGoogleAdapter } from './google-adapter.ts';

function base64Url(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const claims = {
  sub: '1098765',
  email: 'zoe@example.com',
  given_name: 'Zoë',
  family_name: 'Ångström',
  name: 'Zoë Ångström',
  picture: 'https://lh3.googleusercontent.com/a/zoe',
};
const idToken = `${base64Url({ alg: 'RS256' })}.${base64Url(claims)}.signature`;

/** A stand-in for the `google.accounts` global with scripted answers. */
function fakeGoogle(options: {
  token?: { access_token?: string; error?: string };
  popupError?: { type: string };
  credential?: string;
  notification?: PromptNotification;
}) {
  const tokenConfigs: Parameters<GoogleAccounts['oauth2']['initTokenClient']>[0][] = [];
  const idConfigs: Parameters<GoogleAccounts['id']['initialize']>[0][] = [];
  const accounts: GoogleAccounts = {
    oauth2: {
      initTokenClient(config) {
        tokenConfigs.push(config);
        return {
          requestAccessToken() {
            if (options.popupError) config.error_callback?.(options.popupError);
            else config.callback(options.token ?? { access_token: 'ya29.token' });
          },
        };
      },
    },
    id: {
      initialize(config) {
        idConfigs.push(config);
      },
      prompt(listener) {
        if (options.notification) listener?.(options.notification);
        else idConfigs.at(-1)?.callback({ credential: options.credential ?? idToken });
      },
    },
  };
  return { accounts, tokenConfigs, idConfigs };
}

function adapterWith(
  google: ReturnType<typeof fakeGoogle> | null,
  clientId: string | null = 'cid',
) {
  const loadScriptMock = vi.fn(async () => undefined);
  const adapter = createGisAdapter({
    clientId: async () => clientId,
    loadScript: loadScriptMock,
    google: () => google?.accounts,
  });
  return { adapter, loadScript: loadScriptMock };
}

describe('pickGoogleAdapter (test seam)', () => {
  it('uses window.__localmartGoogleAdapter when it has a signIn method', () => {
    const injected = { signIn: vi.fn() };
    const web = vi.fn(() => ({ signIn: vi.fn() }));
    expect(pickGoogleAdapter({ __localmartGoogleAdapter: injected }, web)).toBe(injected);
    expect(web).not.toHaveBeenCalled();
  });

  it('otherwise builds the web adapter', () => {
    const webAdapter = { signIn: vi.fn() };
    expect(pickGoogleAdapter({}, () => webAdapter)).toBe(webAdapter);
    const notAnAdapter = { nope: true } as unknown as Window['__localmartGoogleAdapter'];
    expect(pickGoogleAdapter({ __localmartGoogleAdapter: notAnAdapter }, () => webAdapter)).toBe(
      webAdapter,
    );
  });
});

describe('Google Identity Services adapter', () => {
  it('decodes the ID token claims, UTF-8 included', () => {
    expect(decodeIdToken(idToken)).toEqual(claims);
    expect(() => decodeIdToken('nonsense')).toThrow();
  });

  it('without a client id (Google not configured) answers the demo profile and loads nothing', async () => {
    const { adapter, loadScript: load } = adapterWith(null, null);
    await expect(adapter.signIn()).resolves.toEqual(DEMO_GOOGLE_SIGN_IN);
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the GIS script, asks for an access token with the spec scopes, then the ID token', async () => {
    const google = fakeGoogle({});
    const { adapter, loadScript: load } = adapterWith(google);
    await expect(adapter.signIn()).resolves.toEqual({
      google_id: claims.sub,
      email: claims.email,
      first_name: claims.given_name,
      last_name: claims.family_name,
      name: claims.name,
      picture: claims.picture,
      id_token: idToken,
      access_token: 'ya29.token',
    });
    expect(load).toHaveBeenCalledWith(GIS_SCRIPT_URL);
    expect(google.tokenConfigs[0]).toMatchObject({ client_id: 'cid', scope: 'profile email' });
    expect(google.tokenConfigs[0]?.scope.split(' ')).toEqual([...GOOGLE_SCOPES]);
    expect(google.idConfigs[0]).toMatchObject({ client_id: 'cid' });
  });

  it('a closed popup or a refused consent is a cancellation', async () => {
    await expect(
      adapterWith(fakeGoogle({ popupError: { type: 'popup_closed' } })).adapter.signIn(),
    ).rejects.toBeInstanceOf(GoogleSignInCancelled);
    await expect(
      adapterWith(fakeGoogle({ token: { error: 'access_denied' } })).adapter.signIn(),
    ).rejects.toBeInstanceOf(GoogleSignInCancelled);
  });

  it('a popup that cannot open, or a prompt Google does not show, is an error', async () => {
    const blocked = adapterWith(fakeGoogle({ popupError: { type: 'popup_failed_to_open' } }));
    await expect(blocked.adapter.signIn()).rejects.toThrow('popup_failed_to_open');
    const skipped = adapterWith(
      fakeGoogle({ notification: { isNotDisplayed: () => false, isSkippedMoment: () => true } }),
    );
    await expect(skipped.adapter.signIn()).rejects.not.toBeInstanceOf(GoogleSignInCancelled);
  });

  it('a prompt dismissed without a credential is a cancellation', async () => {
    const dismissed = adapterWith(
      fakeGoogle({
        notification: { isDismissedMoment: () => true, getDismissedReason: () => 'cancel_called' },
      }),
    );
    await expect(dismissed.adapter.signIn()).rejects.toBeInstanceOf(GoogleSignInCancelled);
  });

  it('fails clearly when the script loaded but defined no google global', async () => {
    await expect(adapterWith(null).adapter.signIn()).rejects.toThrow('did not load');
  });
});

describe('loadScript', () => {
  it('adds the script once and shares its load; a failed load can be retried', async () => {
    const src = 'https://accounts.google.com/gsi/client?test';
    const first = loadScript(src);
    const second = loadScript(src);
    expect(first).toBe(second);
    const tags = () => document.head.querySelectorAll(`script[src="${src}"]`);
    expect(tags()).toHaveLength(1);
    tags()[0]?.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow('could not load');
    expect(tags()).toHaveLength(0);
    const retry = loadScript(src);
    expect(retry).not.toBe(first);
    tags()[0]?.dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBeUndefined();
  });
});
