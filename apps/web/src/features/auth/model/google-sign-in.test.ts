import {
  apiPaths,
  DEMO_DELAY_MS,
  DEMO_ERROR_DELAY_MS,
  demoUserSchema,
  STORAGE_KEYS,
  toastMessages,
  toastTitles,
} from '@localmart/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../../lib/http.ts';
import { startSession } from '../../../lib/session.ts';
import { createStorage, localStorageBackend } from '../../../lib/storage.ts';
import { createDemoGoogleService } from '../api/demo-google.ts';
import {
  GoogleSignInCancelled,
  type GoogleAdapter,
  type GoogleSignIn,
} from '../google/google-adapter.ts';
import { registerWithGoogle, signInWithGoogle, type GoogleFlowDeps } from './google-sign-in.ts';

const google: GoogleSignIn = {
  google_id: 'g-123',
  email: 'grace@example.com',
  first_name: 'Grace',
  last_name: 'Hopper',
  name: 'Grace Hopper',
  picture: 'https://lh3.googleusercontent.com/a/grace',
  id_token: 'header.payload.signature',
  access_token: 'ya29.access',
};

const serverUser = {
  _id: '6f1c0c1e-0000-4000-8000-000000000009',
  first_name: 'Grace',
  last_name: 'Hopper',
  display_name: 'Grace Hopper',
};

type Answer = { status: number; body: unknown } | Error;

