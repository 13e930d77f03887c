import type { Money } from './money.ts';

/** A sale price and the instants it runs between (start included, end excluded). */
export interface SaleWindow {
  price: Money;
  startsAt: string;
  endsAt: string;
}

export interface PricedOffer {
  price: Money;
  sale: SaleWindow | null;
}

/** Whether the sale applies at `now`; a sale that is scheduled or over does not. */
export function isSaleActive(sale: SaleWindow | null, now: Date): sale is SaleWindow {
  if (!sale) return false;
  const t = now.getTime();
  return Date.parse(sale.startsAt) <= t && t < Date.parse(sale.endsAt);
}

/**
 * What the shopper pays now, and the regular price to strike through when a sale is on. Price filters
 * and price sorts use this current price, so a sale item shows up under "under $5" during its sale.
 */
export function currentPrice(
  offer: PricedOffer,
  now: Date,
): { price: Money; onSale: boolean; regularPrice: Money } {
  return isSaleActive(offer.sale, now)
    ? { price: offer.sale.price, onSale: true, regularPrice: offer.price }
    : { price: offer.price, onSale: false, regularPrice: offer.price };
}
