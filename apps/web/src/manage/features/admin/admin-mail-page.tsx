import type { AdminMailJob } from '@localmart/contract';
import { QueryStates } from '../../components/query-states.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { ManagePage } from '../../shell/manage-page.tsx';
import { useAdminMailJobs, useRetryMailJob } from './admin-api.ts';
import { AdminNav } from './admin-nav.tsx';
import '../../components/buttons.css';
import '../../components/visually-hidden.css';
import './admin.css';

/** /manage/admin/mail: emails the mail server refused, beside the payment calls; retry once fixed. */
export function AdminMailPage() {
  const jobs = useAdminMailJobs();
  return (
    <ManagePage
      title="Mail"
      subtitle="Emails the mail server did not accept. Each is retried automatically for about a day; send one again now once the cause is fixed."
    >
      <AdminNav />
      <QueryStates
        query={jobs}
        isEmpty={(rows) => rows.length === 0}
        emptyTitle="No emails need attention."
      >
        {(rows) => (
          <div className="mys-admin-table-wrap">
            <table className="mys-table">
              <thead>
                <tr>
                  <th scope="col">To</th>
                  <th scope="col">Subject</th>
                  <th scope="col">Status</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Last error</th>
                  <th scope="col">
                    <span className="mys-visually-hidden">Retry</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <MailJobRow key={row.id} row={row} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryStates>
    </ManagePage>
  );
}

function MailJobRow({ row }: { row: AdminMailJob }) {
  const retry = useRetryMailJob();
  const answer = retry.data;
  const failure = retry.isError
    ? errorMessage(retry.error)
    : answer && !answer.ok
      ? answer.message
      : null;
  return (
    <tr>
      <td>{row.to}</td>
      <td>{row.subject}</td>
      <td>
        {row.status === 'failed' ? (
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
          aria-label={`Send again now: ${row.subject} to ${row.to}`}
          disabled={retry.isPending || answer?.ok === true}
          onClick={() => retry.mutate(row.id)}
        >
          Send again now
        </button>
        {answer?.ok ? <p role="status">{answer.message}</p> : null}
        {failure ? (
          <p className="mys-field-error" role="alert">
            {failure}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
