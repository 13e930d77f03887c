/**
 * Money is stored and sent as an integer count of the currency's minor unit (cents for CAD, none for
 * JPY, fils for KWD) with an ISO 4217 code: integers add and compare exactly, floats do not
 * (0.1 + 0.2). Only these helpers turn minor units into text or text into minor units.
 */

export interface Money {
  /** Integer amount in the currency's minor unit: 1299 CAD is $12.99. */
  amount: number;
  /** ISO 4217 code, upper case. */
  currency: string;
}

/** Prices read as Canadian English unless the shopper's country says otherwise. */
export const DEFAULT_MONEY_LOCALE = 'en-CA';

const digitsCache = new Map<string, number>();
const formatterCache = new Map<string, Intl.NumberFormat>();

/** How many minor-unit digits the currency has (2 for CAD, 0 for JPY, 3 for KWD), per Intl's data. */
export function currencyDigits(currency: string): number {
  const code = currency.toUpperCase();
  let digits = digitsCache.get(code);
  if (digits === undefined) {
    // Throws a RangeError for a malformed code, which is what a caller passing one deserves.
    digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits;
    digits ??= 2;
    digitsCache.set(code, digits);
  }
  return digits;
}

function assertMinorUnits(minor: number): void {
  if (!Number.isSafeInteger(minor)) {
    throw new RangeError(`Money amounts are whole minor units; got ${minor}`);
  }
}

/** 1299 CAD -> 12.99. For arithmetic-free display only; keep computing in minor units. */
export function toMajorUnits(minor: number, currency: string): number {
  assertMinorUnits(minor);
  return minor / 10 ** currencyDigits(currency);
}

/** 1299, 'CAD' -> '$12.99' (en-CA); 'CA$12.99' in en-US; '₹1,23,456.50' for 12345650 INR in en-IN. */
export function formatMoney(
  minor: number,
  currency: string,
  locale: string = DEFAULT_MONEY_LOCALE,
): string {
  const code = currency.toUpperCase();
  const digits = currencyDigits(code);
  const key = `${locale}|${code}`;
  let formatter = formatterCache.get(key);
  if (!formatter) {
    // List screens format hundreds of prices; building a NumberFormat is the expensive part.
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatterCache.set(key, formatter);
  }
  return formatter.format(toMajorUnits(minor, code));
}

/** `formatMoney` for a `Money` value. */
export function formatPrice(money: Money, locale?: string): string {
  return formatMoney(money.amount, money.currency, locale);
}

/**
 * A price typed by a person ('12.99', '$1,234.5', ' 7 ', '-3.10') -> minor units, or null when it is
 * not a price in this currency (letters, two decimal points, more decimals than the currency has).
 * English-style input only: ',' groups thousands and '.' separates decimals. Exact: the digits are
 * joined as text, never multiplied as floats.
 */
export function parseMoney(input: string, currency: string): number | null {
  const digits = currencyDigits(currency);
  const cleaned = input
    .trim()
    .replace(/^([-+]?)\s*(?:[A-Z]{3}\s*)?[$£€₹¥]?\s*/i, '$1')
    .replace(/,(?=\d{3}(?:\D|$))/g, '');
  const match = /^([-+]?)(\d+)(?:\.(\d*))?$/.exec(cleaned) ?? /^([-+]?)()\.(\d+)$/.exec(cleaned);
  if (!match) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (fraction.length > digits) return null;
  const minor = Number(`${whole || '0'}${fraction.padEnd(digits, '0')}`);
  if (!Number.isSafeInteger(minor)) return null;
  return sign === '-' ? -minor : minor;
}
