import {
  ADMIN_REVIEW_NOTE_MAX,
  type AdminBusinessDetail,
  adminMessages,
  formatMoney,
  WEEKDAYS,
} from '@localmart/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { sitePaths } from '../../lib/site-paths.ts';
import { Failed, Loading, ManagePage } from '../../shell/manage-page.tsx';
import { downloadDocument, useAdminStore, useReviewStore } from './admin-api.ts';
import { StoreStatusBadge } from '../../components/store-status-badge.tsx';
import { formatWhen } from './admin-stores-page.tsx';
import './admin.css';

/** /manage/admin/stores/:businessId: everything about a store an admin decides on, and the decision. */
export function AdminStorePage() {
  const { businessId = '' } = useParams();
  const store = useAdminStore(businessId);
  return (
    <ManagePage
      title={store.data ? store.data.name : 'Review store'}
      subtitle={<Link to={sitePaths.admin}>All stores to review</Link>}
      actions={store.data ? <StoreStatusBadge status={store.data.status} /> : null}
    >
      {store.isPending ? (
        <Loading />
      ) : store.isError ? (
        <Failed message={store.error.message} onRetry={() => void store.refetch()} />
      ) : (
        <StoreReview store={store.data} />
      )}
    </ManagePage>
  );
}

function StoreReview({ store }: { store: AdminBusinessDetail }) {
  return (
    <>
      <Decision store={store} />
      <div className="mys-admin-grid">
        <section className="mys-card" aria-labelledby="admin-profile">
          <h2 id="admin-profile">Profile</h2>
          <dl className="mys-admin-facts">
            <dt>Kind</dt>
            <dd>
              {store.kind} · {store.type}
            </dd>
            <dt>Store code</dt>
            <dd>{store.storeCode}</dd>
            <dt>Description</dt>
            <dd>{store.description || '—'}</dd>
            <dt>Phone</dt>
            <dd>{store.phone}</dd>
            <dt>Email</dt>
            <dd>{store.email}</dd>
            <dt>Website</dt>
            <dd>{store.website ?? '—'}</dd>
            <dt>Owner</dt>
            <dd>{store.owner ? `${store.owner.name} (${store.owner.email})` : '—'}</dd>
            <dt>Submitted</dt>
            <dd>{formatWhen(store.submittedAt)}</dd>
          </dl>
        </section>
        <section className="mys-card" aria-labelledby="admin-location">
          <h2 id="admin-location">Location</h2>
          <dl className="mys-admin-facts">
            <dt>Address</dt>
            <dd>
              {[
                store.address.line1,
                store.address.line2,
                store.address.city,
                store.address.region,
                store.address.postalCode,
                store.address.country,
              ]
                .filter(Boolean)
                .join(', ')}
            </dd>
            <dt>Coordinates</dt>
            <dd>
              {store.lat.toFixed(5)}, {store.lng.toFixed(5)}
            </dd>
            <dt>Time zone</dt>
            <dd>{store.hours.timeZone}</dd>
          </dl>
        </section>
        <section className="mys-card" aria-labelledby="admin-hours">
          <h2 id="admin-hours">Hours</h2>
          <dl className="mys-admin-facts">
            {WEEKDAYS.map((day) => (
              <HoursRow
                key={day}
                day={day}
                text={
                  store.hours.weekly[day].map((i) => `${i.open}-${i.close}`).join(', ') || 'Closed'
                }
              />
            ))}
          </dl>
        </section>
        <section className="mys-card" aria-labelledby="admin-fulfilment">
          <h2 id="admin-fulfilment">Fulfilment and tax</h2>
          <dl className="mys-admin-facts">
            <dt>Reserve for pickup</dt>
            <dd>{store.fulfilment.reservePickup ? 'Yes' : 'No'}</dd>
            <dt>Buy online, pick up</dt>
            <dd>{store.fulfilment.buyOnlinePickup ? 'Yes' : 'No'}</dd>
            <dt>Same-day delivery</dt>
            <dd>
              {store.fulfilment.sameDayDelivery && store.delivery
                ? `${store.delivery.radiusKm} km, fee ${formatMoney(store.delivery.fee.amount, store.delivery.fee.currency)}, cut-off ${store.delivery.cutoffTime}`
                : 'No'}
            </dd>
            <dt>Ready in</dt>
            <dd>{store.pickupReadyMinutes === null ? '—' : `${store.pickupReadyMinutes} min`}</dd>
            <dt>Tax rate</dt>
            <dd>{(store.taxRateBps / 100).toFixed(2)} %</dd>
          </dl>
        </section>
      </div>
      <section className="mys-card" aria-labelledby="admin-documents">
        <h2 id="admin-documents">Documents</h2>
        <Documents store={store} />
      </section>
    </>
  );
}

