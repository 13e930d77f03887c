import {
  type ImportStatus,
  type InventoryImportReport,
  type InventoryImportSummary,
  isImportFinished,
} from '@localmart/contract';
import { Link } from 'react-router-dom';
import { sitePaths } from '../../lib/site-paths.ts';
import { Failed } from '../../shell/manage-page.tsx';
import { useImport } from './inventory-api.ts';
import { ImportCounts } from './import-counts.tsx';
import './inventory.css';

/** Bad rows shown right under the upload; the import's page lists them all. */
const ERRORS_SHOWN = 10;

export const STATUS_LABELS: Record<ImportStatus, string> = {
  preview: 'Checked, not applied',
  queued: 'Waiting to start',
  running: 'Applying',
  done: 'Done',
  failed: 'Stopped',
};

export const rowsText = (count: number) => count.toLocaleString('en-CA');

/** "1,200 of 5,000 rows" as a bar (role progressbar) and in words. */
export function ImportProgressBar({ report }: { report: InventoryImportSummary }) {
  const percent = report.rowsTotal > 0 ? Math.floor((report.rowsDone / report.rowsTotal) * 100) : 0;
  const words = `${rowsText(report.rowsDone)} of ${rowsText(report.rowsTotal)} rows`;
  return (
    <div className="inv-progress">
      <div
        className="inv-progress-track"
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={report.rowsTotal}
        aria-valuenow={report.rowsDone}
        aria-valuetext={words}
      >
        <div className="inv-progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="inv-progress-text">
        <span>{words}</span>{' '}
        <span className="inv-progress-status">{STATUS_LABELS[report.status]}…</span>
      </p>
    </div>
  );
}

/** The finished import under the upload form: the counts, the first bad rows, the failure if any. */
function ImportOutcome({
  businessId,
  report,
}: {
  businessId: string;
  report: InventoryImportReport;
}) {
  const shown = report.errors.slice(0, ERRORS_SHOWN);
  return (
    <>
      {report.status === 'failed' ? (
        <p className="mys-field-error" role="alert">
          {report.failure ?? 'The import stopped before the end.'}
        </p>
      ) : (
        <p>
          <strong>{report.filename}</strong> imported.
        </p>
      )}
      <ImportCounts report={report} />
      {shown.length > 0 ? (
        <div className="inv-table-wrap">
          <table className="mys-table inv-errors-brief" aria-label="Bad rows in this file">
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((error) => (
                <tr key={`${error.line}-${error.column ?? ''}`}>
                  <td>{error.line}</td>
                  <td>{error.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {report.rowsFailed > shown.length ? (
        <p>
          {rowsText(report.rowsFailed - shown.length)} more bad rows are listed in the import
          report.
        </p>
      ) : null}
      <Link to={sitePaths.inventoryImport(businessId, report.id)}>View the import report</Link>
    </>
  );
}

/**
 * The import just uploaded: its progress, asked for every second while its job runs, then what it
 * did. Starts from the upload's own answer, so the bar shows at once.
 */
export function ImportProgress({ businessId, importId }: { businessId: string; importId: string }) {
  const query = useImport(businessId, importId);
  if (query.isError && !query.data) {
    return <Failed message={query.error.message} onRetry={() => query.refetch()} />;
  }
  const report = query.data;
  if (!report) return null;
  return (
    <div className="inv-result" role="status" aria-live="polite">
      {isImportFinished(report.status) ? (
        <ImportOutcome businessId={businessId} report={report} />
      ) : (
        <>
          <p>
            <strong>{report.filename}</strong> received. Its rows are being applied; you can leave
            this page, the import goes on.
          </p>
          <ImportProgressBar report={report} />
        </>
      )}
    </div>
  );
}
