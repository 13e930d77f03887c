import { describe, expect, it } from 'vitest';
import {
  googleLocalAvailability,
  IN_STOCK_MIN_QUANTITY,
  STOCK_LABELS,
  stockStatus,
} from './stock.ts';

describe('stockStatus (catalogue issue, spec §9)', () => {
  it.each([
    [10, 'in_stock', 'In stock', true],
    [3, 'in_stock', 'In stock', true],
    [2, 'low_stock', 'In stock - only 2 left', true],
    [1, 'limited', 'Limited availability', false],
    [0, 'out_of_stock', 'Out of stock', false],
    [-1, 'out_of_stock', 'Out of stock', false],
  ] as const)('quantity %d is %s ("%s")', (quantity, level, label, inStock) => {
    expect(stockStatus(quantity)).toEqual({ level, label, inStock });
  });

  it('treats NaN and -Infinity as out of stock and Infinity as in stock', () => {
    expect(stockStatus(Number.NaN).level).toBe('out_of_stock');
    expect(stockStatus(-Infinity).level).toBe('out_of_stock');
    expect(stockStatus(Infinity).level).toBe('in_stock');
  });

  it('rounds fractional quantities down', () => {
    expect(stockStatus(2.9).level).toBe('low_stock');
    expect(stockStatus(0.5).level).toBe('out_of_stock');
  });

  it('keeps the labels verbatim', () => {
    expect(STOCK_LABELS).toEqual({
      in_stock: 'In stock',
      low_stock: 'In stock - only 2 left',
      limited: 'Limited availability',
      out_of_stock: 'Out of stock',
    });
  });

  it('agrees with IN_STOCK_MIN_QUANTITY, the threshold server filters use', () => {
    expect(stockStatus(IN_STOCK_MIN_QUANTITY).inStock).toBe(true);
    expect(stockStatus(IN_STOCK_MIN_QUANTITY - 1).inStock).toBe(false);
  });
});

describe('googleLocalAvailability', () => {
  it('maps 3+ to in_stock, 1-2 to limited_availability, 0 or less to out_of_stock', () => {
    expect([5, 3, 2, 1, 0, -4, Number.NaN].map(googleLocalAvailability)).toEqual([
      'in_stock',
      'in_stock',
      'limited_availability',
      'limited_availability',
      'out_of_stock',
      'out_of_stock',
      'out_of_stock',
    ]);
  });
});
