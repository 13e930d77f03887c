import type { Offer } from '@localmart/contract';
import { useLocation } from 'react-router-dom';
import { showInfo } from '../ui/toasts/toasts.ts';
import { authModals } from '../../lib/auth-modals.ts';
import { useSession } from '../../lib/storage.ts';
import './catalog.css';

/** The cart is the next issue; until then a signed-in shopper is told so. */
export const CART_NEXT_RELEASE_TITLE = 'Coming soon';
export const CART_NEXT_RELEASE_MESSAGE = 'Cart opens in the next release';
export const RESERVE_LABEL = 'Reserve';
export const ADD_TO_CART_LABEL = 'Add to cart';

export interface OfferActionsProps {
  offer: Offer;
}

/**
 * Reserve (reserve for pickup) and Add to cart (buy online for pickup, or same-day delivery), shown by
 * the store's fulfilment options. Both are off when the offer is not labelled in stock (stock.ts:
 * quantity >= 2), and the stock wording says why. Signed-out shoppers are asked to sign in first.
 */
export function OfferActions({ offer }: OfferActionsProps) {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  const canReserve = offer.fulfilment.reservePickup;
  const canBuy = offer.fulfilment.buyOnlinePickup || offer.fulfilment.sameDayDelivery;
  if (!canReserve && !canBuy) return null;
  const available = offer.stock.inStock;
  const storeName = offer.business.name;

  function act() {
    if (!isLoggedIn) {
      // Back to this very page after signing in (spec §2 return_url has no leading slash).
      authModals.openLogin({ returnUrl: `${location.pathname}${location.search}`.slice(1) });
      return;
    }
    showInfo(CART_NEXT_RELEASE_TITLE, CART_NEXT_RELEASE_MESSAGE);
  }

  return (
    <div className="lm-offer-actions">
      {canReserve && (
        <button
          type="button"
          className="lm-button lm-offer-button"
          disabled={!available}
          aria-label={`${RESERVE_LABEL} at ${storeName}`}
          onClick={act}
        >
          {RESERVE_LABEL}
        </button>
      )}
      {canBuy && (
        <button
          type="button"
          className="lm-button lm-button-primary lm-offer-button"
          disabled={!available}
          aria-label={`${ADD_TO_CART_LABEL} at ${storeName}`}
          onClick={act}
        >
          {ADD_TO_CART_LABEL}
        </button>
      )}
      {!available && <p className="lm-offer-unavailable">{offer.stock.label}</p>}
    </div>
  );
}
