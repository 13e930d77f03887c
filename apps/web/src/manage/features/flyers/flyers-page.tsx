import {
  defaultFlyerWeek,
  FLYER_TITLE_MAX,
  FLYER_VALIDITY_LABELS,
  flyerDatesProblem,
  type FlyerValidity,
  type ManagedFlyerSummary,
  parseLocalDate,
  shortDateLabel,
} from '@localmart/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FormDialog } from '../../components/form-dialog.tsx';
import { confirmDelete } from '../../lib/confirm-delete.ts';
import { useCurrentStore } from '../../lib/store-context.tsx';
import { sitePaths } from '../../lib/site-paths.ts';
import { ManagePage } from '../../shell/manage-page.tsx';
import { flyerKeys, flyersApi, useFlyerList } from './flyers-api.ts';
import '../../components/buttons.css';
import './flyers.css';
import { QueryStates } from '../../components/query-states.tsx';

const BADGE_CLASS: Record<FlyerValidity, string> = {
  current: 'mys-badge',
  upcoming: 'mys-badge mys-badge-warning',
  ended: 'mys-badge mys-badge-danger',
};

/** 'Thu Nov 19 – Wed Nov 25' for a flyer's local dates. */
export function flyerDates(flyer: { validFrom: string; validTo: string }): string {
  const from = parseLocalDate(flyer.validFrom);
  const to = parseLocalDate(flyer.validTo);
  if (!from || !to) return `${flyer.validFrom} – ${flyer.validTo}`;
  return `${shortDateLabel(from)} – ${shortDateLabel(to)}`;
}

export function ValidityBadge({ validity }: { validity: FlyerValidity }) {
  return <span className={BADGE_CLASS[validity]}>{FLYER_VALIDITY_LABELS[validity]}</span>;
}

/** The store's weekly flyers: current and upcoming first, a new-flyer dialog, delete. */
export function FlyersPage() {
  const { businessId } = useCurrentStore();
  const list = useFlyerList(businessId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const remove = useMutation({
    mutationFn: (flyerId: string) => flyersApi(businessId).remove(flyerId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flyerKeys.all(businessId) }),
    onError: (error) => setNotice(error.message),
  });

  const askDelete = (flyer: ManagedFlyerSummary) => {
    if (confirmDelete(`the flyer "${flyer.title}"`)) {
      setNotice(null);
      remove.mutate(flyer.id);
    }
  };

  return (
    <ManagePage
      title="Flyers"
      subtitle="Weekly flyers shoppers browse, with deals linked to your products."
      actions={
        <button
          type="button"
          className="mys-plain-button mys-plain-button-primary"
          onClick={() => setCreating(true)}
          disabled={!list.data}
        >
          New flyer
        </button>
      }
    >
      {notice ? (
        <p className="mys-field-error" role="alert">
          {notice}
        </p>
      ) : null}
      <QueryStates
        query={list}
        isEmpty={(data) => data.flyers.length === 0}
        emptyTitle="No flyers yet"
        emptyText={<p>Create a flyer, upload its pages and mark the deals on them.</p>}
      >
        {(data) => (
          <ul className="fl-list" aria-label="Flyers">
            {data.flyers.map((flyer) => (
              <li key={flyer.id} className="mys-card fl-list-item">
                {flyer.cover ? (
                  <img className="fl-list-cover" src={flyer.cover.url} alt="" loading="lazy" />
                ) : (
                  <div className="fl-list-cover fl-list-cover-empty" aria-hidden="true" />
                )}
                <div className="fl-list-text">
                  <h2>
                    <Link to={sitePaths.flyer(businessId, flyer.id)}>{flyer.title}</Link>
                  </h2>
                  <p>
                    <ValidityBadge validity={flyer.validity} /> {flyerDates(flyer)}
                  </p>
                  <p className="fl-muted">
                    {flyer.pageCount} {flyer.pageCount === 1 ? 'page' : 'pages'} · {flyer.itemCount}{' '}
                    {flyer.itemCount === 1 ? 'deal' : 'deals'}
                    {flyer.pageCount === 0 ? ' · not shown to shoppers until a page is added' : ''}
                  </p>
                </div>
                <button
                  type="button"
                  className="mys-plain-button mys-plain-button-danger"
                  aria-label={`Delete ${flyer.title}`}
                  onClick={() => askDelete(flyer)}
                  disabled={remove.isPending}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
      {creating && list.data ? (
        <NewFlyerDialog
          today={list.data.today}
          onCancel={() => setCreating(false)}
          onCreated={(flyerId) => {
            setCreating(false);
            void queryClient.invalidateQueries({ queryKey: flyerKeys.list(businessId) });
            navigate(sitePaths.flyer(businessId, flyerId));
          }}
        />
      ) : null}
    </ManagePage>
  );
}

function NewFlyerDialog({
  today,
  onCancel,
  onCreated,
}: {
  today: string;
  onCancel: () => void;
  onCreated: (flyerId: string) => void;
}) {
  const { businessId } = useCurrentStore();
  const week = defaultFlyerWeek(today);
  const [title, setTitle] = useState('Weekly flyer');
  const [validFrom, setValidFrom] = useState(week.validFrom);
  const [validTo, setValidTo] = useState(week.validTo);
  const [problem, setProblem] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: () => flyersApi(businessId).create({ title: title.trim(), validFrom, validTo }),
    onSuccess: (flyer) => onCreated(flyer.id),
    onError: (error) => setProblem(error.message),
  });

  const submit = () => {
    if (!title.trim()) return setProblem('Give the flyer a title.');
    const datesProblem = flyerDatesProblem(validFrom, validTo);
    if (!validFrom || !validTo) return setProblem('Choose the first and last day.');
    if (datesProblem) return setProblem(datesProblem);
    setProblem(null);
    create.mutate();
  };

  return (
    <FormDialog
      title="New flyer"
      saveLabel="Create flyer"
      busyLabel="Creating…"
      busy={create.isPending}
      error={problem}
      onSubmit={submit}
      onCancel={onCancel}
      className="mys-dialog-narrow"
    >
      <div className="mys-form-grid">
        <label className="mys-field">
          <span>Title</span>
          <input
            value={title}
            maxLength={FLYER_TITLE_MAX}
            onChange={(event) => setTitle(event.target.value)}
          />
        </label>
        <label className="mys-field">
          <span>First day</span>
          <input
            type="date"
            value={validFrom}
            onChange={(event) => setValidFrom(event.target.value)}
          />
        </label>
        <label className="mys-field">
          <span>Last day</span>
          <input
            type="date"
            value={validTo}
            min={validFrom}
            onChange={(event) => setValidTo(event.target.value)}
          />
        </label>
      </div>
    </FormDialog>
  );
}
