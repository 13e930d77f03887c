import {
  IonBackButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonMenuButton,
  IonPage,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import type { ReactNode } from 'react';
import { NotificationBellSlot } from '../notifications/notification-bell-slot.tsx';
import { CartButton } from './cart-button.tsx';
import { SignInButton } from './sign-in-button.tsx';

export interface AppPageProps {
  title: string;
  /** Where the back button goes when there is no history (a page opened from a link). */
  backTo?: string | undefined;
  /** Extra classes on IonContent, e.g. to style one page's body. */
  contentClassName?: string | undefined;
  children?: ReactNode;
}

/**
 * Every page's frame (Ionic conference app): IonPage > IonHeader > IonToolbar (menu button, optional
 * back button, title, the cart with its badge, or Sign in for a visitor) > IonContent. The title
 * holds the page's h1: ion-title renders no heading element of its own, and screen readers (and
 * role-based tests) navigate by headings.
 */
export function AppPage({ title, backTo, contentClassName, children }: AppPageProps) {
  return (
    <IonPage>
      <IonHeader>
        <IonToolbar color="primary">
          <IonButtons slot="start">
            <IonMenuButton />
            {backTo !== undefined && <IonBackButton defaultHref={backTo} />}
          </IonButtons>
          <IonTitle>
            <h1 className="lm-page-title">{title}</h1>
          </IonTitle>
          <IonButtons slot="end">
            <NotificationBellSlot />
            <CartButton />
            <SignInButton />
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className={['ion-padding', contentClassName].filter(Boolean).join(' ')}>
        {children}
      </IonContent>
    </IonPage>
  );
}
