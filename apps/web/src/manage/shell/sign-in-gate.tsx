import { INVITATION_PAGE } from '@localmart/contract';
import { useLocation } from 'react-router-dom';
import { sitePaths } from '../lib/site-paths.ts';
import '../components/buttons.css';

/** Shown instead of the site to a visitor who is not signed in: the shopper app's sign-in brings them back. */
export function SignInGate() {
  const location = useLocation();
  // return_url=manage lands on the shopper app's /manage, which hands over to this site; `next`
  // then brings the owner back to the page they asked for.
  const returnTo = `manage?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
  // An emailed invitation link: the invitee may have no account yet, and must use the invited address.
  if (location.pathname.startsWith(`${INVITATION_PAGE}/`)) {
    return (
      <main className="mys-gate">
        <div className="mys-card">
          <h1>You're invited to help manage a store</h1>
          <p>
            Sign in with the email address the invitation was sent to, or create a Localmart account
            with it. You will then see the store and can accept or decline; nothing changes before
            you do.
          </p>
          <a className="mys-action-button mys-link-as-button" href={sitePaths.signIn(returnTo)}>
            Sign in or create an account
          </a>
        </div>
      </main>
    );
  }
  return (
    <main className="mys-gate">
      <div className="mys-card">
        <h1>Manage Your Store</h1>
        <p>
          Sign in with your Localmart account to run your store: orders, inventory feeds, flyers and
          more. New here? Sign in or create an account, then create your store.
        </p>
        <a className="mys-action-button mys-link-as-button" href={sitePaths.signIn(returnTo)}>
          Sign in
        </a>
      </div>
    </main>
  );
}