function setup(answers: Record<string, Answer>, adapter?: GoogleAdapter) {
  const requests: { path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    requests.push({ path, body: JSON.parse(String(init?.body ?? '{}')) });
    const answer = answers[path];
    if (!answer) throw new Error(`unexpected call to ${path}`);
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  const client = createHttpClient({
    fetch: fetchMock as unknown as typeof fetch,
    token: () => null,
    origin: () => '',
    csrfCookie: () => 'csrf',
    log: { debug: vi.fn(), warn: vi.fn(), error: vi.fn() },
  });
  const store = createStorage(localStorageBackend());
  const setProfile = vi.fn();
  const fakeAdapter = adapter ?? { signIn: vi.fn(async () => ({ ...google })) };
  const deps: GoogleFlowDeps = {
    adapter: () => fakeAdapter,
    client,
    startSession: (input) => startSession(input, { store, state: { setProfile } }),
    toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
    demo: createDemoGoogleService(),
  };
  return { deps, requests, store, setProfile, adapter: fakeAdapter };
}

/** Runs a flow to its end with fake timers, checking it waits `delay` ms and no less. */
async function settleAfter<T>(promise: Promise<T>, delay: number): Promise<T> {
  let settled = false;
  void promise.finally(() => {
    settled = true;
  });
  await vi.advanceTimersByTimeAsync(delay - 1);
  expect(settled, `settled before ${delay} ms`).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(settled, `not settled after ${delay} ms`).toBe(true);
  return promise;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('signInWithGoogle (spec §4, §8)', () => {
  it('sends the Google payload to handleGoogle and, on status 1, stores the session', async () => {
    const { deps, requests, store, setProfile } = setup({
      [apiPaths.handleGoogle]: {
        status: 200,
        body: { status: 1, token: 'session-token', user: serverUser },
      },
    });
    const outcome = await signInWithGoogle(deps);
    expect(outcome).toEqual({ kind: 'signed-in', demo: false });
    expect(requests).toEqual([{ path: apiPaths.handleGoogle, body: google }]);
    const stored = store.getSnapshot();
    expect(stored[STORAGE_KEYS.token]).toBe('session-token');
    expect(stored[STORAGE_KEYS.username]).toBe('Grace Hopper');
    expect(stored[STORAGE_KEYS.userId]).toBe(serverUser._id);
    expect(stored[STORAGE_KEYS.isLoggedIn]).toBe('true');
    expect(stored[STORAGE_KEYS.authToken]).toBe('ya29.access');
    expect(stored[STORAGE_KEYS.userData]).toBeNull();
    expect(setProfile).toHaveBeenCalledWith({ name: 'Grace Hopper', id: serverUser._id });
    expect(deps.toast.success).toHaveBeenCalledWith(
      toastTitles.success,
      toastMessages.loginSuccessfully,
    );
    expect(deps.toast.error).not.toHaveBeenCalled();
    expect(deps.toast.info).not.toHaveBeenCalled();
  });

  it('on HTTP 404 with a googleLogin service: a real session for the demo shopper, no userData', async () => {
    const demoShopper = {
      _id: '6f1c0c1e-0000-4000-8000-00000000d3e0',
      first_name: 'Demo',
      last_name: 'User',
      display_name: 'Demo User',
    };
    const { deps, requests, store } = setup({
      [apiPaths.handleGoogle]: { status: 404, body: { status: 0, message: 'Not found' } },
      [apiPaths.googleDemoLogin]: {
        status: 200,
        body: {
          status: 1,
          message: toastMessages.demoSignedInWithGoogle,
          result: { token: 'demo-session-token', user: demoShopper },
        },
      },
    });
    const outcome = await signInWithGoogle(deps);
    expect(outcome).toEqual({ kind: 'signed-in', demo: true });
    // the fallback sends nothing of the Google profile: the server trusts none of it
    expect(requests).toEqual([
      { path: apiPaths.handleGoogle, body: google },
      { path: apiPaths.googleDemoLogin, body: {} },
    ]);
    const stored = store.getSnapshot();
    expect(stored[STORAGE_KEYS.token]).toBe('demo-session-token');
    expect(stored[STORAGE_KEYS.userId]).toBe(demoShopper._id);
    expect(stored[STORAGE_KEYS.username]).toBe('Demo User');
    expect(stored[STORAGE_KEYS.isLoggedIn]).toBe('true');
    expect(stored[STORAGE_KEYS.userData]).toBeNull();
    expect(deps.toast.info).toHaveBeenCalledWith(
      toastTitles.info,
      toastMessages.demoGoogleLoginInfo,
    );
    expect(deps.toast.success).toHaveBeenCalledWith(
      toastTitles.success,
      toastMessages.demoSignedInWithGoogle,
    );
    expect(deps.toast.error).not.toHaveBeenCalled();
  });

  it("a googleLogin service that refuses (429): 'Demo authentication failed', nothing stored", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { deps, store } = setup({
      [apiPaths.handleGoogle]: { status: 404, body: { status: 0, message: 'Not found' } },
      [apiPaths.googleDemoLogin]: { status: 429, body: { status: 0, message: 'Too many' } },
    });
    const outcome = await signInWithGoogle(deps);
    expect(outcome).toEqual({ kind: 'failed', unverified: false });
    expect(deps.toast.error).toHaveBeenCalledWith(
      toastTitles.loginError,
      toastMessages.demoAuthenticationFailed,
    );
    expect(deps.toast.success).not.toHaveBeenCalled();
    expect(store.getSnapshot()[STORAGE_KEYS.token]).toBeNull();
    warn.mockRestore();
  });

  it('on HTTP 404 without a googleLogin service (404 too): the local demo login after 1 s, with userData stored', async () => {
    const { deps, store } = setup({
      [apiPaths.handleGoogle]: { status: 404, body: { status: 0, message: 'Not found' } },
      [apiPaths.googleDemoLogin]: { status: 404, body: { status: 0, message: 'Not found' } },
    });
    const flow = signInWithGoogle(deps);
    await vi.advanceTimersByTimeAsync(0);
    expect(deps.toast.info).toHaveBeenCalledWith(
      toastTitles.info,
      toastMessages.demoGoogleLoginInfo,
    );
    expect(store.getSnapshot()[STORAGE_KEYS.token]).toBeNull();
    const outcome = await settleAfter(flow, DEMO_DELAY_MS);
    expect(outcome).toEqual({ kind: 'signed-in', demo: true });
    const stored = store.getSnapshot();
    expect(stored[STORAGE_KEYS.token]).toMatch(/^demo-/);
    expect(stored[STORAGE_KEYS.username]).toBe('Grace Hopper');
    expect(stored[STORAGE_KEYS.isLoggedIn]).toBe('true');
    const demoUser = demoUserSchema.parse(JSON.parse(stored[STORAGE_KEYS.userData] ?? 'null'));
    expect(demoUser).toMatchObject({
      _id: 'demo-g-123',
      first_name: 'Grace',
      last_name: 'Hopper',
      display_name: 'Grace Hopper',
      email: 'grace@example.com',
      google_id: 'g-123',
      picture: google.picture,
    });
    expect(stored[STORAGE_KEYS.userId]).toBe('demo-g-123');
    expect(deps.toast.success).toHaveBeenCalledWith(
      toastTitles.success,
      toastMessages.demoSignedInWithGoogle,
    );
    expect(deps.toast.error).not.toHaveBeenCalled();
  });

  it('on status 0 (no answer at all): the same demo fallback', async () => {
    const { deps, store } = setup({ [apiPaths.handleGoogle]: new TypeError('Failed to fetch') });
    const outcome = await settleAfter(signInWithGoogle(deps), DEMO_DELAY_MS);
    expect(outcome).toEqual({ kind: 'signed-in', demo: true });
    expect(deps.toast.info).toHaveBeenCalledWith(
      toastTitles.info,
      toastMessages.demoGoogleLoginInfo,
    );
    expect(store.getSnapshot()[STORAGE_KEYS.userData]).not.toBeNull();
  });

  it("the demo's simulated failure answers after 0.5 s: 'Demo authentication failed'", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const adapter = { signIn: vi.fn(async () => ({ ...google, email: '' })) };
    const { deps, store } = setup(
      {
        [apiPaths.handleGoogle]: { status: 404, body: { status: 0, message: 'Not found' } },
        [apiPaths.googleDemoLogin]: { status: 404, body: { status: 0, message: 'Not found' } },
      },
      adapter,
    );
    const outcome = await settleAfter(signInWithGoogle(deps), DEMO_ERROR_DELAY_MS);
    expect(outcome).toEqual({ kind: 'failed', unverified: false });
    expect(deps.toast.error).toHaveBeenCalledWith(
      toastTitles.loginError,
      toastMessages.demoAuthenticationFailed,
    );
    expect(store.getSnapshot()[STORAGE_KEYS.token]).toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it("other failures: an 'Error' toast with the server's message, no demo, nothing stored", async () => {
    const { deps, store } = setup({
      [apiPaths.handleGoogle]: {
        status: 401,
        body: { status: 0, message: toastMessages.googleSignInFailed },
      },
    });
    const outcome = await signInWithGoogle(deps);
    expect(outcome).toEqual({ kind: 'failed', unverified: false });
    expect(deps.toast.error).toHaveBeenCalledWith(
      toastTitles.loginError,
      toastMessages.googleSignInFailed,
    );
    expect(deps.toast.info).not.toHaveBeenCalled();
    expect(store.getSnapshot()[STORAGE_KEYS.token]).toBeNull();
  });

  it("a server error without a readable answer says 'Google sign in failed'", async () => {
    const { deps } = setup({ [apiPaths.handleGoogle]: { status: 500, body: 'oops' } });
    await signInWithGoogle(deps);
    expect(deps.toast.error).toHaveBeenCalledWith(
      toastTitles.loginError,
      toastMessages.googleSignInFailed,
    );
  });

  it('passes showActivationLink on, for the Resend Activation code button', async () => {
    const { deps } = setup({
      [apiPaths.handleGoogle]: {
        status: 403,
        body: { status: 0, message: 'Please verify your email', showActivationLink: true },
      },
    });
    expect(await signInWithGoogle(deps)).toEqual({ kind: 'failed', unverified: true });
    expect(deps.toast.error).toHaveBeenCalledWith(
      toastTitles.loginError,
      'Please verify your email',
    );
  });

  it('a failing Google adapter shows "Google sign in failed" without calling the server', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const adapter = { signIn: vi.fn(async () => Promise.reject(new Error('popup blocked'))) };
    const { deps, requests } = setup({}, adapter);
    expect(await signInWithGoogle(deps)).toEqual({ kind: 'failed', unverified: false });
    expect(requests).toEqual([]);
    expect(deps.toast.error).toHaveBeenCalledWith(
      toastTitles.loginError,
      toastMessages.googleSignInFailed,
    );
    expect(error).toHaveBeenCalled();
  });

  it('a cancelled Google sign-in is silent', async () => {
    const adapter = { signIn: vi.fn(async () => Promise.reject(new GoogleSignInCancelled())) };
    const { deps, requests } = setup({}, adapter);
    expect(await signInWithGoogle(deps)).toEqual({ kind: 'cancelled' });
    expect(requests).toEqual([]);
    expect(deps.toast.error).not.toHaveBeenCalled();
  });

  it('a profile without an ID token is refused before the server is asked', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const adapter = { signIn: vi.fn(async () => ({ ...google, id_token: '' })) };
    const { deps, requests } = setup({}, adapter);
    expect(await signInWithGoogle(deps)).toEqual({ kind: 'failed', unverified: false });
    expect(requests).toEqual([]);
    expect(error).toHaveBeenCalled();
  });
});

