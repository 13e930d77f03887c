import {
  currentPrice,
  type FulfilmentFlags,
  type Offer,
  type SaleWindow,
  stockStatus,
} from '@localmart/contract';
import { sql } from 'drizzle-orm';
import { businesses, offers } from '../../../db/schema/index.ts';
import {
  type BusinessRefRow,
  businessRefColumns,
  pickupPromiseOf,
  roundKm,
  toBusinessRef,
} from './business-ref.ts';

/**
 * One store's offer as every screen shows it (product page, product cards, flyer hotspots). Select
 * `offerColumns` from offers joined to businesses, then map each row with `toOffer`.
 */
export const offerColumns = {
  offerId: offers.id,
  productId: offers.productId,
  priceAmount: offers.priceAmount,
  currency: offers.currency,
  saleAmount: offers.saleAmount,
  saleStartsAt: offers.saleStartsAt,
  saleEndsAt: offers.saleEndsAt,
  quantity: offers.quantity,
  stockUpdatedAt: offers.stockUpdatedAt,
  business: businessRefColumns,
  fulfilment: businesses.fulfilment,
  pickupReadyMinutes: businesses.pickupReadyMinutes,
} as const;

export interface OfferRow {
  offerId: string;
  productId: string;
  priceAmount: number;
  currency: string;
  saleAmount: number | null;
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
  quantity: number;
  stockUpdatedAt: Date;
  business: BusinessRefRow;
  fulfilment: FulfilmentFlags;
  pickupReadyMinutes: number | null;
}

/**
 * The price the shopper pays now, in SQL, for price filters and sorts; the same rule as the
 * contract's currentPrice (sale start included, end excluded).
 */
export function currentPriceSql(now: Date) {
  return sql<number>`(case when ${offers.saleAmount} is not null
    and ${offers.saleStartsAt} <= ${now.toISOString()}::timestamptz
    and ${offers.saleEndsAt} > ${now.toISOString()}::timestamptz
    then ${offers.saleAmount} else ${offers.priceAmount} end)`;
}

export function saleOf(row: OfferRow): SaleWindow | null {
  if (row.saleAmount === null || !row.saleStartsAt || !row.saleEndsAt) return null;
  return {
    price: { amount: row.saleAmount, currency: row.currency },
    startsAt: row.saleStartsAt.toISOString(),
    endsAt: row.saleEndsAt.toISOString(),
  };
}

export function toOffer(row: OfferRow, now: Date, distanceKm: number | null = null): Offer {
  const price = { amount: row.priceAmount, currency: row.currency };
  const sale = saleOf(row);
  const current = currentPrice({ price, sale }, now);
  return {
    id: row.offerId,
    productId: row.productId,
    business: toBusinessRef(row.business, now),
    price,
    sale,
    currentPrice: current.price,
    onSale: current.onSale,
    quantity: Math.max(0, row.quantity),
    stock: stockStatus(row.quantity),
    updatedAt: row.stockUpdatedAt.toISOString(),
    distanceKm: roundKm(distanceKm),
    pickupPromise: pickupPromiseOf(row.pickupReadyMinutes, row.fulfilment),
    fulfilment: row.fulfilment,
  };
}
