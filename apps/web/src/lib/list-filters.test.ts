import { describe, expect, it } from 'vitest';
import { priceBands, sortsFor } from './list-filters.ts';

describe('list filters (food items, services, products)', () => {
  it('builds adjacent price bands that never overlap', () => {
    expect(priceBands([1000, 2000], 'CAD')).toEqual([
      { id: '0-1000', label: 'Under $10.00', maxPrice: 999 },
      { id: '1000-2000', label: '$10.00 to $20.00', minPrice: 1000, maxPrice: 1999 },
      { id: '2000-', label: '$20.00 and up', minPrice: 2000 },
    ]);
  });

  it('offers sorting by distance only with a location', () => {
    expect(sortsFor(false)).not.toContain('distance');
    expect(sortsFor(true)).toContain('distance');
  });
});
