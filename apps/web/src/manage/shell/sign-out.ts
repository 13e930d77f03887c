import { apiPaths, logoutResponse } from '@localmart/contract';
import { http, type HttpClient } from '../../lib/http.ts';
import { clearOfflineOrders } from '../../lib/pwa/offline-orders.ts';
import { ALL_STORAGE_KEYS, storage, type AppStorage } from '../../lib/storage.ts';

export interface SignOutDeps {
  client: HttpClient;
  store: AppStorage;
  clearOfflineData: () => Promise<void>;
  /** Where the browser goes once signed out: the site's sign-in screen. */
  leave: () => void;
}

const defaultDeps: SignOutDeps = {
  client: http,
  store: storage,
  clearOfflineData: clearOfflineOrders,
  leave: () => window.location.assign('/manage'),
};

/**
 * Sign out of the manage site, which shares the shopper app's session: the server revokes the token
 * (a shared counter computer must not stay signed in to the store), then the session ends on this
 * device whatever the network did, as the shopper app's logout does.
 */
export async function signOut(deps: SignOutDeps = defaultDeps): Promise<void> {
  try {
    await deps.client.postJson(apiPaths.logout, {}, logoutResponse);
  } catch {
    // Offline: the token still goes from this device below; the server's copy expires on its own.
  }
  await deps.store.remove(...ALL_STORAGE_KEYS);
  await deps.clearOfflineData();
  deps.leave();
}
