import type { ManageMe } from '@localmart/contract';
import { Link } from 'react-router-dom';
import { sitePaths } from '../lib/site-paths.ts';

/** The top bar: the site's name, the admin area for admins, the signed-in user, and the way back to shopping. */
export function ManageHeader({ me }: { me: ManageMe }) {
  return (
    <header className="mys-topbar">
      <Link to={sitePaths.home} className="mys-brand">
        Manage Your Store
      </Link>
      <nav aria-label="Site" className="mys-topnav">
        {me.isAdmin ? <Link to={sitePaths.admin}>Admin</Link> : null}
        <span className="mys-user" title={me.user.email}>
          {me.user.name}
        </span>
        <a href="/home">Back to shopping</a>
      </nav>
    </header>
  );
}
