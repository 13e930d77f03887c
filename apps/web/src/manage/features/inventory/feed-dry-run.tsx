import {
  FEED_MAP_TARGETS,
  FEED_TARGET_LABELS,
  type FeedColumnMap,
  type FeedMapTarget,
  feedErrorsCsv,
  feedMessages,
  type InventoryImportReport,
  normalizeFeedHeader,
} from '@localmart/contract';
import { type FormEvent, useState } from 'react';
import { useCurrentStore } from '../../lib/store-context.tsx';
import { rowsText } from './import-progress.tsx';
import { downloadText, getImport, useApplyFeed } from './inventory-api.ts';
import './inventory.css';

/** The dry run's five numbers, in the order an owner reads them. */
function DryRunCounts({ dryRun }: { dryRun: NonNullable<InventoryImportReport['dryRun']> }) {
  const items: [string, number, string?][] = [
    ['New items', dryRun.newItems],
    ['Updated', dryRun.updated],
    ['Unchanged', dryRun.unchanged],
    ['Set out of stock', dryRun.outOfStock, dryRun.outOfStock > 0 ? 'inv-dry-warn' : undefined],
    ['Rows with errors', dryRun.errors, dryRun.errors > 0 ? 'inv-dry-bad' : undefined],
  ];
  return (
    <ul className="inv-dry-counts" aria-label="What this file will do">
      {items.map(([label, value, tone]) => (
        <li key={label} className={tone}>
          <strong>{rowsText(value)}</strong>
          <span>{label}</span>
        </li>
      ))}
    </ul>
  );
}

