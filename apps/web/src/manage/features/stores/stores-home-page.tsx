import { type ManagedStore, STORE_KIND_LABELS } from '@localmart/contract';
import { Link } from 'react-router-dom';
import { StoreStatusBadge } from '../../components/store-status-badge.tsx';
import { sitePaths } from '../../lib/site-paths.ts';
import { useManageMe } from '../../lib/use-manage-me.ts';
import { Empty, Failed, Loading, ManagePage } from '../../shell/manage-page.tsx';
import { useManagedStore } from '../../lib/managed-store-api.ts';
import './stores-home.css';

/** The admin's note on a rejected store, read from the store's own record (only the owner's). */
function ReviewNote({ businessId }: { businessId: string }) {
  const store = useManagedStore(businessId);
  const note = store.data?.reviewNote;
  if (!note) return null;
  return <p className="mys-review-note">Note from Localmart: {note}</p>;
}

function StoreCard({ store }: { store: ManagedStore }) {
  return (
    <li className="mys-card mys-store-card">
      <div className="mys-store-card-head">
        <h2>
          <Link to={sitePaths.store(store.id)}>{store.name}</Link>
        </h2>
        <StoreStatusBadge status={store.status} />
      </div>
      <p className="mys-muted">
        {STORE_KIND_LABELS[store.kind]} · {store.role === 'owner' ? 'Owner' : 'Staff'}
      </p>
      {store.status === 'rejected' && store.role === 'owner' ? (
        <ReviewNote businessId={store.id} />
      ) : null}
      {store.status === 'pending' ? (
        <p className="mys-muted">Shoppers will see it once an administrator approves it.</p>
      ) : null}
    </li>
  );
}

const createButton = (
  <Link className="mys-button mys-link-as-button" to={sitePaths.newStore}>
    Create a store
  </Link>
);

/** /manage: the stores the user manages, or what the site is for and how to start. */
export function StoresHomePage() {
  const me = useManageMe();
  if (me.isPending) return <Loading />;
  if (me.isError) return <Failed message={me.error.message} onRetry={() => void me.refetch()} />;
  const stores = me.data.stores;
  if (stores.length === 0) {
    return (
      <ManagePage title="Manage Your Store">
        <Empty title="Sell to shoppers nearby on Localmart">
          <p>
            Manage Your Store is where shops, restaurants and services put their stock online,
            upload inventory feeds and answer orders. Create your store: an administrator checks it,
            then shoppers can find it, reserve items and order for pickup or delivery.
          </p>
          {createButton}
        </Empty>
      </ManagePage>
    );
  }
  return (
    <ManagePage title="Your stores" actions={createButton}>
      <ul className="mys-store-list">
        {stores.map((store) => (
          <StoreCard key={store.id} store={store} />
        ))}
      </ul>
    </ManagePage>
  );
}
