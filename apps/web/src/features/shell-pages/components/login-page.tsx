import { useIonViewWillEnter, useIonViewWillLeave } from '@ionic/react';
import { labels } from '@localmart/contract';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { authModals } from '../../../lib/auth-modals.ts';
import { HOME_PATH } from '../../../lib/paths.ts';
import { readReturnUrl } from '../../../lib/return-url.ts';
import { HomeContent } from './home-content.tsx';

/**
 * /login: the Stores page with the sign-in dialog over it (spec §2, "Login (modal)"). The dialog is
 * the shared one of lib/auth-modals.ts, opened with the query's return_url. Closing it without
 * signing in leaves for /home; signing in navigates on its own (return_url, or /home from here).
 */
export function LoginPage() {
  const navigate = useNavigate();
  // Read through a ref: Ionic calls the view callbacks it was first given, and the router's
  // location renders this page again before the page is entered again.
  const search = useRef('');
  search.current = useLocation().search;
  // True while this page is the one shown: Ionic keeps it mounted, hidden, in its stack afterwards.
  const active = useRef(false);

  const open = useCallback(() => {
    active.current = true;
    authModals.openLogin({ returnUrl: readReturnUrl(search.current) });
  }, []);

  useIonViewWillEnter(open);
  useIonViewWillLeave(() => {
    active.current = false;
    // Leaving /login (the back button, say) takes its dialog along; signing in closed it already.
    authModals.close('dismissed');
  });

  // react-router hands out a new navigate function on every location change: the effect below must
  // run once per mount, not again when this page is left (it would open sign-in once more).
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    // The first entry too, should the view event have fired before this page subscribed.
    open();
    return authModals.onClose((reason) => {
      if (active.current && reason === 'dismissed') {
        navigateRef.current(HOME_PATH, { replace: true });
      }
    });
  }, [open]);

  return (
    <AppPage title={labels.menuStores}>
      <HomeContent />
    </AppPage>
  );
}
