import {
  apiPaths,
  isSuccess,
  logoutResponse,
  toastMessages,
  toastTitles,
} from '@localmart/contract';
import { showError, showSuccess } from '../../components/ui/toasts/toasts.ts';
import { http, type HttpClient } from '../../lib/http.ts';
import { clearOfflineOrders } from '../../lib/pwa/offline-orders.ts';
import { BLANK_PROFILE, sharedState } from '../../lib/shared-state.ts';
import { ALL_STORAGE_KEYS, storage, type AppStorage } from '../../lib/storage.ts';

export interface LogoutDeps {
  client: HttpClient;
  store: AppStorage;
  state: Pick<typeof sharedState, 'setProfile' | 'setCartRecords'>;
  toast: { error: typeof showError; success: typeof showSuccess };
  /** Empties what the service worker kept for offline reading (the shopper's orders). */
  clearOfflineData?: () => Promise<void>;
}

const defaultDeps: LogoutDeps = {
  client: http,
  store: storage,
  state: sharedState,
  toast: { error: showError, success: showSuccess },
  clearOfflineData: clearOfflineOrders,
};

/**
 * Spec §4 logout: tell the server (with the bearer token, so it can revoke the session), then end the
 * session locally whatever the server answered: a visitor who asked to log out must not stay signed
 * in because the network failed. Spec §8: a refusal shows the server's message in an error toast.
 * Returns whether the server confirmed.
 */
export async function logout(deps: LogoutDeps = defaultDeps): Promise<boolean> {
  const answer = await deps.client.postJson(apiPaths.logout, {}, logoutResponse);
  // Every key of spec §3 goes, the demo-mode user record included.
  await deps.store.remove(...ALL_STORAGE_KEYS);
  // The next person on this device must not read this shopper's orders offline (issue 14).
  await deps.clearOfflineData?.();
  deps.state.setProfile(BLANK_PROFILE);
  deps.state.setCartRecords(0);
  if (isSuccess(answer)) {
    deps.toast.success(toastTitles.success, toastMessages.logoutSuccessfully);
    return true;
  }
  deps.toast.error(toastTitles.loginError, answer.message);
  return false;
}
