import { productListQuery, type CategoryNode } from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import { retailTree } from '../test/fixtures.ts';
import { categoryTrail, initialTrail } from './category-tree.ts';
import { pricePresets, priceRangeLabel } from './price-ranges.ts';
import {
  activeFilterCount,
  DEFAULT_PRODUCT_FILTERS,
  parseProductFilters,
  productFiltersSearch,
  productListParams,
  radiusLabel,
} from './product-filters.ts';
import { cleanReturnTo, withCategory } from './return-to.ts';
import { stockUpdatedLabel } from './time-ago.ts';

describe('product filters in the URL', () => {
  it('round-trips every filter through the query string', () => {
    const search =
      '?q=milk&category=milk&minPrice=200&maxPrice=900&inStockOnly=true&radiusKm=5&sort=price_asc';
    const filters = parseProductFilters(search);
    expect(filters).toEqual({
      q: 'milk',
      category: 'milk',
      minPrice: 200,
      maxPrice: 900,
      inStockOnly: true,
      radiusKm: 5,
      sort: 'price_asc',
    });
    expect(productFiltersSearch(filters)).toBe(search);
  });

  it('leaves defaults out, so the plain grid is /products', () => {
    expect(productFiltersSearch(DEFAULT_PRODUCT_FILTERS)).toBe('');
    expect(productFiltersSearch({ ...DEFAULT_PRODUCT_FILTERS, q: '  ' })).toBe('');
  });

  it('drops parameters a hand-edited URL gets wrong, and keeps the rest', () => {
    expect(
      parseProductFilters(
        '?q=bread&category=Not%20A%20Slug&minPrice=-3&maxPrice=abc&radiusKm=500&sort=cheapest',
      ),
    ).toEqual({ ...DEFAULT_PRODUCT_FILTERS, q: 'bread' });
  });

  it('swaps reversed price bounds rather than asking for an empty range', () => {
    const filters = parseProductFilters('?minPrice=900&maxPrice=200');
    expect([filters.minPrice, filters.maxPrice]).toEqual([200, 900]);
  });
});

describe('productListParams', () => {
  const filters = parseProductFilters('?q=milk&radiusKm=5&sort=distance&inStockOnly=1');

  it('sends the location, radius and distance sort when the shopper has a location', () => {
    const params = productListParams(filters, { lat: 43.65, lng: -79.38 });
    expect(params).toEqual({
      q: 'milk',
      inStockOnly: true,
      lat: 43.65,
      lng: -79.38,
      radiusKm: 5,
      sort: 'distance',
    });
    // ...and the server's own schema accepts exactly that.
    expect(productListQuery.safeParse(stringify(params)).success).toBe(true);
  });

  it('without a location drops the radius and falls back from distance to relevance', () => {
    const params = productListParams(filters, {});
    expect(params).toEqual({ q: 'milk', inStockOnly: true });
    expect(productListQuery.safeParse(stringify(params)).success).toBe(true);
  });

  it('counts the filters beyond search and sort', () => {
    expect(activeFilterCount(filters)).toBe(2);
    expect(activeFilterCount(parseProductFilters('?sort=price_desc&q=x'))).toBe(0);
  });
});

function stringify(params: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));
}

describe('labels', () => {
  it('price presets scale with the currency digits and read like a shop', () => {
    const cad = pricePresets('CAD');
    expect(cad[0]).toEqual({ min: null, max: 500 });
    expect(pricePresets('JPY')[1]).toEqual({ min: 5, max: 10 });
    expect(priceRangeLabel(cad[0]!, 'CAD', 'en-CA')).toBe('Under $5.00');
    expect(priceRangeLabel({ min: 500, max: 1000 }, 'CAD', 'en-CA')).toBe('$5.00 – $10.00');
    expect(priceRangeLabel({ min: 2500, max: null }, 'CAD', 'en-CA')).toBe('$25.00+');
    expect(priceRangeLabel({ min: null, max: null }, 'CAD')).toBeNull();
  });

  it('radius labels follow the units', () => {
    expect(radiusLabel(10, 'metric')).toBe('Within 10 km');
    expect(radiusLabel(5, 'imperial')).toBe('Within 3.1 mi');
    expect(radiusLabel(25, 'imperial')).toBe('Within 16 mi');
  });

  it('says how fresh a stock count is', () => {
    const now = new Date('2026-11-21T12:00:00.000Z');
    expect(stockUpdatedLabel('2026-11-21T11:59:40.000Z', now)).toBe('Stock updated just now');
    expect(stockUpdatedLabel('2026-11-21T11:35:00.000Z', now)).toBe('Stock updated 25 min ago');
    expect(stockUpdatedLabel('2026-11-21T09:10:00.000Z', now)).toBe('Stock updated 2 h ago');
    expect(stockUpdatedLabel('2026-11-20T11:00:00.000Z', now)).toBe('Stock updated 1 day ago');
    expect(stockUpdatedLabel('2026-11-18T12:00:00.000Z', now)).toBe('Stock updated 3 days ago');
    // a clock a little ahead of ours is not "in the future"
    expect(stockUpdatedLabel('2026-11-21T12:00:05.000Z', now)).toBe('Stock updated just now');
  });
});

describe('category tree', () => {
  const tree: CategoryNode[] = retailTree();

  it('finds the trail from a root down to a slug', () => {
    expect(categoryTrail(tree, 'milk')?.map((node) => node.slug)).toEqual([
      'grocery',
      'dairy-eggs',
      'milk',
    ]);
    expect(categoryTrail(tree, 'nothing')).toBeNull();
  });

  it('opens a chosen leaf among its siblings, a chosen branch at its own level', () => {
    expect(initialTrail(tree, 'milk').map((node) => node.slug)).toEqual(['grocery', 'dairy-eggs']);
    expect(initialTrail(tree, 'dairy-eggs').map((node) => node.slug)).toEqual([
      'grocery',
      'dairy-eggs',
    ]);
    expect(initialTrail(tree, null)).toEqual([]);
  });
});

describe('category-modal returnTo', () => {
  it('keeps in-app paths only', () => {
    expect(cleanReturnTo('/products?q=milk', '/home')).toBe('/products?q=milk');
    expect(cleanReturnTo('//evil.example/x', '/products')).toBe('/products');
    expect(cleanReturnTo('/\\evil.example', '/products')).toBe('/products');
    expect(cleanReturnTo('https://evil.example', '/products')).toBe('/products');
    expect(cleanReturnTo(null, '/products')).toBe('/products');
  });

  it('sets or removes the category and keeps the rest of the query', () => {
    expect(withCategory('/products?q=milk&category=bread', 'milk')).toBe(
      '/products?q=milk&category=milk',
    );
    expect(withCategory('/products?q=milk&category=bread', null)).toBe('/products?q=milk');
    expect(withCategory('/home', 'bakery')).toBe('/home?category=bakery');
  });
});
