import { IonButton } from '@ionic/react';
import { commonMessages, labels } from '@localmart/contract';
import DOMPurify from 'dompurify';
import { useMemo, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { ContentSkeleton } from '../../../components/ui/content-skeleton.tsx';
import { HOME_PATH } from '../../../lib/paths.ts';
import { usePage } from '../api/get-page.ts';

const PAGE_MISSING = 'This page does not exist';

/**
 * /cms/:pagename/:pageid: a content page from the server (spec §2). The body is sanitised by the
 * server on write and again here before it touches the DOM (defence in depth).
 *
 * Every state renders the same AppPage so Ionic keeps one page element while the data arrives.
 */
export function CmsPage() {
  const { pageid = '' } = useParams();
  const query = usePage(pageid);
  const html = query.data?.found ? query.data.page.content : '';
  const safeHtml = useMemo(
    () => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }),
    [html],
  );

  let title: string;
  let body: ReactNode;
  if (query.isPending) {
    title = 'Loading…';
    body = <ContentSkeleton label="Loading page" />;
  } else if (query.isError) {
    title = 'Something went wrong';
    body = (
      <section className="lm-placeholder" role="alert">
        <p className="lm-placeholder-lead">{commonMessages.genericFailure}</p>
        <IonButton onClick={() => void query.refetch()}>Retry</IonButton>
      </section>
    );
  } else if (!query.data.found) {
    title = commonMessages.pageNotFound;
    body = (
      <section className="lm-placeholder">
        <p className="lm-placeholder-lead">{PAGE_MISSING}</p>
        <IonButton routerLink={HOME_PATH} routerDirection="root" fill="outline">
          {`Back to ${labels.menuStores}`}
        </IonButton>
      </section>
    );
  } else {
    title = query.data.page.page_name;
    // Sanitised just above with DOMPurify; the server sanitised it on write too.
    body = <article className="cms-content" dangerouslySetInnerHTML={{ __html: safeHtml }} />;
  }

  return <AppPage title={title}>{body}</AppPage>;
}
