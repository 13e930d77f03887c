/**
 * How a store's order reaches the shopper. Reserve-for-pickup is paid at the store: the card is only
 * pre-authorised (held) and captured at pickup. Buy-online-pickup and same-day delivery are paid now.
 */
export const FULFILMENT_METHODS = [
  'reserve_pickup',
  'buy_online_pickup',
  'same_day_delivery',
] as const;
export type FulfilmentMethod = (typeof FULFILMENT_METHODS)[number];

export const FULFILMENT_LABELS = {
  reserve_pickup: 'Reserve for pickup',
  buy_online_pickup: 'Buy online, pick up in store',
  same_day_delivery: 'Same-day delivery',
} as const satisfies Record<FulfilmentMethod, string>;

/** One line under the label, so the shopper knows when they pay. */
export const FULFILMENT_HINTS = {
  reserve_pickup: 'Pay at the store. Your card is only held until pickup.',
  buy_online_pickup: 'Pay now, collect at the store.',
  same_day_delivery: 'Pay now, delivered today.',
} as const satisfies Record<FulfilmentMethod, string>;

export const PAYMENT_MODES = ['charge', 'preauth'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** Reserve orders are held (pre-authorised); every other method is charged at checkout. */
export function paymentModeOf(method: FulfilmentMethod): PaymentMode {
  return method === 'reserve_pickup' ? 'preauth' : 'charge';
}

export function isPickup(method: FulfilmentMethod): boolean {
  return method !== 'same_day_delivery';
}

/** The store's flags (catalogue `FulfilmentFlags`) as the methods a shopper may choose. */
export function offeredMethods(flags: {
  reservePickup: boolean;
  buyOnlinePickup: boolean;
  sameDayDelivery: boolean;
}): FulfilmentMethod[] {
  const methods: FulfilmentMethod[] = [];
  if (flags.reservePickup) methods.push('reserve_pickup');
  if (flags.buyOnlinePickup) methods.push('buy_online_pickup');
  if (flags.sameDayDelivery) methods.push('same_day_delivery');
  return methods;
}