describe('registerWithGoogle (spec §4, §8)', () => {
  it('registers without tokens, then signs in with Google: "Account created with Google successfully"', async () => {
    const { deps, requests, store, adapter } = setup({
      [apiPaths.googleRegister]: { status: 200, body: { status: 1, message: 'Continue' } },
      [apiPaths.handleGoogle]: {
        status: 200,
        body: { status: 1, token: 'session-token', user: serverUser },
      },
    });
    const outcome = await registerWithGoogle(deps);
    expect(outcome).toEqual({ kind: 'signed-in', demo: false });
    const { id_token: _i, access_token: _a, ...profile } = google;
    expect(requests).toEqual([
      { path: apiPaths.googleRegister, body: profile },
      { path: apiPaths.handleGoogle, body: google },
    ]);
    // One Google sign-in serves both calls.
    expect(adapter.signIn).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()[STORAGE_KEYS.token]).toBe('session-token');
    expect(deps.toast.success).toHaveBeenCalledWith(
      toastTitles.success,
      toastMessages.accountCreatedWithGoogle,
    );
    expect(deps.toast.success).toHaveBeenCalledTimes(1);
  });

  it("on 404: 'Demo Mode' info, demo registration after 1 s, 'Demo Google registration successful!'", async () => {
    const { deps, requests, store } = setup({
      [apiPaths.googleRegister]: { status: 404, body: { status: 0, message: 'Not found' } },
      [apiPaths.googleDemoLogin]: { status: 404, body: { status: 0, message: 'Not found' } },
    });
    const flow = registerWithGoogle(deps);
    await vi.advanceTimersByTimeAsync(0);
    expect(deps.toast.info).toHaveBeenCalledWith(
      toastTitles.demoMode,
      toastMessages.demoGoogleRegistrationInfo,
    );
    const outcome = await settleAfter(flow, DEMO_DELAY_MS);
    expect(outcome).toEqual({ kind: 'signed-in', demo: true });
    expect(requests.map((r) => r.path)).toEqual([
      apiPaths.googleRegister,
      apiPaths.googleDemoLogin,
    ]);
    expect(store.getSnapshot()[STORAGE_KEYS.userData]).not.toBeNull();
    expect(deps.toast.success).toHaveBeenCalledWith(
      toastTitles.success,
      toastMessages.demoGoogleRegistrationSuccessful,
    );
  });

  it('on status 0: the same demo registration', async () => {
    const { deps } = setup({ [apiPaths.googleRegister]: new TypeError('Failed to fetch') });
    const outcome = await settleAfter(registerWithGoogle(deps), DEMO_DELAY_MS);
    expect(outcome).toEqual({ kind: 'signed-in', demo: true });
  });

  it("other failures: 'Error!' with the server's message", async () => {
    const { deps, store } = setup({
      [apiPaths.googleRegister]: {
        status: 409,
        body: { status: 0, message: 'An account with this email already exists' },
      },
    });
    expect(await registerWithGoogle(deps)).toEqual({ kind: 'failed', unverified: false });
    expect(deps.toast.error).toHaveBeenCalledWith(
      toastTitles.registrationError,
      'An account with this email already exists',
    );
    expect(store.getSnapshot()[STORAGE_KEYS.token]).toBeNull();
  });

  it("an unreadable failure, or no Google profile: 'Google registration failed. Please try again.'", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { deps } = setup({ [apiPaths.googleRegister]: { status: 502, body: '<html>' } });
    await registerWithGoogle(deps);
    expect(deps.toast.error).toHaveBeenLastCalledWith(
      toastTitles.registrationError,
      toastMessages.googleRegistrationFailed,
    );
    const failing = setup({}, { signIn: async () => Promise.reject(new Error('no')) });
    await registerWithGoogle(failing.deps);
    expect(failing.deps.toast.error).toHaveBeenCalledWith(
      toastTitles.registrationError,
      toastMessages.googleRegistrationFailed,
    );
    expect(error).toHaveBeenCalled();
  });

  it('the demo registration can fail too (after 0.5 s)', async () => {
    const { deps } = setup(
      { [apiPaths.googleRegister]: { status: 404, body: { status: 0, message: 'Not found' } } },
      { signIn: async () => ({ ...google, google_id: '' }) },
    );
    const outcome = await settleAfter(registerWithGoogle(deps), DEMO_ERROR_DELAY_MS);
    expect(outcome).toEqual({ kind: 'failed', unverified: false });
    expect(deps.toast.error).toHaveBeenCalledWith(
      toastTitles.registrationError,
      toastMessages.googleRegistrationFailed,
    );
  });
});
