import { IonRefresher, IonRefresherContent, type RefresherCustomEvent } from '@ionic/react';

/**
 * Pull down to load the page's data again; the spinner stays until `refetch` settles, whether it
 * succeeds or not. Place it directly inside IonContent, which ion-refresher attaches to.
 */
export function PullToRefresh({ refetch }: { refetch: () => Promise<unknown> }) {
  return (
    <IonRefresher
      slot="fixed"
      onIonRefresh={(event: RefresherCustomEvent) => {
        void refetch().finally(() => event.detail.complete());
      }}
    >
      <IonRefresherContent />
    </IonRefresher>
  );
}
