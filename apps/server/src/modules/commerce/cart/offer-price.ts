import { currentPrice, type Money, type SaleWindow } from '@localmart/contract';
import { offers } from '../../../db/schema/index.ts';

/** The offer columns a price needs: spread into a select from `offers`. */
export const offerPriceColumns = {
  priceAmount: offers.priceAmount,
  currency: offers.currency,
  saleAmount: offers.saleAmount,
  saleStartsAt: offers.saleStartsAt,
  saleEndsAt: offers.saleEndsAt,
} as const;

/** The offer columns a price needs, as selected with `offerPriceColumns`. */
export interface OfferPriceRow {
  priceAmount: number;
  currency: string;
  saleAmount: number | null;
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
}

function saleWindow(offer: OfferPriceRow): SaleWindow | null {
  if (offer.saleAmount === null || !offer.saleStartsAt || !offer.saleEndsAt) return null;
  return {
    price: { amount: offer.saleAmount, currency: offer.currency },
    startsAt: offer.saleStartsAt.toISOString(),
    endsAt: offer.saleEndsAt.toISOString(),
  };
}

/** What a shopper pays for the offer at `now` (sale included), and its regular price. */
export function offerPriceAt(
  offer: OfferPriceRow,
  now: Date,
): { price: Money; regularPrice: Money } {
  return currentPrice(
    { price: { amount: offer.priceAmount, currency: offer.currency }, sale: saleWindow(offer) },
    now,
  );
}
