import { ADMIN_PAGE_HTML_MAX, ADMIN_PAGE_TITLE_MAX, type AdminPage } from '@localmart/contract';
import DOMPurify from 'dompurify';
import { useMemo, useState } from 'react';
import { Empty, Failed, Loading, ManagePage } from '../../shell/manage-page.tsx';
import { AdminNav } from './admin-nav.tsx';
import { useAdminPage, useAdminPages, useSaveAdminPage } from './admin-api.ts';
import { formatWhen } from './admin-stores-page.tsx';
import './admin.css';

/** /manage/admin/pages: the CMS pages of the app's side menu, edited as HTML. */
export function AdminPagesPage() {
  const pages = useAdminPages();
  const [selected, setSelected] = useState<string | null>(null);
  const current = selected ?? pages.data?.[0]?.id ?? null;
  return (
    <ManagePage title="Pages" subtitle="The pages of the app's menu: About us, FAQ, Terms…">
      <AdminNav />
      {pages.isPending ? (
        <Loading />
      ) : pages.isError ? (
        <Failed message={pages.error.message} onRetry={() => void pages.refetch()} />
      ) : pages.data.length === 0 ? (
        <Empty title="No pages yet" />
      ) : (
        <div className="mys-admin-pages">
          <nav aria-label="Pages">
            <ul>
              {pages.data.map((page) => (
                <li key={page.id}>
                  <button
                    type="button"
                    aria-current={page.id === current}
                    onClick={() => setSelected(page.id)}
                  >
                    {page.title}
                    {page.published ? '' : ' (draft)'}
                    <br />
                    <small>Updated {formatWhen(page.updatedAt)}</small>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          {current ? <PageEditorLoader key={current} pageId={current} /> : null}
        </div>
      )}
    </ManagePage>
  );
}

function PageEditorLoader({ pageId }: { pageId: string }) {
  const page = useAdminPage(pageId);
  if (page.isPending) return <Loading />;
  if (page.isError)
    return <Failed message={page.error.message} onRetry={() => void page.refetch()} />;
  return <PageEditor page={page.data} />;
}

function PageEditor({ page }: { page: AdminPage }) {
  const save = useSaveAdminPage(page.id);
  const [title, setTitle] = useState(page.title);
  const [html, setHtml] = useState(page.html);
  const result = save.data;
  // The preview is the server's answer: the HTML as stored after sanitising, as shoppers get it.
  const saved = result?.ok ? result.page : page;
  // Cleaned again before rendering, as the shopper app does (cms-page.tsx): defence in depth.
  const previewHtml = useMemo(
    () => DOMPurify.sanitize(saved.html, { USE_PROFILES: { html: true } }),
    [saved.html],
  );

  return (
    <section className="mys-card" aria-labelledby="admin-page-editor">
      <h2 id="admin-page-editor">Edit “{page.title}”</h2>
      <form
        className="mys-form-grid"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            { title, html },
            {
              onSuccess: (answer) => {
                if (answer.ok) setHtml(answer.page.html);
              },
            },
          );
        }}
      >
        <label className="mys-field">
          Title
          <input
            value={title}
            maxLength={ADMIN_PAGE_TITLE_MAX}
            required
            onChange={(event) => setTitle(event.target.value)}
          />
        </label>
        <label className="mys-field">
          HTML
          <textarea
            className="mys-admin-html"
            value={html}
            maxLength={ADMIN_PAGE_HTML_MAX}
            onChange={(event) => setHtml(event.target.value)}
          />
        </label>
        <div className="mys-admin-actions">
          <button className="mys-admin-button" type="submit" disabled={save.isPending}>
            Save page
          </button>
        </div>
        {result ? (
          <p role="status" className={result.ok ? undefined : 'mys-field-error'}>
            {result.ok ? 'Page saved. Scripts and event handlers are removed.' : result.message}
          </p>
        ) : null}
      </form>
      <h3>Preview (as saved)</h3>
      {/* Sanitised by the server before it was stored (cms-html.ts); shown as shoppers see it. */}
      <div
        className="mys-admin-preview"
        aria-label="Saved page preview"
        dangerouslySetInnerHTML={{ __html: previewHtml }}
      />
    </section>
  );
}
