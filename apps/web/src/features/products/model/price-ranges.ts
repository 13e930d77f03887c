import { currencyDigits, formatMoney } from '@localmart/contract';

/** A price filter as a shopper picks it: bounds in minor units, null for open-ended. */
export interface PriceRange {
  min: number | null;
  max: number | null;
}

/** Preset bands in whole units of the currency (Under 5, 5-10, 10-25, 25 and up). */
const BANDS: readonly [number | null, number | null][] = [
  [null, 5],
  [5, 10],
  [10, 25],
  [25, null],
];

/** The preset bands in minor units of `currency` (500, 1000 ... for CAD; 5, 10 ... for JPY). */
export function pricePresets(currency: string): PriceRange[] {
  const scale = 10 ** currencyDigits(currency);
  return BANDS.map(([min, max]) => ({
    min: min === null ? null : min * scale,
    max: max === null ? null : max * scale,
  }));
}

/** 'Under $5.00', '$5.00 – $10.00', '$25.00+', or null when there is no bound. */
export function priceRangeLabel(range: PriceRange, currency: string, locale?: string) {
  const money = (minor: number) => formatMoney(minor, currency, locale);
  if (range.min !== null && range.max !== null) return `${money(range.min)} – ${money(range.max)}`;
  if (range.max !== null) return `Under ${money(range.max)}`;
  if (range.min !== null) return `${money(range.min)}+`;
  return null;
}
