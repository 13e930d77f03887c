import { type AdminPaymentAction, formatPrice, PAYMENT_ACTION_LABELS } from '@localmart/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { QueryStates } from '../../components/query-states.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { sitePaths } from '../../lib/site-paths.ts';
import { ManagePage } from '../../shell/manage-page.tsx';
import { useAdminPaymentActions, useRetryPaymentAction } from './admin-api.ts';
import { AdminNav } from './admin-nav.tsx';
import '../../components/buttons.css';
import '../../components/visually-hidden.css';
import './admin.css';

/** A row retried on this visit, where it stood when its button was pressed. */
interface Retried {
  row: AdminPaymentAction;
  index: number;
}

/**
 * The rows to show: the server's list, plus the retried rows it no longer has (they went through)
 * put back where they stood, so their answer stays beside them and the focus stays on the row.
 */
function rowsToShow(current: AdminPaymentAction[], retried: Retried[]): AdminPaymentAction[] {
  const rows = [...current];
  const listed = new Set(current.map((row) => row.id));
  for (const kept of [...retried].sort((a, b) => a.index - b.index)) {
    if (!listed.has(kept.row.id)) rows.splice(Math.min(kept.index, rows.length), 0, kept.row);
  }
  return rows;
}

/** /manage/admin/payments: the payment provider calls that failed, to retry once the cause is fixed. */
export function AdminPaymentsPage() {
  const actions = useAdminPaymentActions();
  const [retried, setRetried] = useState<Retried[]>([]);

  return (
    <ManagePage
      title="Payments"
      subtitle="Card holds, refunds and captures the payment provider refused. Each is retried automatically; retry one now once the cause is fixed."
    >
      <AdminNav />
      <QueryStates
        query={actions}
        isEmpty={(rows) => rows.length === 0 && retried.length === 0}
        emptyTitle="No payment calls need attention."
      >
        {(current) => {
          const rows = rowsToShow(current, retried);
          return (
            <div className="mys-admin-table-wrap">
              <table className="mys-table">
                <thead>
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">What</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Status</th>
                    <th scope="col">Attempts</th>
                    <th scope="col">Last error</th>
                    <th scope="col">
                      <span className="mys-visually-hidden">Retry</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, index) => (
                    <PaymentActionRow
                      key={row.id}
                      row={row}
                      onRetry={() =>
                        setRetried((before) =>
                          before.some((kept) => kept.row.id === row.id)
                            ? before
                            : [...before, { row, index }],
                        )
                      }
                    />
                  ))}
                </tbody>
              </table>
            </div>
          );
        }}
      </QueryStates>
    </ManagePage>
  );
}

function PaymentActionRow({ row, onRetry }: { row: AdminPaymentAction; onRetry: () => void }) {
  // One mutation per row: each button is disabled only while its own call runs.
  const retry = useRetryPaymentAction();
  const answer = retry.data;
  const wentThrough = answer?.ok === true && answer.done;
  const failure = retry.isError
    ? errorMessage(retry.error)
    : answer && !wentThrough
      ? answer.message
      : null;

  return (
    <tr>
      <td>
        <Link to={sitePaths.order(row.businessId, row.orderId)}>Order {row.orderNumber}</Link>
        <br />
        <small>{row.storeName}</small>
      </td>
      <td>{PAYMENT_ACTION_LABELS[row.action]}</td>
      <td>{formatPrice(row.amount)}</td>
      <td>
        {wentThrough ? (
          <span className="mys-badge">Went through</span>
        ) : row.status === 'failed' ? (
          <span className="mys-badge mys-badge-danger">Given up</span>
        ) : row.nextAttemptAt ? (
          `Next try ${formatDateTime(row.nextAttemptAt)}`
        ) : (
          'Waiting for its next try'
        )}
      </td>
      <td>{row.attempts}</td>
      <td className="mys-admin-error">{row.lastError ?? '—'}</td>
      <td>
        <button
          type="button"
          className="mys-plain-button mys-plain-button-small"
          aria-label={`Retry now: order ${row.orderNumber}, ${PAYMENT_ACTION_LABELS[row.action]}`}
          // Kept (disabled) once the call went through, so the focus stays on this row.
          disabled={retry.isPending || wentThrough}
          onClick={() => {
            onRetry();
            retry.mutate(row.id);
          }}
        >
          Retry now
        </button>
        {wentThrough ? <p role="status">{answer.message}</p> : null}
        {failure ? (
          <p className="mys-field-error" role="alert">
            {failure}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
