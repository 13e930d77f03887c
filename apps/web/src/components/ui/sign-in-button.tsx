import { IonIcon } from '@ionic/react';
import { logInOutline } from 'ionicons/icons';
import { authModals } from '../../lib/auth-modals.ts';
import { useSession } from '../../lib/storage.ts';
import './sign-in-button.css';

/** The header's way in for a visitor (issue 17); the side menu says the same words. */
export const HEADER_SIGN_IN_LABEL = 'Sign in';

/**
 * The toolbar's "Sign in" for a visitor: it opens the spec's login dialog (which links on to Create
 * Account), and after signing in the dialogs re-open the page the visitor is on (spec §2). It takes the
 * cart's place: shown exactly while the cart button is not.
 */
export function SignInButton() {
  const { isLoggedIn } = useSession();
  if (isLoggedIn) return null;
  return (
    <button type="button" className="lm-sign-in-button" onClick={() => authModals.openLogin()}>
      <IonIcon icon={logInOutline} aria-hidden="true" />
      <span>{HEADER_SIGN_IN_LABEL}</span>
    </button>
  );
}
