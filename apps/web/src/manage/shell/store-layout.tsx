import type { ManageMe } from '@localmart/contract';
import { useMemo } from 'react';
import { NavLink, Outlet, useLocation, useParams } from 'react-router-dom';
import { StoreAlertsBar } from '../features/alerts/store-alerts-bar.tsx';
import { StoreAlertsProvider } from '../features/alerts/store-alerts-provider.tsx';
import { STORE_SECTIONS, sitePaths } from '../lib/site-paths.ts';
import { type CurrentStore, StoreProvider } from '../lib/store-context.tsx';
import { useManagedStore } from '../lib/managed-store-api.ts';
import { Empty } from './manage-page.tsx';

/** The store section a path is in ("Orders" for the inbox and each order). */
function sectionOf(pathname: string, businessId: string) {
  const base = sitePaths.store(businessId);
  const first = pathname.startsWith(base) ? (pathname.slice(base.length).split('/')[1] ?? '') : '';
  return STORE_SECTIONS.find((section) => section.path === first);
}

/**
 * Every page of one store: the store's menu on the left (owner-only sections hidden from staff),
 * the page on the right, the store's live alerts above it (issue 14). The server checks access on every call; the menu only spares staff buttons
 * that would be refused.
 */
export function StoreLayout({ me }: { me: ManageMe }) {
  const { businessId = '' } = useParams();
  const { pathname } = useLocation();
  const member = me.stores.some((candidate) => candidate.id === businessId);
  // An admin looking into a store they are not a member of reads its record for its name.
  const record = useManagedStore(businessId, me.isAdmin && !member);
  const adminView = record.data;
  const store = useMemo((): CurrentStore | null => {
    const member = me.stores.find((candidate) => candidate.id === businessId);
    if (member) {
      return {
        businessId,
        name: member.name,
        kind: member.kind,
        status: member.status,
        access: member.role,
        canOwn: member.role !== 'staff',
        timeZone: member.timeZone,
      };
    }
    if (me.isAdmin) {
      return {
        businessId,
        name: adminView?.name ?? 'Loading store…',
        kind: adminView?.kind ?? null,
        status: adminView?.status ?? null,
        access: 'admin',
        canOwn: true,
        timeZone: adminView?.hours.timeZone ?? null,
      };
    }
    return null;
  }, [me, businessId, adminView]);

  if (!store) {
    return (
      <main className="mys-main">
        <Empty title="You do not manage this store.">
          <p>
            <a href={sitePaths.home}>See your stores</a>
          </p>
        </Empty>
      </main>
    );
  }

  const sections = STORE_SECTIONS.filter((section) => store.canOwn || !section.owner);
  const current = sectionOf(pathname, businessId);
  // Staff reaching an owner's page by its address see why, not a form the server would refuse.
  const ownersOnly = current?.owner === true && !store.canOwn;
  return (
    <StoreProvider value={store}>
      <StoreAlertsProvider
        businessId={businessId}
        member={store.access !== 'admin'}
        page={current?.label ?? 'Dashboard'}
      >
        <div className="mys-store">
          <nav className="mys-sidenav" aria-label="Store">
            <p className="mys-store-name">{store.name}</p>
            {store.status && store.status !== 'published' ? (
              <p className="mys-store-status">
                {store.status === 'pending' ? 'Waiting for approval' : 'Changes requested'}
              </p>
            ) : null}
            <ul>
              {sections.map((section) => (
                <li key={section.id}>
                  <NavLink
                    to={sitePaths.store(businessId, section.id)}
                    end={section.id === 'dashboard'}
                  >
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <main className="mys-main">
            <StoreAlertsBar />
            {ownersOnly ? (
              <Empty title={`Only the store's owners and managers can open ${current.label}.`}>
                <p>Ask an owner of {store.name} if you need a change here.</p>
              </Empty>
            ) : (
              <Outlet />
            )}
          </main>
        </div>
      </StoreAlertsProvider>
    </StoreProvider>
  );
}