function HoursRow({ day, text }: { day: string; text: string }) {
  return (
    <>
      <dt>{day.charAt(0).toUpperCase() + day.slice(1)}</dt>
      <dd>{text}</dd>
    </>
  );
}

function Documents({ store }: { store: AdminBusinessDetail }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (store.documents.length === 0) return <p>No documents were uploaded.</p>;
  return (
    <>
      <ul>
        {store.documents.map((document) => (
          <li key={document.id}>
            {document.filename} ({Math.ceil(document.byteSize / 1024)} KB, {document.contentType}){' '}
            <button
              className="mys-admin-button mys-admin-button-outline"
              type="button"
              aria-label={`Download ${document.filename}`}
              onClick={() => {
                setFailed(null);
                void downloadDocument(store.id, document.id, document.filename).then((ok) => {
                  if (!ok) setFailed(`Could not download ${document.filename}.`);
                });
              }}
            >
              Download
            </button>
          </li>
        ))}
      </ul>
      {failed ? (
        <p className="mys-field-error" role="alert">
          {failed}
        </p>
      ) : null}
    </>
  );
}

function Decision({ store }: { store: AdminBusinessDetail }) {
  const review = useReviewStore(store.id);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const result = review.data;

  const reject = () => {
    if (note.trim() === '') {
      setNoteError(adminMessages.noteRequired);
      return;
    }
    setNoteError(null);
    review.mutate({ decision: 'reject', note: note.trim() });
  };

  return (
    <section className="mys-card mys-admin-decision" aria-labelledby="admin-decision">
      <h2 id="admin-decision">Decision</h2>
      <p>
        Status: <StoreStatusBadge status={store.status} />
        {store.reviewedAt ? (
          <>
            {' '}
            · reviewed {formatWhen(store.reviewedAt)}
            {store.reviewedBy ? ` by ${store.reviewedBy.name}` : ''}
          </>
        ) : null}
      </p>
      {store.reviewNote ? <p>Note to the owner: {store.reviewNote}</p> : null}
      {result ? (
        <p role="status" className={result.ok ? undefined : 'mys-field-error'}>
          {result.message}
        </p>
      ) : null}
      <label className="mys-field">
        Note to the owner (required to request changes)
        <textarea
          value={note}
          maxLength={ADMIN_REVIEW_NOTE_MAX}
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={noteError !== null}
          aria-describedby={noteError ? 'admin-note-error' : undefined}
        />
      </label>
      {noteError ? (
        <p id="admin-note-error" className="mys-field-error" role="alert">
          {noteError}
        </p>
      ) : null}
      <div className="mys-admin-actions">
        <button
          className="mys-admin-button"
          type="button"
          disabled={review.isPending || store.status === 'published'}
          onClick={() => review.mutate({ decision: 'approve' })}
        >
          Approve
        </button>
        <button
          className="mys-admin-button mys-admin-button-danger"
          type="button"
          disabled={review.isPending}
          onClick={reject}
        >
          Request changes
        </button>
      </div>
    </section>
  );
}
