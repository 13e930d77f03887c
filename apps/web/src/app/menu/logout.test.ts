import {
  apiPaths,
  commonMessages,
  STORAGE_KEYS,
  toastMessages,
  toastTitles,
} from '@localmart/contract';
import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../lib/http.ts';
import { createStorage, localStorageBackend } from '../../lib/storage.ts';
import { logout, type LogoutDeps } from './logout.ts';

function setup(answer: Response | Error) {
  for (const [key, value] of Object.entries({
    token: 'tok',
    userId: 'u1',
    username: 'Ada',
    user_email: 'a@b.c',
    isLoggedIn: 'true',
    authToken: 'g',
    userData: '{}',
  })) {
    window.localStorage.setItem(key, value);
  }
  const store = createStorage(localStorageBackend());
  const fetchMock = vi.fn(async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const client = createHttpClient({
    fetch: fetchMock as unknown as typeof fetch,
    token: () => store.getSnapshot().token,
    origin: () => '',
    csrfCookie: () => 'csrf',
    log: { debug: vi.fn(), warn: vi.fn(), error: vi.fn() },
  });
  const deps: LogoutDeps = {
    client,
    store,
    state: { setProfile: vi.fn(), setCartRecords: vi.fn() },
    toast: { error: vi.fn(), success: vi.fn() },
    clearOfflineData: vi.fn(async () => undefined),
  };
  return { deps, store, fetchMock };
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('logout (spec §4, §8)', () => {
  it('calls the server with the bearer token and an empty JSON body', async () => {
    const { deps, fetchMock } = setup(json({ status: 1, message: 'bye' }));
    await logout(deps);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(apiPaths.logout);
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{}');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('on success clears the session, blanks profile and cart, and toasts "Logout successfully"', async () => {
    const { deps, store } = setup(json({ status: 1 }));
    await expect(logout(deps)).resolves.toBe(true);
    expect(Object.values(store.getSnapshot()).every((v) => v === null)).toBe(true);
    for (const key of Object.values(STORAGE_KEYS))
      expect(window.localStorage.getItem(key), key).toBeNull();
    expect(deps.state.setProfile).toHaveBeenCalledWith({ name: '', id: '' });
    expect(deps.state.setCartRecords).toHaveBeenCalledWith(0);
    expect(deps.toast.success).toHaveBeenCalledWith(
      toastTitles.success,
      toastMessages.logoutSuccessfully,
    );
    expect(deps.toast.error).not.toHaveBeenCalled();
  });

  it("on a refusal shows the server's message and still ends the session locally", async () => {
    const { deps, store } = setup(json({ status: 0, message: 'Session already ended' }, 401));
    await expect(logout(deps)).resolves.toBe(false);
    expect(deps.toast.error).toHaveBeenCalledWith(toastTitles.loginError, 'Session already ended');
    expect(store.getSnapshot().token).toBeNull();
    expect(store.getSnapshot().username).toBeNull();
  });

  it('on a network failure still ends the session, reporting the generic failure', async () => {
    const { deps, store } = setup(new TypeError('Failed to fetch'));
    await logout(deps);
    expect(store.getSnapshot().token).toBeNull();
    expect(deps.toast.error).toHaveBeenCalledWith(
      toastTitles.loginError,
      commonMessages.genericFailure,
    );
  });

  it('empties the orders kept for offline reading, whatever the server answered (issue 14)', async () => {
    for (const answer of [json({ status: 1, message: 'bye' }), new Error('offline')]) {
      const { deps } = setup(answer);
      await logout(deps);
      expect(deps.clearOfflineData).toHaveBeenCalledTimes(1);
    }
  });
});
