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
import { arrowBackOutline, closeOutline } from 'ionicons/icons';
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface AppModalProps {
  isOpen: boolean;
  title: string;
  /**
   * Every dismissal ends here. `role` is Ionic's: 'backdrop' (backdrop tap, Escape), 'gesture' (swipe
   * down) for the visitor's own dismissals, undefined when `isOpen` turned false.
   */
  onDidDismiss: (role?: string) => void;
  /** Ask the modal to close (the close button). */
  onClose: () => void;
  /** When given, a back arrow named "Back" leads here (forgot password back to login, spec §2). */
  onBack?: (() => void) | undefined;
  children?: ReactNode;
}

/**
 * A titled modal dialog (login, registration, terms...). ion-modal puts role="dialog" on a wrapper
 * inside its shadow root and slots our content into it, so in the DOM the content is not a descendant
 * of the dialog element and the dialog has no name. Here the shadow wrapper's role is neutralised
 * (ion-modal hands a host `role` to it) and our own element is the dialog: labelled by the title and
 * containing the header and content, as assistive technology and role-based tests expect.
 *
 * When the title changes while open (one modal whose content switches, e.g. login to registration),
 * focus moves to the new title so a screen reader announces where the visitor now is.
 */
export function AppModal({
  isOpen,
  title,
  onDidDismiss,
  onClose,
  onBack,
  children,
}: AppModalProps) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shownTitle = useRef(title);

  useEffect(() => {
    if (shownTitle.current === title) return;
    shownTitle.current = title;
    if (isOpen) titleRef.current?.focus();
  }, [title, isOpen]);

  return (
    <IonModal isOpen={isOpen} onDidDismiss={(event) => onDidDismiss(event.detail.role)} role="none">
      <div className="lm-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <IonHeader>
          <IonToolbar>
            {onBack && (
              <IonButtons slot="start">
                <IonButton onClick={onBack} aria-label="Back">
                  <IonIcon slot="icon-only" icon={arrowBackOutline} aria-hidden="true" />
                </IonButton>
              </IonButtons>
            )}
            <IonTitle>
              <h2 id={titleId} ref={titleRef} tabIndex={-1} className="lm-page-title">
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
