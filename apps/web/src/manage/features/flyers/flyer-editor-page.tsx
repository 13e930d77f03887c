import {
  type HotspotBox,
  type ManagedFlyer,
  type ManagedFlyerPage,
  STORE_IMAGE_TYPES,
} from '@localmart/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useCurrentStore } from '../../lib/store-context.tsx';
import { sitePaths } from '../../lib/site-paths.ts';
import { Empty, Failed, Loading, ManagePage } from '../../shell/manage-page.tsx';
import { CENTRED_BOX, type DraftItem, draftProblem, itemsPayload } from './box-math.ts';
import { flyerKeys, flyersApi, useFlyer } from './flyers-api.ts';
import { flyerDates, ValidityBadge } from './flyers-page.tsx';
import { HotspotCanvas } from './hotspot-canvas.tsx';
import { HotspotPanel } from './hotspot-panel.tsx';
import '../../components/buttons.css';
import './flyers.css';

export const UNSAVED_WARNING = 'This page has unsaved hotspots. Leave without saving?';

/** The editor's copy of a page's saved hotspots. */
function draftsOf(page: ManagedFlyerPage): DraftItem[] {
  return page.items.map((item) => ({
    key: item.id,
    box: item.box,
    title: item.title,
    priceText: item.priceText,
    saleStory: item.saleStory ?? '',
    offer: item.offer,
    promoPrice: item.promoPrice === null ? '' : (item.promoPrice / 100).toFixed(2),
    priceMismatch: item.priceMismatch,
    validFrom: item.validFrom,
    validTo: item.validTo,
  }));
}

let localKeys = 0;
const newKey = () => `new-${++localKeys}`;

/** The flyer editor at /manage/stores/:businessId/flyers/:flyerId. */
export function FlyerEditorPage() {
  const { businessId } = useCurrentStore();
  const { flyerId = '' } = useParams();
  const flyer = useFlyer(businessId, flyerId);

  if (flyer.isPending) {
    return (
      <ManagePage title="Flyer">
        <Loading />
      </ManagePage>
    );
  }
  if (flyer.isError) {
    return (
      <ManagePage title="Flyer">
        <Failed message={flyer.error.message} onRetry={() => void flyer.refetch()} />
      </ManagePage>
    );
  }
  return <FlyerEditor flyer={flyer.data} />;
}

