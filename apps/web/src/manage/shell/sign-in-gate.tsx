import { IonButton } from '@ionic/react';
import { useLocation } from 'react-router-dom';
import { sitePaths } from '../lib/site-paths.ts';

/** Shown instead of the site to a visitor who is not signed in: the shopper app's sign-in brings them back. */
export function SignInGate() {
  const location = useLocation();
  // return_url=manage lands on the shopper app's /manage, which hands over to this site; `next`
  // then brings the owner back to the page they asked for.
  const returnTo = `manage?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
  return (
    <main className="mys-gate">
      <div className="mys-card">
        <h1>Manage Your Store</h1>
        <p>
          Sign in with your Localmart account to run your store: orders, inventory feeds, flyers and
          more. New here? Sign in or create an account, then create your store.
        </p>
        <IonButton href={sitePaths.signIn(returnTo)}>Sign in</IonButton>
      </div>
    </main>
  );
}
