import { IonButtons, IonMenuButton } from '@ionic/react';

/**
 * The page skeleton's menu button, in a chunk of its own: ion-buttons, ion-menu-button and the icon
 * runtime they bring were ~12 KB of the shell's gzipped initial JS (issue 18), for a skeleton that
 * shows only while a page's code loads, the same moment every page's toolbar loads them anyway.
 */
export default function SkeletonMenuButton() {
  return (
    <IonButtons slot="start">
      <IonMenuButton />
    </IonButtons>
  );
}
