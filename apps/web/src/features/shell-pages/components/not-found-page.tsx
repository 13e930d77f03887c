import { IonButton, IonIcon } from '@ionic/react';
import { commonMessages, labels } from '@localmart/contract';
import { storefrontOutline } from 'ionicons/icons';
import { useLocation } from 'react-router-dom';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { HOME_PATH } from '../../../lib/paths.ts';

/** Any path the route table does not know: say so and offer the way back, never a blank screen. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <AppPage title={commonMessages.pageNotFound}>
      <section className="lm-placeholder lm-not-found">
        <p className="lm-placeholder-lead">
          There is no page at <code className="lm-path">{pathname}</code>. The link may be mistyped,
          or the page may have moved.
        </p>
        <IonButton routerLink={HOME_PATH} routerDirection="root">
          <IonIcon slot="start" icon={storefrontOutline} aria-hidden="true" />
          {`Back to ${labels.menuStores}`}
        </IonButton>
      </section>
    </AppPage>
  );
}
