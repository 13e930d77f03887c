import { describe, expect, it } from 'vitest';
import { fromPayuAmount, toPayuAmount } from './payu-amount.ts';

describe('toPayuAmount', () => {
  it('writes minor units as major-unit text with the currency digits', () => {
    expect(toPayuAmount({ amount: 1250, currency: 'CAD' })).toBe('12.50');
    expect(toPayuAmount({ amount: 5, currency: 'INR' })).toBe('0.05');
    expect(toPayuAmount({ amount: 0, currency: 'CAD' })).toBe('0.00');
    expect(toPayuAmount({ amount: 500, currency: 'JPY' })).toBe('500');
    expect(toPayuAmount({ amount: 1234, currency: 'KWD' })).toBe('1.234');
    // 0.1 + 0.2 territory: text building never drifts.
    expect(toPayuAmount({ amount: 30, currency: 'CAD' })).toBe('0.30');
    expect(toPayuAmount({ amount: 123456789012, currency: 'CAD' })).toBe('1234567890.12');
  });

  it('refuses fractions and negative amounts', () => {
    expect(() => toPayuAmount({ amount: 12.5, currency: 'CAD' })).toThrow(RangeError);
    expect(() => toPayuAmount({ amount: -1, currency: 'CAD' })).toThrow(RangeError);
  });
});

describe('fromPayuAmount', () => {
  it('reads PayU amount text back into minor units', () => {
    expect(fromPayuAmount('12.50', 'cad')).toEqual({ amount: 1250, currency: 'CAD' });
    expect(fromPayuAmount('12.5', 'CAD')).toEqual({ amount: 1250, currency: 'CAD' });
    expect(fromPayuAmount('10', 'INR')).toEqual({ amount: 1000, currency: 'INR' });
    expect(fromPayuAmount('10.000', 'INR')).toEqual({ amount: 1000, currency: 'INR' });
    expect(fromPayuAmount('500', 'JPY')).toEqual({ amount: 500, currency: 'JPY' });
  });

  it('returns null for anything that is not a plain amount in the currency', () => {
    for (const text of ['', 'abc', '-1.00', '1,000.00', '12.505', '1e3', '$12.50', '12.']) {
      expect(fromPayuAmount(text, 'CAD')).toBeNull();
    }
    expect(fromPayuAmount('5.5', 'JPY')).toBeNull();
  });
});
