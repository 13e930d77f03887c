import { describe, expect, it } from 'vitest';
import { currencyDigits, formatMoney, formatPrice, parseMoney, toMajorUnits } from './money.ts';

// Intl separates currency and number with a narrow no-break space in some locales.
const normaliseSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('currencyDigits', () => {
  it('knows the minor unit of each currency', () => {
    expect(currencyDigits('CAD')).toBe(2);
    expect(currencyDigits('cad')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
  });

  it('rejects a malformed code', () => {
    expect(() => currencyDigits('DOLLARS')).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('formats minor units in the default Canadian English locale', () => {
    expect(formatMoney(1299, 'CAD')).toBe('$12.99');
    expect(formatMoney(0, 'CAD')).toBe('$0.00');
    expect(formatMoney(5, 'CAD')).toBe('$0.05');
    expect(formatMoney(123456789, 'CAD')).toBe('$1,234,567.89');
    expect(formatMoney(-250, 'CAD')).toBe('-$2.50');
  });

  it('follows the locale and the currency', () => {
    expect(formatMoney(1299, 'CAD', 'en-US')).toBe('CA$12.99');
    expect(formatMoney(1299, 'USD', 'en-US')).toBe('$12.99');
    expect(formatMoney(1299, 'GBP', 'en-GB')).toBe('£12.99');
    expect(formatMoney(12345650, 'INR', 'en-IN')).toBe('₹1,23,456.50');
    expect(formatMoney(500, 'JPY', 'ja-JP')).toBe('￥500');
    expect(normaliseSpaces(formatMoney(1299, 'EUR', 'fr-CA'))).toBe('12,99 €');
  });

  it('refuses fractional or unsafe minor units', () => {
    expect(() => formatMoney(12.5, 'CAD')).toThrow(RangeError);
    expect(() => formatMoney(Number.MAX_SAFE_INTEGER + 2, 'CAD')).toThrow(RangeError);
  });

  it('formats a Money value', () => {
    expect(formatPrice({ amount: 399, currency: 'CAD' })).toBe('$3.99');
  });
});

describe('toMajorUnits', () => {
  it('divides by the minor unit', () => {
    expect(toMajorUnits(1299, 'CAD')).toBe(12.99);
    expect(toMajorUnits(500, 'JPY')).toBe(500);
    expect(toMajorUnits(1500, 'KWD')).toBe(1.5);
  });
});

describe('parseMoney', () => {
  it.each([
    ['12.99', 1299],
    ['12.9', 1290],
    ['12.', 1200],
    ['.5', 50],
    ['12', 1200],
    [' 7 ', 700],
    ['$1,234.50', 123450],
    ['CAD 4.99', 499],
    ['-3.10', -310],
    ['0', 0],
  ])('reads %j as %d cents', (input, minor) => {
    expect(parseMoney(input, 'CAD')).toBe(minor);
  });

  it.each(['', 'abc', '12.999', '1.2.3', '12,34', '1,2345', '--1', '$'])('rejects %j', (input) => {
    expect(parseMoney(input, 'CAD')).toBeNull();
  });

  it('uses the currency minor unit', () => {
    expect(parseMoney('500', 'JPY')).toBe(500);
    expect(parseMoney('500.5', 'JPY')).toBeNull();
    expect(parseMoney('1.234', 'KWD')).toBe(1234);
  });

  it('is exact where float multiplication is not', () => {
    // 1.15 * 100 === 114.99999999999999 in floating point
    expect(parseMoney('1.15', 'CAD')).toBe(115);
    expect(parseMoney('4.35', 'CAD')).toBe(435);
  });

  it('round-trips with formatMoney', () => {
    for (const minor of [0, 1, 99, 100, 1299, 100000, 987654321]) {
      expect(parseMoney(formatMoney(minor, 'CAD'), 'CAD')).toBe(minor);
    }
  });
});
