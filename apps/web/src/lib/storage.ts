import { STORAGE_KEYS, type StorageKey } from '@localmart/contract';
import { useSyncExternalStore } from 'react';
import { logger } from './logger.ts';
import { isNativePlatform } from './platform.ts';

/**
 * The one module that owns the local storage keys of spec §3. Values are strings, as the product has
 * always stored them (`isLoggedIn` is 'true'). Writes go to the platform store (localStorage on the
 * web, Capacitor Preferences on native) and to an in-memory snapshot that React renders from, so the
 * menu updates the moment a session starts or ends.
 */
export const ALL_STORAGE_KEYS: readonly StorageKey[] = Object.values(STORAGE_KEYS);

export type StorageSnapshot = Readonly<Record<StorageKey, string | null>>;

/** The platform store underneath. `readSync` exists only where reads are synchronous (the web). */
export interface StorageBackend {
  get(key: StorageKey): Promise<string | null>;
  set(key: StorageKey, value: string): Promise<void>;
  remove(key: StorageKey): Promise<void>;
  readSync?(key: StorageKey): string | null;
}

export function localStorageBackend(store: Storage = window.localStorage): StorageBackend {
  return {
    get: async (key) => store.getItem(key),
    set: async (key, value) => store.setItem(key, value),
    remove: async (key) => store.removeItem(key),
    readSync: (key) => store.getItem(key),
  };
}

/**
 * Capacitor Preferences, imported on first use: only the native shells call it, and a static import
 * put @capacitor/core in the web's entry (~4.5 KB gzipped, issue 18).
 */
export function preferencesBackend(): StorageBackend {
  const preferences = () => import('@capacitor/preferences').then((module) => module.Preferences);
  return {
    get: async (key) => (await (await preferences()).get({ key })).value,
    set: async (key, value) => (await preferences()).set({ key, value }),
    remove: async (key) => (await preferences()).remove({ key }),
  };
}

function emptySnapshot(): StorageSnapshot {
  return Object.fromEntries(ALL_STORAGE_KEYS.map((key) => [key, null])) as Record<StorageKey, null>;
}

export interface AppStorage {
  /** Read every key from the platform store; needed before first render on native only. */
  hydrate(): Promise<void>;
  get(key: StorageKey): Promise<string | null>;
  set(key: StorageKey, value: string): Promise<void>;
  remove(...keys: StorageKey[]): Promise<void>;
  getSnapshot(): StorageSnapshot;
  subscribe(listener: () => void): () => void;
}

export function createStorage(backend: StorageBackend): AppStorage {
  const readSync = backend.readSync;
  let snapshot: StorageSnapshot = readSync
    ? (Object.fromEntries(ALL_STORAGE_KEYS.map((key) => [key, readSync(key)])) as StorageSnapshot)
    : emptySnapshot();
  const listeners = new Set<() => void>();

  function update(changes: Partial<Record<StorageKey, string | null>>) {
    const next = { ...snapshot, ...changes };
    if (ALL_STORAGE_KEYS.every((key) => next[key] === snapshot[key])) return;
    // A new object on every change: useSyncExternalStore compares snapshots by identity.
    snapshot = next;
    for (const listener of listeners) listener();
  }

  return {
    async hydrate() {
      const entries = await Promise.all(
        ALL_STORAGE_KEYS.map(async (key) => [key, await backend.get(key)] as const),
      );
      update(Object.fromEntries(entries));
    },
    async get(key) {
      const value = await backend.get(key);
      update({ [key]: value });
      return value;
    },
    async set(key, value) {
      update({ [key]: value });
      try {
        await backend.set(key, value);
      } catch (error) {
        // Private browsing or a full quota: the session still works for this visit.
        logger.warn('storage: could not persist', key, error);
      }
    },
    async remove(...keys) {
      update(Object.fromEntries(keys.map((key) => [key, null])));
      await Promise.all(
        keys.map((key) =>
          backend
            .remove(key)
            .catch((error: unknown) => logger.warn('storage: could not remove', key, error)),
        ),
      );
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function createPlatformStorage(): AppStorage {
  if (isNativePlatform()) return createStorage(preferencesBackend());
  const storage = createStorage(localStorageBackend());
  // Another tab signing in or out changes what this tab's menu should show.
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== window.localStorage) return;
    if (event.key === null || (ALL_STORAGE_KEYS as readonly string[]).includes(event.key)) {
      void storage.hydrate();
    }
  });
  return storage;
}

/** The app's storage. On the web the snapshot is read synchronously at import time. */
export const storage: AppStorage = createPlatformStorage();

/** Render from one stored value; re-renders when it changes. */
export function useStoredValue(key: StorageKey, store: AppStorage = storage): string | null {
  return useSyncExternalStore(store.subscribe, () => store.getSnapshot()[key]);
}

export interface Session {
  token: string | null;
  username: string | null;
  /** Spec §6: a signed-in user has a token held locally and a name present. */
  isLoggedIn: boolean;
}

export function sessionFrom(token: string | null, username: string | null): Session {
  // An empty string is not a session: treat it like a missing key.
  const heldToken = token || null;
  const heldName = username || null;
  return {
    token: heldToken,
    username: heldName,
    isLoggedIn: heldToken !== null && heldName !== null,
  };
}

/** The signed-in state React renders from; updates live on login and logout. */
export function useSession(store: AppStorage = storage): Session {
  const token = useStoredValue(STORAGE_KEYS.token, store);
  const username = useStoredValue(STORAGE_KEYS.username, store);
  return sessionFrom(token, username);
}

/** The bearer token to send, read synchronously from the snapshot (no await on every call). */
export function currentToken(store: AppStorage = storage): string | null {
  return store.getSnapshot()[STORAGE_KEYS.token] || null;
}
