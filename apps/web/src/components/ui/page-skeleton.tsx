import {
  IonButtons,
  IonContent,
  IonHeader,
  IonMenuButton,
  IonPage,
  IonSkeletonText,
  IonToolbar,
} from '@ionic/react';
import { ContentSkeleton } from './content-skeleton.tsx';

/**
 * The Suspense fallback of every lazily loaded page: the page's frame with grey bars where text will
 * be, so the layout does not jump when the page's code arrives. The menu button stays usable.
 */
export function PageSkeleton() {
  return (
    <IonPage>
      <IonHeader>
        <IonToolbar color="primary">
          <IonButtons slot="start">
            <IonMenuButton />
          </IonButtons>
          <IonSkeletonText animated className="page-skeleton-title" />
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        <ContentSkeleton label="Loading page" />
      </IonContent>
    </IonPage>
  );
}
