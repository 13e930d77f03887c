import { describe, expect, it } from 'vitest';
import { countRecords, generateCity } from './generate-city.ts';
import type { CityScale } from './scales.ts';

/**
 * The bench city (2,000 stores, 200,000 products, 1,000,000 offers) takes about ten seconds to
 * stream (see generate-city.cli.ts), too long for a unit test. The same code paths run here at a
 * twentieth of the size; the bench counts were checked with the CLI.
 */
const REDUCED: CityScale = {
  businesses: 100,
  products: 10_000,
  offers: 50_000,
  menus: 25,
  services: 60,
  flyers: 30,
};

describe('streaming at a reduced bench scale', () => {
  it('yields exactly the requested counts, parents first', () => {
    const city = generateCity({
      scale: REDUCED,
      seed: 'bench',
      now: new Date('2025-06-13T16:00:00Z'),
    });
    const counts = countRecords(city);
    expect(counts).toMatchObject({
      business: 100,
      product: 10_000,
      offer: 50_000,
      menu: 25,
      service: 60,
      flyer: 30,
    });

    const order = [
      'category',
      'business',
      'product',
      'offer',
      'menu',
      'service',
      'flyer',
      'teamMember',
      'galleryItem',
    ];
    let last = 0;
    const productIds = new Set<string>();
    const offered = new Set<string>();
    for (const record of city.records()) {
      const rank = order.indexOf(record.type);
      expect(rank).toBeGreaterThanOrEqual(last);
      last = rank;
      if (record.type === 'product') productIds.add(record.value.id);
      if (record.type === 'offer') {
        expect(productIds.has(record.value.productId)).toBe(true);
        offered.add(record.value.productId);
      }
    }
    expect(offered.size).toBe(10_000);
  });

  it('is lazy: the first offer arrives without generating the rest', () => {
    const city = generateCity({
      scale: 'bench',
      seed: 'bench',
      now: new Date('2025-06-13T16:00:00Z'),
    });
    const started = performance.now();
    const first = city.offers[Symbol.iterator]().next();
    expect(first.done).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(city.businesses).toHaveLength(2_000);
    expect(city.scale).toMatchObject({ products: 200_000, offers: 1_000_000 });
  });
});
