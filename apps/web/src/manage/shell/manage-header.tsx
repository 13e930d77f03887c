import type { ManageMe } from '@localmart/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { sitePaths } from '../lib/site-paths.ts';
import { signOut } from './sign-out.ts';

/**
 * The top bar: the site's name, the admin area for admins, the signed-in user, the way back to
 * shopping, and Sign out (a store's computer is often shared at the counter).
 */
export function ManageHeader({ me }: { me: ManageMe }) {
  const [leaving, setLeaving] = useState(false);
  return (
    <header className="mys-topbar">
      <Link to={sitePaths.home} className="mys-brand">
        Manage Your Store
      </Link>
      <nav aria-label="Site" className="mys-topnav">
        {me.isAdmin ? <Link to={sitePaths.admin}>Admin</Link> : null}
        <Link to={sitePaths.brands}>Brands</Link>
        <span className="mys-user" title={me.user.email}>
          {me.user.name}
        </span>
        <a href="/home">Back to shopping</a>
        <button
          type="button"
          className="mys-topbar-button"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void signOut();
          }}
        >
          {leaving ? 'Signing out…' : 'Sign out'}
        </button>
      </nav>
    </header>
  );
}
