import { describe, expect, it } from 'vitest';
import { gtinCheckDigit, isValidGtin } from '@localmart/contract';
import { demoGtin13 } from './gtin.ts';

describe('GTIN check digits (GS1 mod 10)', () => {
  it('matches published examples', () => {
    expect(gtinCheckDigit('400638133393')).toBe(1); // EAN-13 4006381333931
    expect(gtinCheckDigit('978030640615')).toBe(7); // ISBN-13 9780306406157
    expect(gtinCheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(isValidGtin('4006381333931')).toBe(true);
    expect(isValidGtin('4006381333932')).toBe(false);
    expect(isValidGtin('12345')).toBe(false);
  });

  it('makes unique, valid GTIN-13s and ISBN-13s', () => {
    const codes = new Set<string>();
    for (let index = 0; index < 20_000; index++) {
      const item = demoGtin13(index, 987_654_321, 'item');
      const book = demoGtin13(index, 987_654_321, 'book');
      expect(item).toMatch(/^0\d{12}$/);
      expect(book).toMatch(/^978\d{10}$/);
      expect(isValidGtin(item) && isValidGtin(book)).toBe(true);
      codes.add(item).add(book);
    }
    expect(codes.size).toBe(40_000);
  });

  it('handles bench-scale indexes exactly', () => {
    expect(isValidGtin(demoGtin13(199_999, 123, 'item'))).toBe(true);
    expect(demoGtin13(199_999, 123, 'item')).not.toBe(demoGtin13(199_998, 123, 'item'));
  });
});
