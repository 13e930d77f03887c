import { isImportFinished } from '@localmart/contract';
import { Link, useParams } from 'react-router-dom';
import { useCurrentStore, useStoreDateTime } from '../../lib/store-context.tsx';
import { sitePaths } from '../../lib/site-paths.ts';
import { Failed, Loading, ManagePage } from '../../shell/manage-page.tsx';
import { FeedDryRun } from './feed-dry-run.tsx';
import { ImportCounts } from './import-counts.tsx';
import { ImportProgressBar, rowsText } from './import-progress.tsx';
import { useImport } from './inventory-api.ts';
import { MODE_HELP, SOURCE_LABELS } from './inventory-page.tsx';
import './inventory.css';

/** One import: what it changed, and every bad row with its line, column and reason. */
export function ImportReportPage() {
  const { businessId } = useCurrentStore();
  const formatWhen = useStoreDateTime();
  const { importId = '' } = useParams();
  const report = useImport(businessId, importId);
  const back = <Link to={sitePaths.store(businessId, 'inventory')}>Back to inventory feeds</Link>;

  if (report.isPending) {
    return (
      <ManagePage title="Import report" actions={back}>
        <Loading label="Loading the report…" />
      </ManagePage>
    );
  }
  if (report.isError) {
    return (
      <ManagePage title="Import report" actions={back}>
        <Failed message={report.error.message} onRetry={() => report.refetch()} />
      </ManagePage>
    );
  }
  const data = report.data;
  const finished = isImportFinished(data.status);
  // A preview (a fetched Full file held for review, docs/decisions/0023, or an upload's dry run
  // opened from the history) is applied from here, with the same confirmation as on upload.
  const preview = data.status === 'preview' && data.dryRun !== null;
  return (
    <ManagePage
      title="Import report"
      subtitle={`${data.filename} · ${formatWhen(data.createdAt)}`}
      actions={back}
    >
      <section className="mys-card" aria-labelledby="inv-summary-title">
        <h2 id="inv-summary-title">Summary</h2>
        <dl className="inv-summary">
          <div>
            <dt>Source</dt>
            <dd>{SOURCE_LABELS[data.source]}</dd>
          </div>
          <div>
            <dt>Mode</dt>
            <dd>{MODE_HELP[data.mode].label}</dd>
          </div>
          <div>
            <dt>Format</dt>
            <dd>{data.format.toUpperCase()}</dd>
          </div>
          <div>
            <dt>Rows in the file</dt>
            <dd>{rowsText(data.rowsTotal)}</dd>
          </div>
          {finished && !preview ? (
            <div>
              <dt>Took</dt>
              <dd>{(data.durationMs / 1000).toFixed(1)} s</dd>
            </div>
          ) : null}
        </dl>
        {finished ? null : <ImportProgressBar report={data} />}
        {data.status === 'failed' && data.failure ? (
          <p className="mys-field-error" role="alert">
            {data.failure}
          </p>
        ) : null}
        {preview ? (
          <FeedDryRun report={data} rechecking={false} onApplied={() => void report.refetch()} />
        ) : (
          <ImportCounts report={data} />
        )}
        {data.notes.length > 0 ? (
          <ul className="inv-notes" aria-label="Notes">
            {data.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        ) : null}
      </section>
      <section className="mys-card" aria-labelledby="inv-errors-title">
        <h2 id="inv-errors-title">Bad rows</h2>
        {data.errors.length === 0 ? (
          <p>
            {preview
              ? 'No bad rows.'
              : finished
                ? 'No bad rows: every row was applied.'
                : 'No bad rows so far.'}
          </p>
        ) : (
          <>
            <p>
              {preview
                ? 'These rows will be skipped; fix them in your file.'
                : 'These rows were skipped; fix them in your file and upload it again.'}
            </p>
            <div className="inv-table-wrap">
              <table className="mys-table" aria-labelledby="inv-errors-title">
                <thead>
                  <tr>
                    <th scope="col">Line</th>
                    <th scope="col">Column</th>
                    <th scope="col">Reason</th>
                  </tr>
                </thead>
                <tbody>
                  {data.errors.map((error) => (
                    <tr key={`${error.line}-${error.column ?? ''}`}>
                      <td>{error.line}</td>
                      <td>{error.column ? <code>{error.column}</code> : '—'}</td>
                      <td>{error.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </ManagePage>
  );
}
