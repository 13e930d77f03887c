import { currencyDigits, type Money } from '@localmart/contract';

/**
 * PayU takes and returns amounts as decimal text in major units ("12.50"). Built and read as text,
 * digit by digit, so no amount ever goes through a float (1250 CAD is "12.50", never "12.499999").
 */

/** 1250 CAD -> "12.50"; 500 JPY -> "500"; 1234 KWD -> "1.234". */
export function toPayuAmount(money: Money): string {
  const { amount, currency } = money;
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`PayU amounts are whole, non-negative minor units; got ${amount}`);
  }
  const digits = currencyDigits(currency);
  if (digits === 0) return String(amount);
  const text = String(amount).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

const PAYU_AMOUNT = /^(\d+)(?:\.(\d+))?$/;

/**
 * "12.50" (or "12.5", "12") in `currency` -> Money, or null when the text is not a plain amount or
 * has more decimals than the currency (trailing zeros beyond them are fine: "10.000" INR is 1000).
 */
export function fromPayuAmount(text: string, currency: string): Money | null {
  const match = PAYU_AMOUNT.exec(text.trim());
  if (!match) return null;
  const digits = currencyDigits(currency);
  const whole = match[1]!;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return null;
  const amount = Number(`${whole}${fraction.padEnd(digits, '0')}`);
  if (!Number.isSafeInteger(amount)) return null;
  return { amount, currency: currency.toUpperCase() };
}
