import {
  type AdminBusinessRow,
  BUSINESS_STATUS_LABELS,
  BUSINESS_STATUSES,
  type BusinessStatus,
} from '@localmart/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { StoreStatusBadge } from '../../components/store-status-badge.tsx';
import { sitePaths } from '../../lib/site-paths.ts';
import { Empty, Failed, Loading, ManagePage } from '../../shell/manage-page.tsx';
import { AdminNav } from './admin-nav.tsx';
import { useAdminStores } from './admin-api.ts';
import './admin.css';

const dateTime = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'short' });

export function formatWhen(iso: string | null): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

/** /manage/admin: the stores waiting for approval (and the published and rejected ones). */
export function AdminStoresPage() {
  const [status, setStatus] = useState<BusinessStatus>('pending');
  // The cursors of the pages walked so far: "Previous" pops, "Next" pushes.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const stores = useAdminStores(status, cursor);

  const choose = (next: BusinessStatus) => {
    setStatus(next);
    setCursors([null]);
  };

  return (
    <ManagePage
      title="Stores to review"
      subtitle="Approve new stores before shoppers can see them."
    >
      <AdminNav />
      <div className="mys-admin-tabs" role="group" aria-label="Store status">
        {BUSINESS_STATUSES.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={status === option}
            onClick={() => choose(option)}
          >
            {BUSINESS_STATUS_LABELS[option]}
          </button>
        ))}
      </div>
      {stores.isPending ? (
        <Loading />
      ) : stores.isError ? (
        <Failed message={stores.error.message} onRetry={() => void stores.refetch()} />
      ) : stores.data.items.length === 0 ? (
        <Empty title={`No stores: ${BUSINESS_STATUS_LABELS[status].toLowerCase()}`} />
      ) : (
        <>
          <div className="mys-admin-table-wrap">
            <StoresTable rows={stores.data.items} />
          </div>
          <div className="mys-admin-actions">
            {cursors.length > 1 ? (
              <button type="button" onClick={() => setCursors(cursors.slice(0, -1))}>
                Previous page
              </button>
            ) : null}
            {stores.data.nextCursor ? (
              <button
                type="button"
                onClick={() => setCursors([...cursors, stores.data.nextCursor])}
              >
                Next page
              </button>
            ) : null}
          </div>
        </>
      )}
    </ManagePage>
  );
}

function StoresTable({ rows }: { rows: AdminBusinessRow[] }) {
  return (
    <table className="mys-table">
      <thead>
        <tr>
          <th scope="col">Store</th>
          <th scope="col">Type</th>
          <th scope="col">Address</th>
          <th scope="col">Owner</th>
          <th scope="col">Submitted</th>
          <th scope="col">Documents</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>
              <Link to={sitePaths.adminStore(row.id)}>{row.name}</Link>
            </td>
            <td>
              {row.kind} · {row.type}
            </td>
            <td>{row.addressLine}</td>
            <td>{row.owner ? `${row.owner.name} (${row.owner.email})` : '—'}</td>
            <td>{formatWhen(row.submittedAt)}</td>
            <td>{row.documentsCount}</td>
            <td>
              <StoreStatusBadge status={row.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
