import { formatMoney } from './money.ts';
import type { Money } from './money.ts';

/**
 * Catalogue wording that is computed, not stored, so every screen says it the same way.
 * Stock wording lives in stock.ts, opening-state wording in opening-hours.ts.
 */

/** 'Usually ready in 30 min' / 'Usually ready in 2 h' / 'Usually ready in 1.5 h' / '... in 2 days'. */
export function pickupPromiseLabel(readyMinutes: number): string {
  return `Usually ready in ${durationLabel(readyMinutes, { halfHours: true })}`;
}

/**
 * A duration as a short label: '45 min', '1 h', '1 h 30 min', '2 days'. With `halfHours`, hours round
 * to the nearest half ('1.5 h'), the way stores quote pickup times.
 */
export function durationLabel(minutes: number, options: { halfHours?: boolean } = {}): string {
  const total = Math.max(0, Math.round(minutes));
  if (total >= 24 * 60) {
    const days = Math.round(total / (24 * 60));
    return `${days} ${days === 1 ? 'day' : 'days'}`;
  }
  if (total < 60) return `${Math.max(5, Math.round(total / 5) * 5)} min`;
  if (options.halfHours) return `${Math.round(total / 30) / 2} h`;
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

export const SERVICE_PRICE_TYPES = ['fixed', 'from'] as const;
export type ServicePriceType = (typeof SERVICE_PRICE_TYPES)[number];

/** '$35.00' for a fixed price, 'From $120.00' when the final price depends on the job. */
export function servicePriceLabel(price: Money, priceType: ServicePriceType, locale?: string) {
  const amount = formatMoney(price.amount, price.currency, locale);
  return priceType === 'from' ? `From ${amount}` : amount;
}

/** 'Save $1.50' for a flyer's sale story, from the regular and the sale price. */
export function saveAmountLabel(regular: Money, sale: Money, locale?: string): string {
  return `Save ${formatMoney(Math.max(0, regular.amount - sale.amount), regular.currency, locale)}`;
}
