import { useIonViewWillEnter, useIonViewWillLeave } from '@ionic/react';
import { labels } from '@localmart/contract';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { HOME_PATH } from '../../../lib/paths.ts';
import { HomeContent } from './home-content.tsx';

/**
 * /login: the Stores page with the sign-in modal over it (spec §2, "Login (modal)"). The form itself
 * arrives with the accounts feature; this proves the route and the overlay.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  // True while the page is being left by navigation: the modal then closes without sending the
  // visitor home (Ionic keeps this page mounted, hidden, in its stack).
  const leaving = useRef(false);

  useIonViewWillEnter(() => {
    leaving.current = false;
    setOpen(true);
  });
  useIonViewWillLeave(() => {
    leaving.current = true;
    setOpen(false);
  });

  function onDidDismiss() {
    setOpen(false);
    if (!leaving.current) navigate(HOME_PATH, { replace: true });
  }

  return (
    <AppPage title={labels.menuStores}>
      <HomeContent />
      <AppModal
        isOpen={open}
        title={labels.signIn}
        onDidDismiss={onDidDismiss}
        onClose={() => setOpen(false)}
      >
        <p className="lm-placeholder-lead">
          Sign in with your email and password, or with Google, to reserve items, check out and
          follow your orders.
        </p>
        <p className="lm-placeholder-note">Signing in will be available here soon.</p>
      </AppModal>
    </AppPage>
  );
}
