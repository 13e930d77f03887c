import {
  type AdminBrandPartner,
  adminBrandPartnersResponse,
  brandPaths,
  isSuccess,
} from '@localmart/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryStates } from '../../components/query-states.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { http } from '../../../lib/http.ts';
import { resultsOf } from '../../lib/api-answer.ts';
import { ManagePage } from '../../shell/manage-page.tsx';
import { AdminNav } from './admin-nav.tsx';
import '../../components/buttons.css';
import './admin.css';

const partnersKey = ['manage', 'admin', 'brand-partners'] as const;

const STATUS_TEXT = { pending: 'Waiting', approved: 'Approved', rejected: 'Rejected' } as const;

/**
 * /manage/admin/brand-partners: organisations asking to supply the content of their brands'
 * products (ADR 0022). Check who asks (their address, what they claim) before approving: an
 * approved partner's content is what every store selling its GTINs shows.
 */
export function AdminBrandPartnersPage() {
  const partners = useQuery({
    queryKey: partnersKey,
    queryFn: async () =>
      resultsOf(await http.get(brandPaths.adminList, undefined, adminBrandPartnersResponse)),
  });
  return (
    <ManagePage
      title="Brand partners"
      subtitle="Brands asking to supply product content. Once approved, their content is what every store selling their barcodes shows."
    >
      <AdminNav />
      <QueryStates
        query={partners}
        isEmpty={(rows) => rows.length === 0}
        emptyTitle="No brand partner has applied yet."
      >
        {(rows) => (
          <ul className="mys-admin-brands" aria-label="Brand partner applications">
            {rows.map((row) => (
              <PartnerRow key={row.id} row={row} />
            ))}
          </ul>
        )}
      </QueryStates>
    </ManagePage>
  );
}

function PartnerRow({ row }: { row: AdminBrandPartner }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: async (decision: 'approve' | 'reject') => {
      const answer =
        decision === 'approve'
          ? await http.postJson(brandPaths.adminApprove(row.id), {})
          : await http.postJson(brandPaths.adminReject(row.id), { reason: reason.trim() });
      return { ok: isSuccess(answer), message: answer.message ?? '' };
    },
    onSuccess: (answer) => {
      if (answer.ok) void queryClient.invalidateQueries({ queryKey: partnersKey });
    },
  });
  const failure = decide.isError
    ? errorMessage(decide.error)
    : decide.data && !decide.data.ok
      ? decide.data.message
      : null;
  return (
    <li className="mys-card mys-admin-brand">
      <div className="mys-admin-brand-head">
        <strong>{row.name}</strong>
        <span className={`mys-badge${row.status === 'pending' ? ' mys-badge-warning' : ''}`}>
          {STATUS_TEXT[row.status]}
        </span>
      </div>
      <dl className="mys-admin-brand-facts">
        <dt>Brands</dt>
        <dd>{row.brands.join(', ') || '—'}</dd>
        <dt>GS1 prefixes</dt>
        <dd>{row.gtinPrefixes.join(', ') || '—'}</dd>
        <dt>Applicant</dt>
        <dd>
          {row.applicantName} ({row.applicantEmail}), {formatDateTime(row.createdAt)}
        </dd>
        {row.note ? (
          <>
            <dt>Their note</dt>
            <dd>{row.note}</dd>
          </>
        ) : null}
        {row.rejectionReason ? (
          <>
            <dt>Reason given</dt>
            <dd>{row.rejectionReason}</dd>
          </>
        ) : null}
      </dl>
      {row.status === 'pending' ? (
        <div className="mys-admin-brand-actions">
          <button
            type="button"
            className="mys-plain-button mys-plain-button-primary"
            aria-label={`Approve ${row.name}`}
            disabled={decide.isPending}
            onClick={() => decide.mutate('approve')}
          >
            Approve
          </button>
          <label className="mys-field">
            <span>Reason if you reject (the applicant sees it)</span>
            <input value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
          <button
            type="button"
            className="mys-plain-button mys-plain-button-danger"
            aria-label={`Reject ${row.name}`}
            disabled={decide.isPending}
            onClick={() => decide.mutate('reject')}
          >
            Reject
          </button>
        </div>
      ) : null}
      {decide.data?.ok ? <p role="status">{decide.data.message}</p> : null}
      {failure ? (
        <p className="mys-field-error" role="alert">
          {failure}
        </p>
      ) : null}
    </li>
  );
}
