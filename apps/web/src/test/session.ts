import { STORAGE_KEYS } from '@localmart/contract';
import { ALL_STORAGE_KEYS, storage } from '../lib/storage.ts';

/** A signed-in shopper's session, as sign-in leaves it on the device. */
export async function signIn(): Promise<void> {
  await storage.set(STORAGE_KEYS.token, 'tok');
  await storage.set(STORAGE_KEYS.userId, '6f1c0c1e-0000-4000-8000-000000000001');
  await storage.set(STORAGE_KEYS.username, 'Ada Lovelace');
  await storage.set(STORAGE_KEYS.isLoggedIn, 'true');
}

/** Forgets every stored key, so the next test starts signed out. */
export async function signOut(): Promise<void> {
  await storage.remove(...ALL_STORAGE_KEYS);
}
