import {
  IonButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonIcon,
  IonModal,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { closeOutline } from 'ionicons/icons';
import { useId, type ReactNode } from 'react';

export interface AppModalProps {
  isOpen: boolean;
  title: string;
  /** Close button and backdrop/Escape dismissals all end here. */
  onDidDismiss: () => void;
  /** Ask the modal to close (the close button). */
  onClose: () => void;
  children?: ReactNode;
}

/**
 * A titled modal dialog (login, registration, terms...). ion-modal puts role="dialog" on a wrapper
 * inside its shadow root and slots our content into it, so in the DOM the content is not a descendant
 * of the dialog element and the dialog has no name. Here the shadow wrapper's role is neutralised
 * (ion-modal hands a host `role` to it) and our own element is the dialog: labelled by the title and
 * containing the header and content, as assistive technology and role-based tests expect.
 */
export function AppModal({ isOpen, title, onDidDismiss, onClose, children }: AppModalProps) {
  const titleId = useId();
  return (
    <IonModal isOpen={isOpen} onDidDismiss={onDidDismiss} role="none">
      <div className="lm-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <IonHeader>
          <IonToolbar>
            <IonTitle>
              <h2 id={titleId} className="lm-page-title">
                {title}
              </h2>
            </IonTitle>
            <IonButtons slot="end">
              <IonButton onClick={onClose} aria-label="Close">
                <IonIcon slot="icon-only" icon={closeOutline} aria-hidden="true" />
              </IonButton>
            </IonButtons>
          </IonToolbar>
        </IonHeader>
        <IonContent className="ion-padding">{children}</IonContent>
      </div>
    </IonModal>
  );
}
