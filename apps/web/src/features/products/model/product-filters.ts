import {
  CATALOG_SORTS,
  DEFAULT_RADIUS_KM,
  KM_PER_MILE,
  MAX_QUERY_LENGTH,
  MAX_RADIUS_KM,
  type CatalogSort,
} from '@localmart/contract';
import type { QueryParams } from '../../../lib/http.ts';

/**
 * The Products screen's filters, kept in the URL's query string so a link, a reload and the back
 * button all bring back the same grid. The URL uses the API's own parameter names and units (prices
 * in minor units), so the one mapping below is all that stands between address bar and request.
 */
export interface ProductFilters {
  /** Search text, '' for none. */
  q: string;
  /** A retail category slug. */
  category: string | null;
  /** Current (sale) price bounds in minor units of the shopper's currency. */
  minPrice: number | null;
  maxPrice: number | null;
  inStockOnly: boolean;
  /** Null: the server's default radius. Only sent with a location. */
  radiusKm: number | null;
  sort: CatalogSort;
}

export const DEFAULT_PRODUCT_FILTERS: ProductFilters = {
  q: '',
  category: null,
  minPrice: null,
  maxPrice: null,
  inStockOnly: false,
  radiusKm: null,
  sort: 'relevance',
};

/** The distances a shopper can pick, as shopping apps offer them. */
export const RADIUS_OPTIONS_KM = [2, 5, 10, DEFAULT_RADIUS_KM, 50] as const;

export { SORT_LABELS } from '../../../lib/list-filters.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_PRICE_MINOR = 100_000_000;

function wholeNumber(raw: string | null, max: number): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return value <= max ? value : null;
}

function radius(raw: string | null): number | null {
  if (raw === null || raw === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0.1 && value <= MAX_RADIUS_KM ? value : null;
}

function isSort(value: string | null): value is CatalogSort {
  return (CATALOG_SORTS as readonly (string | null)[]).includes(value);
}

/**
 * A query string -> filters. Anyone can edit a URL, so each parameter is checked on its own and a
 * bad one is dropped rather than failing the whole screen; reversed price bounds are swapped.
 */
export function parseProductFilters(search: string): ProductFilters {
  const params = new URLSearchParams(search);
  const category = params.get('category');
  const sort = params.get('sort');
  let minPrice = wholeNumber(params.get('minPrice'), MAX_PRICE_MINOR);
  let maxPrice = wholeNumber(params.get('maxPrice'), MAX_PRICE_MINOR);
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) {
    [minPrice, maxPrice] = [maxPrice, minPrice];
  }
  const inStock = params.get('inStockOnly');
  return {
    q: (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH),
    category: category !== null && SLUG.test(category) ? category : null,
    minPrice,
    maxPrice,
    inStockOnly: inStock === 'true' || inStock === '1',
    radiusKm: radius(params.get('radiusKm')),
    sort: isSort(sort) ? sort : 'relevance',
  };
}

/** Filters -> '?q=milk&sort=price_asc' (defaults left out, fixed order), or '' when all are default. */
export function productFiltersSearch(filters: ProductFilters): string {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (filters.category) params.set('category', filters.category);
  if (filters.minPrice !== null) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== null) params.set('maxPrice', String(filters.maxPrice));
  if (filters.inStockOnly) params.set('inStockOnly', 'true');
  if (filters.radiusKm !== null) params.set('radiusKm', String(filters.radiusKm));
  if (filters.sort !== 'relevance') params.set('sort', filters.sort);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Where the shopper is, as `nearParams` gives it: both coordinates or neither. */
export type NearParams = { lat: number; lng: number } | Record<string, never>;

function hasLocation(near: NearParams): near is { lat: number; lng: number } {
  return 'lat' in near && 'lng' in near;
}

/**
 * Filters plus the shopper's location -> GET products parameters (productListQuery). Distance only
 * means something with a location: without one the radius is not sent and a distance sort falls back
 * to relevance, which the server would otherwise refuse with a 400.
 */
export function productListParams(filters: ProductFilters, near: NearParams): QueryParams {
  const located = hasLocation(near);
  const params: QueryParams = {};
  const q = filters.q.trim();
  if (q) params.q = q;
  if (filters.category) params.category = filters.category;
  if (filters.minPrice !== null) params.minPrice = filters.minPrice;
  if (filters.maxPrice !== null) params.maxPrice = filters.maxPrice;
  if (filters.inStockOnly) params.inStockOnly = true;
  if (located) {
    params.lat = near.lat;
    params.lng = near.lng;
    if (filters.radiusKm !== null) params.radiusKm = filters.radiusKm;
  }
  const sort = filters.sort === 'distance' && !located ? 'relevance' : filters.sort;
  if (sort !== 'relevance') params.sort = sort;
  return params;
}

/** How many filters beyond search and sort are on: the badge of the Filters button. */
export function activeFilterCount(filters: ProductFilters): number {
  return [
    filters.category !== null,
    filters.minPrice !== null || filters.maxPrice !== null,
    filters.inStockOnly,
    filters.radiusKm !== null,
  ].filter(Boolean).length;
}

/** 'Within 10 km' / 'Within 6 mi': radii are round numbers, so no decimals unless they matter. */
export function radiusLabel(km: number, units: 'metric' | 'imperial'): string {
  const value = units === 'imperial' ? km / KM_PER_MILE : km;
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `Within ${shown} ${units === 'imperial' ? 'mi' : 'km'}`;
}
