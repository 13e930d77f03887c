import {
  FEED_FETCH_HOLD_SHARE,
  type FeedFetch,
  type FeedFetchSchedule,
  type FeedMode,
  type FeedSchedule,
  feedErrorsCsv,
  feedFetchMessages,
} from '@localmart/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { useCurrentStore, useStoreDateTime } from '../../lib/store-context.tsx';
import { sitePaths } from '../../lib/site-paths.ts';
import { Failed, Loading } from '../../shell/manage-page.tsx';
import { rowsText } from './import-progress.tsx';
import {
  useFeedFetches,
  useFeedSchedule,
  useFetchFeedNow,
  useSaveFeedSchedule,
} from './feed-fetch-api.ts';
import { downloadText, getImport } from './inventory-api.ts';
import './inventory.css';

const SCHEDULE_LABELS: Record<FeedFetchSchedule, string> = {
  off: 'Off (only when I press Fetch now)',
  hourly: 'Every hour',
  daily: 'Every day',
};
const MODE_LABELS: Record<FeedMode, string> = { incremental: 'Incremental', full: 'Full' };

const RUN_STATUS: Record<FeedFetch['status'], { label: string; tone: string }> = {
  queued: { label: 'Waiting', tone: 'mys-badge' },
  running: { label: 'Fetching…', tone: 'mys-badge' },
  applied: { label: 'Applied', tone: 'mys-badge' },
  failed: { label: 'Failed', tone: 'mys-badge mys-badge-danger' },
  held: { label: 'Needs your review', tone: 'mys-badge mys-badge-warning' },
};

const HOLD_PERCENT = Math.round(FEED_FETCH_HOLD_SHARE * 100);

