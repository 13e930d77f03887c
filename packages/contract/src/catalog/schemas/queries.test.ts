import { describe, expect, it } from 'vitest';
import {
  businessListQuery,
  CATALOG_MAX_PAGE_SIZE,
  CATALOG_PAGE_SIZE,
  DEFAULT_RADIUS_KM,
  flyerListQuery,
  foodItemListQuery,
  productListQuery,
} from './queries.ts';

/** The messages of a failed parse, as `field: message`. */
function problems(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('catalogue list queries', () => {
  it('fills defaults for an empty query string', () => {
    expect(productListQuery.parse({})).toEqual({
      inStockOnly: false,
      radiusKm: DEFAULT_RADIUS_KM,
      sort: 'relevance',
      limit: CATALOG_PAGE_SIZE,
    });
  });

  it('reads numbers and booleans from URL text, and blank parameters as absent', () => {
    const query = productListQuery.parse({
      q: '  milk ',
      minPrice: '199',
      maxPrice: '',
      inStockOnly: 'true',
      lat: '43.65',
      lng: '-79.38',
      radiusKm: '5',
      sort: 'price_asc',
      limit: '50',
      cursor: 'eyJwIjo0OTl9',
    });
    expect(query).toEqual({
      q: 'milk',
      minPrice: 199,
      inStockOnly: true,
      lat: 43.65,
      lng: -79.38,
      radiusKm: 5,
      sort: 'price_asc',
      limit: 50,
      cursor: 'eyJwIjo0OTl9',
    });
    expect(productListQuery.parse({ q: '   ' }).q).toBeUndefined();
    expect(productListQuery.parse({ inStockOnly: '0' }).inStockOnly).toBe(false);
  });

  it('names the field in every message', () => {
    expect(problems(productListQuery.safeParse({ limit: '51' }))).toEqual([
      `limit: limit must be at most ${CATALOG_MAX_PAGE_SIZE}`,
    ]);
    expect(problems(productListQuery.safeParse({ limit: '2.5' }))).toEqual([
      'limit: limit must be a whole number',
    ]);
    expect(problems(productListQuery.safeParse({ limit: 'ten' }))).toEqual([
      'limit: limit must be a number',
    ]);
    expect(problems(productListQuery.safeParse({ minPrice: '-1' }))).toEqual([
      'minPrice: minPrice must be at least 0',
    ]);
    expect(problems(productListQuery.safeParse({ inStockOnly: 'yes' }))).toEqual([
      'inStockOnly: inStockOnly must be true or false',
    ]);
    expect(problems(productListQuery.safeParse({ sort: 'cheapest' }))).toEqual([
      'sort: sort must be one of relevance, distance, price_asc, price_desc',
    ]);
    expect(problems(businessListQuery.safeParse({ kind: 'bank' }))).toEqual([
      'kind: kind must be one of retail, restaurant, service',
    ]);
    expect(problems(productListQuery.safeParse({ q: 'x'.repeat(101) }))).toEqual([
      'q: q must be at most 100 characters',
    ]);
    expect(problems(productListQuery.safeParse({ lat: '91', lng: '0' }))).toEqual([
      'lat: lat must be at most 90',
    ]);
    expect(problems(productListQuery.safeParse({ cursor: 'a b' }))).toEqual([
      'cursor: cursor is not valid',
    ]);
    expect(problems(foodItemListQuery.safeParse({ dietary: 'paleo' }))[0]).toMatch(
      /^dietary: dietary tag must be one of vegetarian, vegan/,
    );
  });

  it('needs lat and lng together, and both for a distance sort', () => {
    expect(problems(productListQuery.safeParse({ lat: '43.6' }))).toEqual([
      'lng: lat and lng must be given together',
    ]);
    expect(problems(businessListQuery.safeParse({ sort: 'distance' }))).toEqual([
      'sort: sort by distance needs lat and lng',
    ]);
    expect(businessListQuery.parse({ sort: 'distance', lat: '43.6', lng: '-79.4' }).sort).toBe(
      'distance',
    );
  });

  it('refuses a price range upside down', () => {
    expect(problems(productListQuery.safeParse({ minPrice: '500', maxPrice: '100' }))).toEqual([
      'minPrice: minPrice must not be more than maxPrice',
    ]);
  });

  it('offers only the sorts that make sense per list', () => {
    expect(problems(flyerListQuery.safeParse({ sort: 'price_asc' }))).toEqual([
      'sort: sort must be one of relevance, distance',
    ]);
  });
});
