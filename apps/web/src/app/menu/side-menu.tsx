import { IonContent, IonHeader, IonMenu, IonToolbar } from '@ionic/react';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { usePaintedOnce } from '../../components/ui/use-painted-once.ts';
import { authModals } from '../../lib/auth-modals.ts';
import { env } from '../../lib/env.ts';
import { logger } from '../../lib/logger.ts';
import { openServerPage } from '../../lib/open-external.ts';
import { MANAGE_PATH } from '../../lib/paths.ts';
import { clearOfflineOrders } from '../../lib/pwa/offline-orders.ts';
import { ALL_STORAGE_KEYS, storage, useSession } from '../../lib/storage.ts';
import { useAfterFirstScreen } from '../after-first-screen.tsx';
import { redirectAfterLogout } from './logout-redirect.ts';
import type { MenuEntry } from './menu-entries.ts';

// The CMS entries and the logout call need the HTTP client and zod; loading them after first paint
// keeps both out of the entry chunk (see scripts/initial-js-size.mjs). Their chunk and the CMS list
// call wait until the first page has painted (the menu is closed on a phone by then).
const CmsMenuSection = lazy(() =>
  import('./cms-menu-section.tsx').then((m) => ({ default: m.CmsMenuSection })),
);
// The fixed entries and the footer follow the first paint too (menu-entry-lists.tsx says why); one
// chunk for all three.
const ShopEntries = lazy(() =>
  import('./menu-entry-lists.tsx').then((m) => ({ default: m.ShopEntries })),
);
const AccountEntries = lazy(() =>
  import('./menu-entry-lists.tsx').then((m) => ({ default: m.AccountEntries })),
);
const MenuFooter = lazy(() =>
  import('./menu-entry-lists.tsx').then((m) => ({ default: m.MenuFooter })),
);

/**
 * The side menu of spec §2: Stores, Products, Food Items, Services, Flyers, Manage Your Store; one
 * entry per CMS page; then Profile, My Order and Logout only while a user name is held, and Sign in
 * and Create account (the login and registration dialogs) while none is.
 * IonMenu is the "Main menu" navigation landmark.
 */
export function SideMenu() {
  const { username } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const afterFirstScreen = useAfterFirstScreen();
  // The entries (~25 Ionic elements) follow the first paint: on a phone the menu is closed then, and
  // in the desktop split pane they appear a frame later, in a pane whose size does not change.
  const painted = usePaintedOnce();

  useEffect(() => {
    // Fetch the logout code and its question while someone is signed in, so logging out works
    // offline too.
    if (!username) return;
    import('./logout.ts').catch(() => undefined);
    import('./ask-logout.ts').catch(() => undefined);
  }, [username]);

  function runAction(entry: MenuEntry) {
    if (entry.kind !== 'action') return;
    switch (entry.action) {
      case 'manage-store':
        void openServerPage(MANAGE_PATH);
        return;
      // No return_url: after signing in the dialogs re-open the page the visitor is on (spec §2).
      case 'sign-in':
        authModals.openLogin();
        return;
      case 'create-account':
        authModals.openRegistration();
        return;
      case 'logout':
        void askThenLogout();
    }
  }

  async function askThenLogout() {
    let confirmed = false;
    try {
      const { askLogout } = await import('./ask-logout.ts');
      confirmed = await askLogout();
    } catch (error) {
      // Offline with the chunk not yet loaded: nothing was asked, so nothing happens.
      logger.error('logout question failed', error);
    }
    if (confirmed) await confirmLogout();
  }

  async function confirmLogout() {
    // Spec §4 decides from the URL the visitor was on when they confirmed.
    const target = redirectAfterLogout(pathname);
    try {
      const { logout } = await import('./logout.ts');
      await logout();
    } catch (error) {
      // Only a failed chunk load gets here (logout itself never throws). The visitor asked to log
      // out, so the session still ends on this device.
      logger.error('logout failed', error);
      await storage.remove(...ALL_STORAGE_KEYS);
      await clearOfflineOrders();
    }
    if (target) navigate(target, { replace: true });
  }

  return (
    <IonMenu contentId="main" type="overlay" aria-label="Main menu" className="lm-menu">
      <IonHeader className="ion-no-border">
        <IonToolbar color="primary" className="lm-menu-brand">
          <div className="lm-menu-brand-inner">
            <img src="/favicon.svg" alt="" width={36} height={36} />
            <div>
              <p className="lm-menu-app-name">{env.appName}</p>
              <p className="lm-menu-greeting">
                {username ? `Hi, ${username}` : 'Shop local, pick up today'}
              </p>
            </div>
          </div>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        {painted && (
          <Suspense fallback={null}>
            <ShopEntries username={username} pathname={pathname} onAction={runAction} />
          </Suspense>
        )}
        {afterFirstScreen && (
          <Suspense fallback={null}>
            <CmsMenuSection pathname={pathname} />
          </Suspense>
        )}
        {painted && (
          <Suspense fallback={null}>
            <AccountEntries username={username} pathname={pathname} onAction={runAction} />
          </Suspense>
        )}
      </IonContent>
      {painted && (
        <Suspense fallback={null}>
          <MenuFooter />
        </Suspense>
      )}
    </IonMenu>
  );
}