function FlyerEditor({ flyer }: { flyer: ManagedFlyer }) {
  const { businessId } = useCurrentStore();
  const queryClient = useQueryClient();
  const api = flyersApi(businessId);
  const [pageId, setPageId] = useState<string | null>(flyer.pages[0]?.id ?? null);
  const page = flyer.pages.find((candidate) => candidate.id === pageId) ?? flyer.pages[0] ?? null;
  const [items, setItems] = useState<DraftItem[]>(() => (page ? draftsOf(page) : []));
  const [dirty, setDirty] = useState(false);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const show = (next: ManagedFlyer) => {
    queryClient.setQueryData(flyerKeys.flyer(businessId, flyer.id), next);
    void queryClient.invalidateQueries({ queryKey: flyerKeys.list(businessId) });
  };
  const openPage = (next: ManagedFlyerPage | null) => {
    setPageId(next?.id ?? null);
    setItems(next ? draftsOf(next) : []);
    setDirty(false);
    setSelectedKey(null);
  };
  const failed = (error: Error) => setNotice({ text: error.message, error: true });

  // Unsaved hotspots: the browser's own warning when the tab closes or reloads, and ours before any
  // link of the site (the store menu, "All flyers") leaves the page. The manage router is not a
  // data router (no useBlocker), so links are caught in the capture phase, before React Router's.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    const guardLinks = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!link || link.getAttribute('target') === '_blank') return;
      if (window.confirm(UNSAVED_WARNING)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', warn);
    document.addEventListener('click', guardLinks, true);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('click', guardLinks, true);
    };
  }, [dirty]);

  const leaveAllowed = () => !dirty || window.confirm(UNSAVED_WARNING);

  const upload = useMutation({
    mutationFn: (file: File) => api.uploadPage(flyer.id, file),
    onSuccess: (next) => {
      show(next);
      setNotice({ text: 'Page added.', error: false });
      openPage(next.pages.at(-1) ?? null);
    },
    onError: failed,
  });
  const move = useMutation({
    mutationFn: ({ id, pageNumber }: { id: string; pageNumber: number }) =>
      api.movePage(id, pageNumber),
    onSuccess: (next) => show(next),
    onError: failed,
  });
  const removePage = useMutation({
    mutationFn: (id: string) => api.deletePage(id),
    onSuccess: (next, id) => {
      show(next);
      if (id === page?.id) openPage(next.pages[0] ?? null);
    },
    onError: failed,
  });
  const save = useMutation({
    mutationFn: (target: ManagedFlyerPage) => api.saveItems(target.id, itemsPayload(items, flyer)),
    onSuccess: (next, target) => {
      show(next);
      setNotice({ text: 'Page saved.', error: false });
      openPage(next.pages.find((candidate) => candidate.id === target.id) ?? null);
    },
    onError: failed,
  });

  const pickFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !leaveAllowed()) return;
    setNotice(null);
    upload.mutate(file);
  };

  const edit = (key: string, changes: Partial<DraftItem>) => {
    setItems((current) =>
      current.map((item) => (item.key === key ? { ...item, ...changes } : item)),
    );
    setDirty(true);
  };
  const add = (box: HotspotBox) => {
    const key = newKey();
    setItems((current) => [
      ...current,
      {
        key,
        box,
        title: '',
        priceText: '',
        saleStory: '',
        offer: null,
        promoPrice: '',
        priceMismatch: null,
        validFrom: flyer.validFrom,
        validTo: flyer.validTo,
      },
    ]);
    setSelectedKey(key);
    setDirty(true);
  };
  const remove = (key: string) => {
    setItems((current) => current.filter((item) => item.key !== key));
    setSelectedKey(null);
    setDirty(true);
  };
  const trySave = () => {
    if (!page) return;
    const problem = draftProblem(items);
    if (problem) return setNotice({ text: problem, error: true });
    setNotice(null);
    save.mutate(page);
  };

  const selectedIndex = items.findIndex((item) => item.key === selectedKey);
  const selected = selectedIndex >= 0 ? items[selectedIndex] : undefined;
  const busy = upload.isPending || move.isPending || removePage.isPending || save.isPending;

  return (
    <ManagePage
      title={flyer.title}
      subtitle={
        <>
          <ValidityBadge validity={flyer.validity} /> {flyerDates(flyer)} ·{' '}
          <Link to={sitePaths.store(businessId, 'flyers')}>All flyers</Link>
        </>
      }
      actions={
        <>
          <input
            ref={fileInput}
            type="file"
            accept={STORE_IMAGE_TYPES.join(',')}
            className="fl-hidden-input"
            aria-label="Page image"
            onChange={pickFile}
          />
          <button
            type="button"
            className="mys-plain-button"
            onClick={() => fileInput.current?.click()}
            disabled={busy}
          >
            {upload.isPending ? 'Uploading…' : 'Upload page'}
          </button>
        </>
      }
    >
      {notice ? (
        <p
          className={notice.error ? 'mys-field-error' : 'fl-notice'}
          role={notice.error ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      ) : null}

      {flyer.pages.length === 0 ? (
        <Empty title="No pages yet">
          <p>Upload the flyer's pages (JPEG, PNG or WebP), then draw the deals on them.</p>
        </Empty>
      ) : (
        <>
          <ol className="fl-strip" aria-label="Pages">
            {flyer.pages.map((candidate) => {
              const current = candidate.id === page?.id;
              const label = `Page ${candidate.pageNumber}`;
              return (
                <li
                  key={candidate.id}
                  className={current ? 'fl-thumb fl-thumb-current' : 'fl-thumb'}
                >
                  <button
                    type="button"
                    className="fl-thumb-open"
                    aria-current={current ? 'page' : undefined}
                    aria-label={`Open page ${candidate.pageNumber}`}
                    onClick={() => {
                      if (!current && leaveAllowed()) openPage(candidate);
                    }}
                  >
                    <img src={candidate.image.url} alt="" loading="lazy" />
                    <span>
                      {label} · {candidate.items.length}
                    </span>
                  </button>
                  <div className="fl-thumb-actions">
                    <button
                      type="button"
                      className="mys-plain-button mys-plain-button-small"
                      aria-label={`Move page ${candidate.pageNumber} earlier`}
                      disabled={busy || candidate.pageNumber === 1}
                      onClick={() =>
                        move.mutate({ id: candidate.id, pageNumber: candidate.pageNumber - 1 })
                      }
                    >
                      ←
                    </button>
                    <button
                      type="button"
                      className="mys-plain-button mys-plain-button-small"
                      aria-label={`Move page ${candidate.pageNumber} later`}
                      disabled={busy || candidate.pageNumber === flyer.pages.length}
                      onClick={() =>
                        move.mutate({ id: candidate.id, pageNumber: candidate.pageNumber + 1 })
                      }
                    >
                      →
                    </button>
                    <button
                      type="button"
                      className="mys-plain-button mys-plain-button-small mys-plain-button-danger"
                      aria-label={`Delete page ${candidate.pageNumber}`}
                      disabled={busy}
                      onClick={() => {
                        const sure = window.confirm(
                          `Delete page ${candidate.pageNumber} and its hotspots? This cannot be undone.`,
                        );
                        if (sure) removePage.mutate(candidate.id);
                      }}
                    >
                      ✕
                    </button>
                  </div>
                </li>
              );
            })}
          </ol>

          {page ? (
            <div className="fl-editor">
              <HotspotCanvas
                image={page.image}
                pageLabel={`Page ${page.pageNumber} of ${flyer.title}`}
                items={items}
                selectedKey={selectedKey}
                onSelect={setSelectedKey}
                onAdd={add}
                onChangeBox={(key, box) => edit(key, { box })}
                onRemove={remove}
              />
              <div className="fl-side">
                <div className="fl-save-bar">
                  <button
                    type="button"
                    className="mys-plain-button"
                    onClick={() => add(CENTRED_BOX)}
                    disabled={busy}
                  >
                    Add hotspot
                  </button>
                  <button
                    type="button"
                    className="mys-plain-button mys-plain-button-primary"
                    onClick={trySave}
                    disabled={busy || !dirty}
                  >
                    {save.isPending ? 'Saving…' : 'Save page'}
                  </button>
                  {dirty ? (
                    <span className="mys-badge mys-badge-warning" role="status">
                      Unsaved changes
                    </span>
                  ) : null}
                </div>
                {selected ? (
                  <HotspotPanel
                    key={selected.key}
                    item={selected}
                    index={selectedIndex}
                    onChange={(changes) => edit(selected.key, changes)}
                    onRemove={() => remove(selected.key)}
                  />
                ) : (
                  <p className="fl-muted">
                    {items.length === 0
                      ? 'No hotspots on this page yet.'
                      : `${items.length} ${items.length === 1 ? 'hotspot' : 'hotspots'}. Select one to edit it.`}
                  </p>
                )}
              </div>
            </div>
          ) : null}
        </>
      )}
    </ManagePage>
  );
}
