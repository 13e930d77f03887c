import { IonIcon } from '@ionic/react';
import { type FavouriteKind, listsMessages } from '@localmart/contract';
import { useQueryClient } from '@tanstack/react-query';
import { heart, heartOutline } from 'ionicons/icons';
import { useState } from 'react';
import { authModals } from '../../lib/auth-modals.ts';
import { useSession } from '../../lib/storage.ts';
import { showError, showInfo } from '../ui/toasts/toasts.ts';
import { listsKeys, setFavourite, useFavouriteIds } from './lists-api.ts';
import './lists.css';

/** "Add Forno Rosso to favourites" / "Remove … from favourites": the heart said in words. */
export function favouriteLabel(name: string, on: boolean): string {
  return on ? `Remove ${name} from favourites` : `Add ${name} to favourites`;
}

/**
 * The heart on a store, product or dish (issue 17). A visitor is asked to sign in (the login
 * dialog, coming back to this page); a shopper's tap shows at once and is undone if refused.
 */
export function FavouriteButton({
  kind,
  targetId,
  name,
  compact = false,
}: {
  kind: FavouriteKind;
  targetId: string;
  name: string;
  /** On cards: the heart alone, no "Favourite" word. */
  compact?: boolean;
}) {
  const { isLoggedIn } = useSession();
  const queryClient = useQueryClient();
  const ids = useFavouriteIds(isLoggedIn);
  const [pending, setPending] = useState<boolean | null>(null);
  const on = pending ?? ids[kind].includes(targetId);

  const toggle = async () => {
    if (!isLoggedIn) {
      showInfo(listsMessages.favouritesTitle, listsMessages.signInToFavourite);
      authModals.openLogin();
      return;
    }
    const next = !on;
    setPending(next);
    try {
      await setFavourite(kind, targetId, next);
      await queryClient.invalidateQueries({ queryKey: listsKeys.all });
    } catch (error) {
      showError(listsMessages.favouritesTitle, (error as Error).message);
    } finally {
      setPending(null);
    }
  };

  return (
    <button
      type="button"
      className={`lm-favourite-button${on ? ' lm-favourite-on' : ''}${compact ? ' lm-favourite-compact' : ''}`}
      aria-label={favouriteLabel(name, on)}
      aria-pressed={on}
      onClick={(event) => {
        // On a card the heart sits inside a link: the tap favourites, it does not open the card.
        event.preventDefault();
        event.stopPropagation();
        void toggle();
      }}
    >
      <IonIcon icon={on ? heart : heartOutline} aria-hidden="true" />
      {!compact && <span>{on ? 'Favourited' : 'Favourite'}</span>}
    </button>
  );
}