/** How each column of the file is read, editable: the choice is remembered for the store. */
function ColumnMapping({
  report,
  onRecheck,
  busy,
}: {
  report: InventoryImportReport;
  onRecheck: (columns: FeedColumnMap) => void;
  busy: boolean;
}) {
  const columns = report.dryRun?.columns ?? [];
  const [choices, setChoices] = useState<Record<string, FeedMapTarget>>(() =>
    Object.fromEntries(columns.map((column) => [column.header, column.target])),
  );
  const changed = columns.some((column) => choices[column.header] !== column.target);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRecheck(
      Object.fromEntries(
        columns.map((column) => [
          normalizeFeedHeader(column.header),
          choices[column.header] ?? column.target,
        ]),
      ),
    );
  };
  return (
    <form className="inv-mapping" onSubmit={submit} aria-labelledby="inv-mapping-title">
      <h3 id="inv-mapping-title">Columns in your file</h3>
      <p className="inv-hint">
        Tell us what a column holds if we read it wrong; we remember it for your next files.
      </p>
      <ul className="inv-mapping-list">
        {columns.map((column, index) => (
          <li key={column.header}>
            <label htmlFor={`inv-map-${index}`}>
              <code>{column.header}</code>
            </label>
            <select
              id={`inv-map-${index}`}
              value={choices[column.header] ?? column.target}
              onChange={(event) =>
                setChoices({ ...choices, [column.header]: event.target.value as FeedMapTarget })
              }
            >
              {FEED_MAP_TARGETS.map((target) => (
                <option key={target} value={target}>
                  {FEED_TARGET_LABELS[target]}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
      {changed ? (
        <button className="mys-action-button mys-action-button-quiet" type="submit" disabled={busy}>
          {busy ? 'Checking…' : 'Check again with these columns'}
        </button>
      ) : null}
    </form>
  );
}

/**
 * The dry run of an upload (docs/decisions/0019): what the file will do, its bad rows as a CSV,
 * the column mapping, and Apply. A Full file is applied by the owner only, after typing how many
 * items go out of stock.
 */
export function FeedDryRun({
  report,
  onRecheck,
  rechecking,
  onApplied,
}: {
  report: InventoryImportReport;
  /** Absent for a file fetched from the store's address (no file here to check again). */
  onRecheck?: ((columns: FeedColumnMap) => void) | undefined;
  rechecking: boolean;
  onApplied: (importId: string) => void;
}) {
  const { businessId, canOwn } = useCurrentStore();
  const dryRun = report.dryRun;
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const applying = useApplyFeed(businessId);
  if (!dryRun) return null;
  const full = report.mode === 'full';
  const needsCount = full && dryRun.outOfStock > 0;
  const goodRows = dryRun.newItems + dryRun.updated + dryRun.unchanged;

  const downloadErrors = async () => {
    // The preview's answer holds the first rows; the import itself has them all.
    const all = report.errorsTruncated ? await getImport(businessId, report.id) : report;
    downloadText(feedErrorsCsv(all.errors), `${report.filename.replace(/\.\w+$/, '')}-errors.csv`);
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    let confirm: number | undefined;
    if (needsCount) {
      confirm = Number(typed.trim());
      if (typed.trim() === '' || confirm !== dryRun.outOfStock) {
        setProblem(feedMessages.confirmMismatch(dryRun.outOfStock));
        return;
      }
    }
    applying.mutate(
      { importId: report.id, ...(confirm === undefined ? {} : { confirm }) },
      {
        onSuccess: (answer) =>
          answer.ok ? onApplied(answer.report.id) : setProblem(answer.message),
        onError: () =>
          setProblem('The feed could not be applied. Check your connection and try again.'),
      },
    );
  };

  return (
    <section className="inv-dry" aria-labelledby="inv-dry-title">
      <h3 id="inv-dry-title">What this file will do</h3>
      <p className="inv-hint">{feedMessages.previewReady}</p>
      <DryRunCounts dryRun={dryRun} />
      {report.notes.length > 0 ? (
        <ul className="inv-notes" aria-label="Notes">
          {report.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      {report.errors.length > 0 ? (
        <div className="inv-dry-errors">
          <p>
            {rowsText(dryRun.errors)} {dryRun.errors === 1 ? 'row has' : 'rows have'} errors and
            will be skipped. First:
          </p>
          <ul>
            {report.errors.slice(0, 5).map((error) => (
              <li key={`${error.line}-${error.column ?? ''}`}>
                Line {error.line}: {error.reason}
              </li>
            ))}
          </ul>
          <button
            className="mys-action-button mys-action-button-quiet"
            type="button"
            onClick={() => void downloadErrors()}
          >
            Download the errors (CSV)
          </button>
        </div>
      ) : null}
      {full && dryRun.outOfStock > 0 ? (
        <div className="inv-dry-zeroed">
          <p>
            <strong>Full mode:</strong> {rowsText(dryRun.outOfStock)}{' '}
            {dryRun.outOfStock === 1 ? 'item is' : 'items are'} not in this file and will be set out
            of stock, for example:
          </p>
          <ul>
            {dryRun.outOfStockSample.slice(0, 5).map((item, index) => (
              <li key={`${item.sku ?? ''}-${index}`}>
                {item.title}
                {item.sku ? ` (${item.sku})` : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {onRecheck ? (
        <ColumnMapping key={report.id} report={report} onRecheck={onRecheck} busy={rechecking} />
      ) : null}
      {full && !canOwn ? (
        <p className="mys-field-error" role="alert">
          {feedMessages.fullNeedsOwner}
        </p>
      ) : (
        <form className="inv-apply" onSubmit={apply} noValidate>
          {needsCount ? (
            <div className="mys-field">
              <label htmlFor="inv-confirm">
                {feedMessages.confirmOutOfStock(dryRun.outOfStock)}
              </label>
              <input
                id="inv-confirm"
                inputMode="numeric"
                autoComplete="off"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
              />
            </div>
          ) : null}
          {problem ? (
            <p className="mys-field-error" role="alert">
              {problem}
            </p>
          ) : null}
          <button
            className="mys-action-button"
            type="submit"
            disabled={applying.isPending || (goodRows === 0 && dryRun.outOfStock === 0)}
          >
            {applying.isPending
              ? 'Applying…'
              : goodRows === 0 && dryRun.outOfStock === 0
                ? 'Nothing to apply'
                : `Apply ${rowsText(goodRows)} ${goodRows === 1 ? 'row' : 'rows'}`}
          </button>
        </form>
      )}
    </section>
  );
}
