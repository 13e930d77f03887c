import type { Offer, SubstitutionPreference } from '@localmart/contract';
import { useNavigate } from 'react-router-dom';
import { useAddToCartAction } from './use-add-to-cart-action.ts';
import './catalog.css';

export const RESERVE_LABEL = 'Reserve';
export const ADD_TO_CART_LABEL = 'Add to cart';

/**
 * Reserve goes straight on to the payment page with reserve-for-pickup chosen for this store (the
 * checkout page reads `reserve`); the rest of the cart waits there too, so nothing is lost.
 */
export function reservePath(businessId: string): string {
  return `/payumoney?${new URLSearchParams({ reserve: businessId }).toString()}`;
}

export interface OfferActionsProps {
  offer: Offer;
  /** Called before Reserve leaves the page, so a sheet showing the offer can close first. */
  onNavigate?: (() => void) | undefined;
  /** What the shopper accepts if the store runs out, chosen where they add it (issue 15). */
  substitution?: SubstitutionPreference | undefined;
}

/**
 * Reserve (reserve for pickup) and Add to cart (buy online for pickup, or same-day delivery), shown by
 * the store's fulfilment options. Both work while the store has any unit (1 left is "Limited
 * availability" but can still be bought); out of stock turns them off and the stock wording says
 * why. Signed-out shoppers are asked to sign in first.
 */
export function OfferActions({ offer, onNavigate, substitution }: OfferActionsProps) {
  const navigate = useNavigate();
  const cart = useAddToCartAction();
  const canReserve = offer.fulfilment.reservePickup;
  const canBuy = offer.fulfilment.buyOnlinePickup || offer.fulfilment.sameDayDelivery;
  if (!canReserve && !canBuy) return null;
  const available = offer.quantity > 0;
  const storeName = offer.business.name;
  const body = {
    kind: 'product' as const,
    itemId: offer.id,
    quantity: 1,
    ...(substitution ? { substitution } : {}),
  };

  return (
    <div className="lm-offer-actions">
      {canReserve && (
        <button
          type="button"
          className="lm-button lm-offer-button"
          disabled={!available || cart.isPending}
          aria-label={`${RESERVE_LABEL} at ${storeName}`}
          onClick={() =>
            cart.add(body, {
              onAdded: () => {
                onNavigate?.();
                navigate(reservePath(offer.business.id));
              },
            })
          }
        >
          {RESERVE_LABEL}
        </button>
      )}
      {canBuy && (
        <button
          type="button"
          className="lm-button lm-button-primary lm-offer-button"
          disabled={!available || cart.isPending}
          aria-label={`${ADD_TO_CART_LABEL} at ${storeName}`}
          onClick={() => cart.add(body)}
        >
          {ADD_TO_CART_LABEL}
        </button>
      )}
      {!available && <p className="lm-offer-unavailable">{offer.stock.label}</p>}
    </div>
  );
}
