import { IonContent, IonHeader, IonToolbar } from '@ionic/react';
import { lazy, Suspense } from 'react';
import { ContentSkeleton, SkeletonBar } from './content-skeleton.tsx';

const SkeletonMenuButton = lazy(() => import('./skeleton-menu-button.tsx'));

/**
 * The Suspense fallback of every lazily loaded page: the page's frame with grey bars where text will
 * be, so the layout does not jump when the page's code arrives. The menu button shows (and works) as
 * soon as its small chunk is in.
 *
 * A plain div.ion-page (laid out like one), never an IonPage: an IonPage registers with the
 * IonRouterOutlet as the entering route's page and the outlet runs the transition on it; when the code
 * arrives the real page's IonPage replaces it, registers for the same view, and the outlet skips it as
 * a duplicate of the transition it already ran, so the real page stayed ion-page-invisible (opacity 0)
 * for good: a blank screen after any in-app link to a page whose chunk was not prefetched yet (seen on
 * Thank you -> View order details). Unregistered, the outlet waits for the real page and animates it.
 */
export function PageSkeleton() {
  return (
    <div className="ion-page">
      <IonHeader>
        <IonToolbar color="primary">
          {/* Loaded beside the page's code, which needs the same components for its own toolbar. */}
          <Suspense fallback={null}>
            <SkeletonMenuButton />
          </Suspense>
          <SkeletonBar className="page-skeleton-title" />
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        <ContentSkeleton label="Loading page" />
      </IonContent>
    </div>
  );
}
