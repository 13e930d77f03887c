import {
  FEED_COLUMNS,
  FEED_TEMPLATE_CSV,
  type FeedColumnMap,
  type FeedMode,
  type InventoryImportReport,
  isImportFinished,
} from '@localmart/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { useCurrentStore, useStoreDateTime } from '../../lib/store-context.tsx';
import { sitePaths } from '../../lib/site-paths.ts';
import { Empty, Failed, Loading, ManagePage } from '../../shell/manage-page.tsx';
import { ImportProgress, rowsText, STATUS_LABELS } from './import-progress.tsx';
import { downloadText, useImports, useUploadFeed } from './inventory-api.ts';
import { FeedDryRun } from './feed-dry-run.tsx';
import { FeedSchedulePanel } from './feed-schedule.tsx';
import '../../components/buttons.css';
import './inventory.css';

export const MODE_HELP: Record<FeedMode, { label: string; help: string }> = {
  incremental: {
    label: 'Incremental',
    help: 'Updates only the items in the file; everything else stays as it is.',
  },
  full: {
    label: 'Full',
    help: 'The file is your whole stock: items not in it are set to 0 (out of stock). Only the owner can apply it.',
  },
};

const COLUMN_HELP: Record<(typeof FEED_COLUMNS)[number], string> = {
  store_code: 'Your store code (may be left out; when given it must be yours).',
  id: 'Your own item id (SKU, Item code); links to an item you already sell.',
  gtin: 'The barcode (GTIN, UPC or EAN: 8, 12, 13 or 14 digits); links the row to a catalogue product.',
  quantity: 'Whole number on hand (Qty, Stock; may be left out when availability is out_of_stock).',
  price: '3.99, $3.99, 3,99 or 3.99 CAD; needed for an item you do not sell yet.',
  sale_price: 'Lower than price; empty ends a sale.',
  sale_price_effective_date: 'Start/end, e.g. 2026-11-20T00:00-05:00/2026-11-27T00:00-05:00.',
  availability: 'in_stock, out_of_stock, limited_availability or on_display_to_order.',
  pickup_method: 'buy, reserve, ship to store or not supported.',
  pickup_sla: 'same day, next day, 2-day … 7-day or multi-week.',
};

export const SOURCE_LABELS = { upload: 'Upload', api: 'API key', url: 'Feed address' } as const;

