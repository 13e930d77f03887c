import { IonButton } from '@ionic/react';
import { labels } from '@localmart/contract';
import { HOME_PATH } from '../../../lib/paths.ts';

export const STORE_MISSING = 'This store is not on Localmart';

/** Shown for an unknown store (or team member) id; shared by every page of a store. */
export function StoreMissing() {
  return (
    <section className="lm-placeholder">
      <p className="lm-placeholder-lead">{STORE_MISSING}</p>
      <IonButton routerLink={HOME_PATH} routerDirection="root" fill="outline">
        {`Back to ${labels.menuStores}`}
      </IonButton>
    </section>
  );
}
