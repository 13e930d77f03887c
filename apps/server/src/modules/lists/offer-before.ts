import { currentPrice, IN_STOCK_MIN_QUANTITY, type ManagedOffer } from '@localmart/contract';
import type { OfferBefore } from './deal-scan.ts';

/**
 * An owner's offer as shoppers saw it just before an edit (Manage's offers PATCH reads it first):
 * the price they paid then and whether it counted as in stock. The deal scan compares the edited
 * offer with this, so a sale of the last units (no scan) cannot hide a restock.
 */
export function offerBeforeOf(offer: ManagedOffer, now: Date): OfferBefore {
  const sale =
    offer.salePrice && offer.saleStartsAt && offer.saleEndsAt
      ? { price: offer.salePrice, startsAt: offer.saleStartsAt, endsAt: offer.saleEndsAt }
      : null;
  return {
    offerId: offer.id,
    priceAmount: currentPrice({ price: offer.price, sale }, now).price.amount,
    inStock: offer.quantity >= IN_STOCK_MIN_QUANTITY,
  };
}
