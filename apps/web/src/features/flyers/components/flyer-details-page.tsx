import { IonButton } from '@ionic/react';
import { commonMessages, type FlyerItem } from '@localmart/contract';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CatalogImage } from '../../../components/catalog/catalog-image.tsx';
import { FlyerEnds, flyerValidityLabel } from '../../../components/catalog/flyer-card.tsx';
import { flyerEndsLabel } from '../../../components/catalog/store-dates.ts';
import { ErrorState } from '../../../components/catalog/list-states.tsx';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { ContentSkeleton } from '../../../components/ui/content-skeleton.tsx';
import { useFlyer } from '../api/get-flyer.ts';
import { FlyerItemSheet } from './flyer-item-sheet.tsx';
import { FlyerViewer } from './flyer-viewer.tsx';
import './flyers.css';

export const FLYER_MISSING = 'This flyer is no longer available';

/**
 * /flyer-details?id=<flyerId>: the flyer viewer. Every state renders the same AppPage so Ionic keeps
 * one page element while the data arrives.
 */
export function FlyerDetailsPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const query = useFlyer(id);
  const [selected, setSelected] = useState<FlyerItem | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);

  function open(item: FlyerItem) {
    setSelected(item);
    setSheetOpen(true);
  }

  let title = 'Flyer';
  let body: ReactNode;
  if (id === '' || (query.isSuccess && !query.data.found)) {
    body = (
      <section className="lm-placeholder">
        <p className="lm-placeholder-lead">{FLYER_MISSING}</p>
        <IonButton routerLink="/flyerlist" fill="outline">
          See this week&apos;s flyers
        </IonButton>
      </section>
    );
  } else if (query.isPending) {
    body = <ContentSkeleton label="Loading flyer" />;
  } else if (query.isError) {
    body = (
      <ErrorState message={commonMessages.genericFailure} onRetry={() => void query.refetch()} />
    );
  } else if (query.data.found) {
    const flyer = query.data.flyer;
    const ends = flyerEndsLabel(flyer.validTo, flyer.timeZone);
    title = flyer.title;
    body = (
      <>
        <header className="lm-flyer-head">
          <Link
            className="lm-flyer-head-store"
            to={`/business-details/${encodeURIComponent(flyer.business.id)}/flyers`}
          >
            <CatalogImage image={flyer.business.logo} className="lm-flyer-head-logo" sizes="40px" />
            <span>{flyer.business.name}</span>
          </Link>
          <p className="lm-flyer-head-dates">
            {flyerValidityLabel(flyer.validFrom, flyer.validTo)} · Tap a deal for live stock
          </p>
          {ends && <FlyerEnds label={ends} className="lm-flyer-head-ends" />}
        </header>
        <FlyerViewer flyer={flyer} onSelect={open} />
      </>
    );
  }

  return (
    <AppPage title={title} backTo="/flyerlist" contentClassName="lm-flyer-content">
      {body}
      <AppModal
        isOpen={sheetOpen}
        title={selected?.title ?? ''}
        onClose={() => setSheetOpen(false)}
        onDidDismiss={() => setSheetOpen(false)}
      >
        {selected && <FlyerItemSheet item={selected} onNavigate={() => setSheetOpen(false)} />}
      </AppModal>
    </AppPage>
  );
}
