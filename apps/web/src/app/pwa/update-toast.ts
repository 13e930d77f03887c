import { toastController } from '@ionic/core/components';
import { defineCustomElement } from '@ionic/core/components/ion-toast.js';

/** The update toast's words (issue 14: "A new version is available - Reload"). */
export const UPDATE_MESSAGE = 'A new version is available.';
export const UPDATE_ACTION = 'Reload';
export const UPDATE_LATER = 'Later';

/**
 * Offers a waiting new version as an Ionic toast; `activate` runs when "Reload" is tapped. Through
 * Ionic's controller, like ask-logout.ts: @ionic/react's IonToast would put the toast component
 * (~6 kB compressed) into the entry chunk every first screen waits for (issue 18's budget).
 */
export async function showUpdateToast(activate: () => void): Promise<void> {
  defineCustomElement();
  const toast = await toastController.create({
    message: UPDATE_MESSAGE,
    position: 'bottom',
    color: 'dark',
    buttons: [
      { text: UPDATE_ACTION, role: 'reload', handler: activate },
      { text: UPDATE_LATER, role: 'cancel' },
    ],
  });
  await toast.present();
}
