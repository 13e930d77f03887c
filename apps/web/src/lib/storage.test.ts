import { STORAGE_KEYS, type StorageKey } from '@localmart/contract';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  ALL_STORAGE_KEYS,
  createStorage,
  localStorageBackend,
  sessionFrom,
  useSession,
  useStoredValue,
  type StorageBackend,
} from './storage.ts';

/** An async-only backend, like Capacitor Preferences on native. */
function memoryBackend(
  initial: Partial<Record<StorageKey, string>> = {},
): StorageBackend & { data: Map<string, string> } {
  const data = new Map<string, string>(Object.entries(initial));
  return {
    data,
    get: async (key) => data.get(key) ?? null,
    set: async (key, value) => {
      data.set(key, value);
    },
    remove: async (key) => {
      data.delete(key);
    },
  };
}

describe('storage', () => {
  it('owns exactly the keys of spec §3', () => {
    expect([...ALL_STORAGE_KEYS].sort()).toEqual(
      ['authToken', 'isLoggedIn', 'token', 'userData', 'userId', 'user_email', 'username'].sort(),
    );
  });

  it('on the web, reads localStorage synchronously so the first render already knows the session', () => {
    window.localStorage.setItem('token', 't-1');
    window.localStorage.setItem('username', 'Ada Lovelace');
    const store = createStorage(localStorageBackend());
    expect(store.getSnapshot().token).toBe('t-1');
    expect(store.getSnapshot().username).toBe('Ada Lovelace');
    expect(store.getSnapshot().userId).toBeNull();
  });

  it('writes through to localStorage under the raw key names', async () => {
    const store = createStorage(localStorageBackend());
    await store.set(STORAGE_KEYS.userEmail, 'ada@example.com');
    expect(window.localStorage.getItem('user_email')).toBe('ada@example.com');
    await store.remove(STORAGE_KEYS.userEmail);
    expect(window.localStorage.getItem('user_email')).toBeNull();
  });

  it('on native, starts empty and hydrates from the async backend', async () => {
    const store = createStorage(memoryBackend({ token: 'native-token', username: 'Grace' }));
    expect(store.getSnapshot().token).toBeNull();
    await store.hydrate();
    expect(store.getSnapshot().token).toBe('native-token');
    expect(store.getSnapshot().username).toBe('Grace');
  });

  it('notifies subscribers on change only, with a new snapshot object each time', async () => {
    const store = createStorage(memoryBackend());
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.getSnapshot();
    await store.set(STORAGE_KEYS.token, 'a');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).not.toBe(before);
    await store.set(STORAGE_KEYS.token, 'a');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('removes several keys at once', async () => {
    const backend = memoryBackend({ token: 't', username: 'u', userId: 'id' });
    const store = createStorage(backend);
    await store.hydrate();
    await store.remove(...ALL_STORAGE_KEYS);
    expect(Object.values(store.getSnapshot()).every((value) => value === null)).toBe(true);
    expect(backend.data.size).toBe(0);
  });

  it('keeps the session in memory when the platform store refuses a write', async () => {
    const backend = memoryBackend();
    backend.set = () => Promise.reject(new Error('quota'));
    const store = createStorage(backend);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(store.set(STORAGE_KEYS.token, 't')).resolves.toBeUndefined();
    expect(store.getSnapshot().token).toBe('t');
    expect(warn).toHaveBeenCalledWith(
      '[localmart]',
      'storage: could not persist',
      'token',
      expect.any(Error),
    );
  });

  it('useStoredValue and useSession re-render live on login and logout', async () => {
    const store = createStorage(memoryBackend());
    const { result } = renderHook(() => ({
      name: useStoredValue(STORAGE_KEYS.username, store),
      session: useSession(store),
    }));
    expect(result.current.session).toEqual({ token: null, username: null, isLoggedIn: false });

    await act(async () => {
      await store.set(STORAGE_KEYS.token, 'tok');
      await store.set(STORAGE_KEYS.username, 'Ada Lovelace');
    });
    expect(result.current.name).toBe('Ada Lovelace');
    expect(result.current.session).toEqual({
      token: 'tok',
      username: 'Ada Lovelace',
      isLoggedIn: true,
    });

    await act(async () => {
      await store.remove(STORAGE_KEYS.token, STORAGE_KEYS.username);
    });
    expect(result.current.session.isLoggedIn).toBe(false);
    expect(result.current.name).toBeNull();
  });

  it('a session needs both a token and a name (spec §6); empty strings do not count', () => {
    expect(sessionFrom('t', null).isLoggedIn).toBe(false);
    expect(sessionFrom(null, 'Ada').isLoggedIn).toBe(false);
    expect(sessionFrom('', 'Ada')).toEqual({ token: null, username: 'Ada', isLoggedIn: false });
    expect(sessionFrom('t', 'Ada').isLoggedIn).toBe(true);
  });
});