function UploadForm({ businessId }: { businessId: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<FeedMode>('incremental');
  const [problem, setProblem] = useState<string | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const [preview, setPreview] = useState<InventoryImportReport | null>(null);
  const uploading = useUploadFeed(businessId);

  /** Every upload is a dry run first: its preview shows until it is applied. */
  const check = (columns?: FeedColumnMap) => {
    setImportId(null);
    if (!file) {
      setProblem('Choose a CSV or TSV file to upload.');
      return;
    }
    setProblem(null);
    uploading.mutate(
      { file, mode, ...(columns ? { columns } : {}) },
      {
        onSuccess: (answer) => {
          if (answer.ok) setPreview(answer.report);
          else setProblem(answer.message);
        },
        onError: () => setProblem('The upload failed. Check your connection and try again.'),
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPreview(null);
    check();
  };

  return (
    <section className="mys-card" aria-labelledby="inv-upload-title">
      <h2 id="inv-upload-title">Upload a feed</h2>
      <p className="inv-hint">
        We check the file first and show what it will change; nothing is saved until you apply it.
      </p>
      <form className="inv-upload" onSubmit={submit} noValidate>
        <div className="mys-field">
          <label htmlFor="inv-feed-file">Feed file</label>
          <input
            id="inv-feed-file"
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setPreview(null);
            }}
          />
        </div>
        <div className="mys-field">
          <label htmlFor="inv-mode">Mode</label>
          <select
            id="inv-mode"
            value={mode}
            onChange={(event) => {
              setMode(event.target.value as FeedMode);
              setPreview(null);
            }}
            aria-describedby="inv-mode-help"
          >
            {(Object.keys(MODE_HELP) as FeedMode[]).map((value) => (
              <option key={value} value={value}>
                {MODE_HELP[value].label}
              </option>
            ))}
          </select>
          <ul id="inv-mode-help" className="inv-mode-help">
            {(Object.keys(MODE_HELP) as FeedMode[]).map((value) => (
              <li key={value} className={value === mode ? 'inv-mode-current' : undefined}>
                <strong>{MODE_HELP[value].label}:</strong> {MODE_HELP[value].help}
              </li>
            ))}
          </ul>
        </div>
        {problem ? (
          <p className="mys-field-error" role="alert">
            {problem}
          </p>
        ) : null}
        <button className="mys-action-button" type="submit" disabled={uploading.isPending}>
          {uploading.isPending ? 'Checking…' : 'Check the file'}
        </button>
      </form>
      {preview && !importId ? (
        <FeedDryRun
          key={preview.id}
          report={preview}
          rechecking={uploading.isPending}
          onRecheck={(columns) => check(columns)}
          onApplied={(id) => {
            setPreview(null);
            setImportId(id);
          }}
        />
      ) : null}
      {importId ? <ImportProgress businessId={businessId} importId={importId} /> : null}
    </section>
  );
}

function ColumnsHelp() {
  return (
    <section className="mys-card" aria-labelledby="inv-columns-title">
      <h2 id="inv-columns-title">Columns we read</h2>
      <p>
        CSV (comma or semicolon) or TSV with a header line. Each row needs an <code>id</code> or{' '}
        <code>gtin</code> and a <code>quantity</code>. Common names such as SKU, Qty, UPC or Sale
        price are recognised, and you can tell us what any other column holds when you check a file.
        Other columns are ignored.
      </p>
      <button
        className="mys-action-button mys-action-button-quiet"
        type="button"
        onClick={() => downloadText(FEED_TEMPLATE_CSV, 'inventory-template.csv')}
      >
        Download a template (CSV)
      </button>
      <dl className="inv-columns">
        {FEED_COLUMNS.map((column) => (
          <div key={column}>
            <dt>
              <code>{column}</code>
            </dt>
            <dd>{COLUMN_HELP[column]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function History({ businessId }: { businessId: string }) {
  const history = useImports(businessId);
  const formatWhen = useStoreDateTime();
  if (history.isPending) return <Loading label="Loading imports…" />;
  if (history.isError) {
    return (
      <Failed message="The import history could not be loaded." onRetry={() => history.refetch()} />
    );
  }
  const imports = history.data.pages.flatMap((page) => page.imports);
  return (
    <section className="mys-card" aria-labelledby="inv-history-title">
      <h2 id="inv-history-title">Import history</h2>
      {imports.length === 0 ? (
        <Empty title="No imports yet">
          <p>Upload your first feed above.</p>
        </Empty>
      ) : (
        <div className="inv-table-wrap">
          <table className="mys-table" aria-labelledby="inv-history-title">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Source</th>
                <th scope="col">Mode</th>
                <th scope="col">File</th>
                <th scope="col">Status</th>
                <th scope="col">Rows</th>
                <th scope="col">Changed</th>
                <th scope="col">Bad rows</th>
              </tr>
            </thead>
            <tbody>
              {imports.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <Link to={sitePaths.inventoryImport(businessId, entry.id)}>
                      {formatWhen(entry.createdAt)}
                    </Link>
                  </td>
                  <td>{SOURCE_LABELS[entry.source]}</td>
                  <td>{MODE_HELP[entry.mode].label}</td>
                  <td className="inv-filename">{entry.filename}</td>
                  <td>
                    {entry.status === 'done' ? (
                      STATUS_LABELS.done
                    ) : (
                      <span
                        className={
                          entry.status === 'failed' ? 'mys-badge mys-badge-danger' : 'mys-badge'
                        }
                      >
                        {isImportFinished(entry.status)
                          ? STATUS_LABELS[entry.status]
                          : `${STATUS_LABELS[entry.status]}: ${rowsText(entry.rowsDone)} of ${rowsText(entry.rowsTotal)}`}
                      </span>
                    )}
                  </td>
                  <td>{rowsText(entry.rowsTotal)}</td>
                  <td>{rowsText(entry.rowsChanged)}</td>
                  <td>
                    {entry.rowsFailed > 0 ? (
                      <span className="mys-badge mys-badge-warning">{entry.rowsFailed}</span>
                    ) : (
                      0
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {history.hasNextPage ? (
        <button
          className="mys-action-button mys-action-button-quiet"
          type="button"
          onClick={() => history.fetchNextPage()}
          disabled={history.isFetchingNextPage}
        >
          Show older imports
        </button>
      ) : null}
    </section>
  );
}

/** Inventory feeds: upload a CSV/TSV feed, see what it did, and the history of imports. */
export function InventoryPage() {
  const { businessId } = useCurrentStore();
  return (
    <ManagePage
      title="Inventory feeds"
      subtitle="Update your stock and prices from a spreadsheet or your till system’s export."
    >
      <UploadForm businessId={businessId} />
      <FeedSchedulePanel />
      <ColumnsHelp />
      <History businessId={businessId} />
    </ManagePage>
  );
}
