import { IonIcon } from '@ionic/react';
import { type AddListItemRequest, listsMessages } from '@localmart/contract';
import { useQueryClient } from '@tanstack/react-query';
import { checkmarkCircle, cutOutline, listOutline } from 'ionicons/icons';
import { useState } from 'react';
import { authModals } from '../../lib/auth-modals.ts';
import { nearParams, useShopperLocation } from '../../lib/location/use-shopper-location.ts';
import { useSession } from '../../lib/storage.ts';
import { showError, showInfo, showSuccess } from '../ui/toasts/toasts.ts';
import { addToList, listsKeys } from './lists-api.ts';
import './lists.css';

export const ADD_TO_LIST_LABEL = 'Add to list';
export const CLIP_LABEL = 'Clip';
export const ON_LIST_LABEL = 'On your list';

/**
 * Puts a product, a dish or a flyer deal on the shopper's list (issue 17). `clip` words it for a
 * flyer hotspot ("Clip": the deal goes on the list with the flyer's price). A visitor is asked to
 * sign in first.
 */
export function AddToListButton({
  target,
  name,
  clip = false,
}: {
  target: AddListItemRequest;
  name: string;
  clip?: boolean;
}) {
  const { isLoggedIn } = useSession();
  const { location } = useShopperLocation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');

  const add = async () => {
    if (!isLoggedIn) {
      showInfo(listsMessages.listTitle, listsMessages.signInToList);
      authModals.openLogin();
      return;
    }
    setState('busy');
    try {
      const { message } = await addToList(target, nearParams(location));
      setState('done');
      showSuccess(listsMessages.listTitle, message);
      await queryClient.invalidateQueries({ queryKey: listsKeys.all });
    } catch (error) {
      setState('idle');
      showError(listsMessages.listTitle, (error as Error).message);
    }
  };

  const label = state === 'done' ? ON_LIST_LABEL : clip ? CLIP_LABEL : ADD_TO_LIST_LABEL;
  return (
    <button
      type="button"
      className={`lm-list-add-button${state === 'done' ? ' lm-list-add-done' : ''}`}
      aria-label={state === 'done' ? `${name}: ${ON_LIST_LABEL}` : `${label}: ${name}`}
      disabled={state === 'busy'}
      onClick={() => void add()}
    >
      <IonIcon
        icon={state === 'done' ? checkmarkCircle : clip ? cutOutline : listOutline}
        aria-hidden="true"
      />
      <span>{label}</span>
    </button>
  );
}
