import { useIonViewWillEnter } from '@ionic/react';
import { STORAGE_KEYS } from '@localmart/contract';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { loginPathWithReturn } from './return-url.ts';
import { sessionFrom, storage, type AppStorage } from './storage.ts';

/** Whether a user is signed in right now (spec §6: a token held and a name present). */
export function hasSession(store: AppStorage = storage): boolean {
  const snapshot = store.getSnapshot();
  return sessionFrom(snapshot[STORAGE_KEYS.token], snapshot[STORAGE_KEYS.username]).isLoggedIn;
}

/**
 * For pages only a signed-in user can use: an anonymous visitor arriving there is sent to sign in,
 * with return_url bringing them back (`/login?return_url=profile`, spec §2).
 *
 * Checked when the page is entered, not whenever the session changes: logging out while on the page
 * has its own rule (spec §4, the redirect to /home), and Ionic keeps left pages mounted. Nor when
 * `returnUrl` changes: a kept page that builds it from the router's location re-renders on every
 * navigation, and checking then would send the visitor from /login to /login again, forever.
 */
export function useRequireSession(returnUrl: string): void {
  const navigate = useNavigate();
  // react-router hands out a new navigate function on every location change; the check must not
  // run again because of that (logging out on this page would then send the visitor to sign in).
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const returnUrlRef = useRef(returnUrl);
  returnUrlRef.current = returnUrl;
  const check = useCallback(() => {
    if (!hasSession()) {
      navigateRef.current(loginPathWithReturn(returnUrlRef.current), { replace: true });
    }
  }, []);
  const entries = useRef(0);
  // The first entry is the mount, checked by the effect; later entries are returns to a kept page.
  useEffect(check, [check]);
  useIonViewWillEnter(() => {
    entries.current += 1;
    if (entries.current > 1) check();
  }, [check]);
}
