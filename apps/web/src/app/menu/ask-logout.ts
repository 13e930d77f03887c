import { alertController } from '@ionic/core/components';
import { defineCustomElement } from '@ionic/core/components/ion-alert.js';
import { labels } from '@localmart/contract';

/**
 * The logout question (spec §4), "Yes" or "Cancel", as an Ionic alert. Loaded when Logout is
 * tapped: rendered as @ionic/react's IonAlert by the menu, the alert component (~10 kB compressed)
 * sat in the entry chunk that every first screen waits for.
 */
export async function askLogout(): Promise<boolean> {
  defineCustomElement();
  const alert = await alertController.create({
    header: labels.logoutConfirm,
    buttons: [
      { text: labels.cancel, role: 'cancel' },
      { text: labels.yes, role: 'confirm' },
    ],
  });
  await alert.present();
  const { role } = await alert.onDidDismiss();
  return role === 'confirm';
}
