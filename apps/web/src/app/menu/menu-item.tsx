import { IonIcon, IonItem, IonLabel, IonMenuToggle } from '@ionic/react';
import type { MenuEntry } from './menu-entries.ts';

/**
 * One side-menu entry: a link (IonItem routerLink renders a real <a>) or a button for an action, named
 * by its label. IonMenuToggle closes the overlay menu on phones after a choice; autoHide is off so the
 * entry stays visible in the desktop split pane.
 */
export function MenuItem({
  entry,
  current,
  onAction,
}: {
  entry: MenuEntry;
  current: boolean;
  onAction?: (entry: MenuEntry) => void;
}) {
  return (
    <IonMenuToggle autoHide={false}>
      {entry.kind === 'link' ? (
        <IonItem
          routerLink={entry.url}
          routerDirection="root"
          detail={false}
          aria-current={current ? 'page' : undefined}
          className={current ? 'lm-menu-item lm-menu-item-current' : 'lm-menu-item'}
        >
          <IonIcon slot="start" icon={entry.icon} aria-hidden="true" />
          <IonLabel>{entry.label}</IonLabel>
        </IonItem>
      ) : (
        <IonItem button detail={false} onClick={() => onAction?.(entry)} className="lm-menu-item">
          <IonIcon slot="start" icon={entry.icon} aria-hidden="true" />
          <IonLabel>{entry.label}</IonLabel>
        </IonItem>
      )}
    </IonMenuToggle>
  );
}