/** The owner's form: address, how often, mode, the one-time Full confirmation; Save and Fetch now. */
function ScheduleForm({
  businessId,
  saved,
  running,
}: {
  businessId: string;
  saved: FeedSchedule;
  running: boolean;
}) {
  const formatWhen = useStoreDateTime();
  const [url, setUrl] = useState(saved.url ?? '');
  const [schedule, setSchedule] = useState<FeedFetchSchedule>(saved.schedule);
  const [mode, setMode] = useState<FeedMode>(saved.mode);
  const [confirmFull, setConfirmFull] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const saving = useSaveFeedSchedule(businessId);
  const fetching = useFetchFeedNow(businessId);
  // The owner confirmed Full for this very address already: no need to tick again.
  const fullConfirmed =
    saved.mode === 'full' && saved.fullConfirmedAt !== null && saved.url === url.trim();
  const unsaved =
    url.trim() !== (saved.url ?? '') || schedule !== saved.schedule || mode !== saved.mode;

  const save = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setNotice(null);
    if (url.trim() === '') {
      setProblem(feedFetchMessages.urlMissing);
      return;
    }
    if (mode === 'full' && !fullConfirmed && !confirmFull) {
      setProblem(feedFetchMessages.confirmFull);
      return;
    }
    saving.mutate(
      {
        url: url.trim(),
        schedule,
        mode,
        ...(mode === 'full' && confirmFull ? { confirmFull } : {}),
      },
      {
        onSuccess: (answer) => {
          if (!answer.ok) return setProblem(answer.message);
          setConfirmFull(false);
          setNotice(answer.message);
        },
        onError: () => setProblem('The schedule could not be saved. Check your connection.'),
      },
    );
  };

  const fetchNow = () => {
    setProblem(null);
    setNotice(null);
    fetching.mutate(undefined, {
      onSuccess: (answer) => (answer.ok ? setNotice(answer.message) : setProblem(answer.message)),
      onError: () => setProblem('The fetch could not be started. Check your connection.'),
    });
  };

  return (
    <form className="inv-schedule" onSubmit={save} noValidate>
      <div className="mys-field inv-schedule-url">
        <label htmlFor="inv-feed-url">Feed address</label>
        <input
          id="inv-feed-url"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://till.example.com/exports/stock.csv"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          aria-describedby="inv-feed-url-help"
        />
        <span id="inv-feed-url-help" className="inv-hint">
          An https address your till system publishes your stock file at (CSV or TSV), readable
          without signing in.
        </span>
      </div>
      <div className="inv-schedule-row">
        <div className="mys-field">
          <label htmlFor="inv-feed-schedule">How often</label>
          <select
            id="inv-feed-schedule"
            value={schedule}
            onChange={(event) => setSchedule(event.target.value as FeedFetchSchedule)}
          >
            {(Object.keys(SCHEDULE_LABELS) as FeedFetchSchedule[]).map((value) => (
              <option key={value} value={value}>
                {SCHEDULE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="mys-field">
          <label htmlFor="inv-feed-mode">Fetch mode</label>
          <select
            id="inv-feed-mode"
            value={mode}
            onChange={(event) => setMode(event.target.value as FeedMode)}
          >
            {(Object.keys(MODE_LABELS) as FeedMode[]).map((value) => (
              <option key={value} value={value}>
                {MODE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {mode === 'full' ? (
        fullConfirmed ? (
          <p className="inv-hint">
            Full mode confirmed {formatWhen(saved.fullConfirmedAt!)}: every run sets the items
            missing from the file out of stock. A run that would set more than {HOLD_PERCENT}% of
            your items in stock out of stock waits for your review.
          </p>
        ) : (
          <label className="inv-check">
            <input
              type="checkbox"
              checked={confirmFull}
              onChange={(event) => setConfirmFull(event.target.checked)}
            />
            <span>
              I confirm: every run sets the items missing from the file out of stock. (A run that
              would set more than {HOLD_PERCENT}% of my items in stock out of stock waits for my
              review.)
            </span>
          </label>
        )
      ) : null}
      {problem ? (
        <p className="mys-field-error" role="alert">
          {problem}
        </p>
      ) : null}
      {/* "Fetching now" is true only while the run goes: its result is in the history then. */}
      {notice && !(notice === feedFetchMessages.fetchQueued && !running) ? (
        <p className="inv-notice" role="status">
          {notice}
        </p>
      ) : null}
      <div className="inv-schedule-actions">
        <button className="mys-action-button" type="submit" disabled={saving.isPending}>
          {saving.isPending ? 'Saving…' : 'Save schedule'}
        </button>
        <button
          className="mys-action-button mys-action-button-quiet"
          type="button"
          onClick={fetchNow}
          disabled={fetching.isPending || running || saved.url === null || unsaved}
          title={unsaved ? 'Save the schedule first' : undefined}
        >
          {running ? 'Fetching…' : 'Fetch now'}
        </button>
      </div>
    </form>
  );
}

/** What staff see: the schedule, read only. */
function ScheduleSummary({ saved }: { saved: FeedSchedule }) {
  return (
    <dl className="inv-summary">
      <div>
        <dt>Feed address</dt>
        <dd className="inv-filename">{saved.url ?? 'None set'}</dd>
      </div>
      <div>
        <dt>How often</dt>
        <dd>{SCHEDULE_LABELS[saved.schedule]}</dd>
      </div>
      <div>
        <dt>Mode</dt>
        <dd>{MODE_LABELS[saved.mode]}</dd>
      </div>
    </dl>
  );
}

function RunCounts({ run }: { run: FeedFetch }) {
  const items: [string, number, string?][] = [
    ['new', run.newItems],
    ['updated', run.updated],
    ['out of stock', run.outOfStock, run.outOfStock > 0 ? 'inv-dry-warn' : undefined],
    [run.errors === 1 ? 'error' : 'errors', run.errors, run.errors > 0 ? 'inv-dry-bad' : undefined],
  ];
  return (
    <ul className="inv-run-counts" aria-label="What this run did">
      {items.map(([label, value, tone]) => (
        <li key={label} className={tone}>
          <strong>{rowsText(value)}</strong> {label}
        </li>
      ))}
    </ul>
  );
}

/** The runs, newest first: when, what it did or why not, the errors as a CSV, a held run's review. */
function FetchHistory({ businessId, runs }: { businessId: string; runs: FeedFetch[] }) {
  const formatWhen = useStoreDateTime();
  const downloadErrors = async (run: FeedFetch) => {
    const report = await getImport(businessId, run.importId!);
    downloadText(feedErrorsCsv(report.errors), `feed-${run.createdAt.slice(0, 10)}-errors.csv`);
  };
  if (runs.length === 0) {
    return <p className="inv-hint">No fetches yet.</p>;
  }
  return (
    <ol className="inv-runs" aria-label="Fetch history">
      {runs.map((run) => {
        const status = RUN_STATUS[run.status];
        const finished = run.status === 'applied' || run.status === 'held';
        return (
          <li key={run.id} className="inv-run">
            <div className="inv-run-head">
              <span className={status.tone}>{status.label}</span>
              <span>
                {run.trigger === 'manual' ? 'Fetch now' : 'Scheduled'} · {MODE_LABELS[run.mode]}
              </span>
            </div>
            <p className="inv-run-times">
              Started {formatWhen(run.startedAt ?? run.createdAt)}
              {run.finishedAt ? ` · finished ${formatWhen(run.finishedAt)}` : ''}
            </p>
            {finished ? <RunCounts run={run} /> : null}
            {run.message ? (
              <p className={run.status === 'failed' ? 'mys-field-error' : 'inv-run-message'}>
                {run.message}
              </p>
            ) : null}
            {run.importId ? (
              <div className="inv-run-actions">
                {run.errors > 0 ? (
                  <button
                    className="mys-action-button mys-action-button-quiet"
                    type="button"
                    onClick={() => void downloadErrors(run)}
                  >
                    Download the errors (CSV)
                  </button>
                ) : null}
                <Link to={sitePaths.inventoryImport(businessId, run.importId)}>
                  {run.status === 'held' ? 'Review and apply' : 'See the import'}
                </Link>
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * Fetch the feed from an address on a schedule (docs/decisions/0023): the owner sets it, staff see
 * it; every run is listed with what it did.
 */
export function FeedSchedulePanel() {
  const { businessId, canOwn } = useCurrentStore();
  const formatWhen = useStoreDateTime();
  const schedule = useFeedSchedule(businessId);
  const fetches = useFeedFetches(businessId);
  const runs = fetches.data ?? [];
  const running = runs.some((run) => run.status === 'queued' || run.status === 'running');

  return (
    <section className="mys-card" aria-labelledby="inv-schedule-title">
      <h2 id="inv-schedule-title">Fetch from an address</h2>
      <p className="inv-hint">
        We fetch your stock file from your till system’s address on your schedule, check it as an
        upload is checked, and apply it. Every fetch is listed below.
      </p>
      {schedule.isPending ? (
        <Loading label="Loading the schedule…" />
      ) : schedule.isError ? (
        <Failed message="The schedule could not be loaded." onRetry={() => schedule.refetch()} />
      ) : (
        <>
          {canOwn ? (
            <ScheduleForm businessId={businessId} saved={schedule.data} running={running} />
          ) : (
            <>
              <ScheduleSummary saved={schedule.data} />
              <p className="inv-hint">Only the store’s owner can change the schedule.</p>
            </>
          )}
          <p className="inv-hint inv-next-fetch">
            {schedule.data.nextFetchAt
              ? `Next fetch: ${formatWhen(schedule.data.nextFetchAt)}.`
              : 'No fetch is scheduled.'}
          </p>
        </>
      )}
      <h3 className="inv-runs-title">Fetch history</h3>
      {fetches.isPending ? (
        <Loading label="Loading the fetches…" />
      ) : fetches.isError ? (
        <Failed
          message="The fetch history could not be loaded."
          onRetry={() => fetches.refetch()}
        />
      ) : (
        <FetchHistory businessId={businessId} runs={runs} />
      )}
    </section>
  );
}
