import { z } from 'zod';
import { idParam } from '../../schemas/fields.ts';
import { businessKindSchema } from './common.ts';
import { dietaryTagSchema } from './food.ts';
import { safeText } from '../../schemas/safe-input.ts';

/**
 * Query strings of the catalogue lists. Every message names its field, as in schemas/cms.ts, because
 * the server returns it as-is (`limit must be at most 50`). Numbers and booleans arrive as text from
 * the URL; an empty parameter (`?minPrice=`) counts as absent.
 */

export const CATALOG_PAGE_SIZE = 20;
export const CATALOG_MAX_PAGE_SIZE = 50;
/** Radius used when a location is given without one; wide enough for the suburbs. */
export const DEFAULT_RADIUS_KM = 25;
export const MAX_RADIUS_KM = 100;
export const MAX_QUERY_LENGTH = 100;

export const CATALOG_SORTS = ['relevance', 'distance', 'price_asc', 'price_desc'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

function queryNumber(name: string, bounds: { min: number; max: number; integer?: boolean }) {
  let schema = z.coerce
    .number({ error: `${name} must be a number` })
    .min(bounds.min, { error: `${name} must be at least ${bounds.min}` })
    .max(bounds.max, { error: `${name} must be at most ${bounds.max}` });
  if (bounds.integer) schema = schema.int({ error: `${name} must be a whole number` });
  return schema;
}

const optionalNumber = (name: string, bounds: Parameters<typeof queryNumber>[1]) =>
  z.preprocess(blankToUndefined, queryNumber(name, bounds).optional());

function queryBoolean(name: string) {
  return z.preprocess(
    (value) => {
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0' || value === '') return false;
      return value;
    },
    z.boolean({ error: `${name} must be true or false` }).default(false),
  );
}

function sortOf<const TSorts extends readonly [CatalogSort, ...CatalogSort[]]>(sorts: TSorts) {
  return z
    .enum(sorts, { error: `sort must be one of ${sorts.join(', ')}` })
    .default(sorts[0] as TSorts[number]);
}

/** Opaque to clients: the server encodes the last row's sort key. URL-safe base64 only. */
export const cursorSchema = safeText({ error: 'cursor must be text' })
  .max(512, { error: 'cursor is too long' })
  .regex(/^[A-Za-z0-9_-]*$/, { error: 'cursor is not valid' });

const pagingShape = {
  cursor: z.preprocess(blankToUndefined, cursorSchema.optional()),
  limit: z.preprocess(
    blankToUndefined,
    queryNumber('limit', { min: 1, max: CATALOG_MAX_PAGE_SIZE, integer: true }).default(
      CATALOG_PAGE_SIZE,
    ),
  ),
};

const searchShape = {
  q: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    safeText({ error: 'q must be text' })
      .max(MAX_QUERY_LENGTH, { error: `q must be at most ${MAX_QUERY_LENGTH} characters` })
      .optional(),
  ),
};

const nearShape = {
  lat: optionalNumber('lat', { min: -90, max: 90 }),
  lng: optionalNumber('lng', { min: -180, max: 180 }),
  radiusKm: z.preprocess(
    blankToUndefined,
    queryNumber('radiusKm', { min: 0.1, max: MAX_RADIUS_KM }).default(DEFAULT_RADIUS_KM),
  ),
};

const priceShape = {
  /** Minor units (cents) of the listing currency, compared with the current (sale) price. */
  minPrice: optionalNumber('minPrice', { min: 0, max: 100_000_000, integer: true }),
  maxPrice: optionalNumber('maxPrice', { min: 0, max: 100_000_000, integer: true }),
};

const categorySlug = z.preprocess(
  blankToUndefined,
  safeText({ error: 'category must be text' })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'category must be a category slug' })
    .optional(),
);
const optionalId = (name: string) =>
  z.preprocess(blankToUndefined, z.uuid({ error: `${name} must be a UUID` }).optional());

interface Located {
  lat?: number | undefined;
  lng?: number | undefined;
  sort?: CatalogSort;
}

/** lat and lng come together, and sorting by distance needs them. */
function checkLocation(query: Located, context: z.RefinementCtx): void {
  if ((query.lat === undefined) !== (query.lng === undefined)) {
    context.addIssue({
      code: 'custom',
      message: 'lat and lng must be given together',
      path: [query.lat === undefined ? 'lat' : 'lng'],
    });
  }
  if (query.sort === 'distance' && (query.lat === undefined || query.lng === undefined)) {
    context.addIssue({
      code: 'custom',
      message: 'sort by distance needs lat and lng',
      path: ['sort'],
    });
  }
}

function checkPriceRange(
  query: { minPrice?: number | undefined; maxPrice?: number | undefined },
  context: z.RefinementCtx,
): void {
  if (
    query.minPrice !== undefined &&
    query.maxPrice !== undefined &&
    query.minPrice > query.maxPrice
  ) {
    context.addIssue({
      code: 'custom',
      message: 'minPrice must not be more than maxPrice',
      path: ['minPrice'],
    });
  }
}

/**
 * GET businesses (Stores). 'relevance' ranks text matches when q is given; without q it falls back
 * to distance when a location is given, else to name.
 */
export const businessListQuery = z
  .object({
    ...searchShape,
    kind: z.preprocess(blankToUndefined, businessKindSchema.optional()),
    category: categorySlug,
    openNow: queryBoolean('openNow'),
    ...nearShape,
    sort: sortOf(['relevance', 'distance']),
    ...pagingShape,
  })
  .superRefine(checkLocation);
export type BusinessListQuery = z.infer<typeof businessListQuery>;

/** GET products, also a store's products tab (businessId). inStockOnly means quantity >= 2. */
export const productListQuery = z
  .object({
    ...searchShape,
    category: categorySlug,
    businessId: optionalId('businessId'),
    ...priceShape,
    inStockOnly: queryBoolean('inStockOnly'),
    ...nearShape,
    sort: sortOf(CATALOG_SORTS),
    ...pagingShape,
  })
  .superRefine(checkLocation)
  .superRefine(checkPriceRange);
export type ProductListQuery = z.infer<typeof productListQuery>;

/** GET food-items (Food Items), optionally one dietary tag. */
export const foodItemListQuery = z
  .object({
    ...searchShape,
    dietary: z.preprocess(blankToUndefined, dietaryTagSchema.optional()),
    businessId: optionalId('businessId'),
    ...priceShape,
    ...nearShape,
    sort: sortOf(CATALOG_SORTS),
    ...pagingShape,
  })
  .superRefine(checkLocation)
  .superRefine(checkPriceRange);
export type FoodItemListQuery = z.infer<typeof foodItemListQuery>;

/** GET services (servicelist). */
export const serviceListQuery = z
  .object({
    ...searchShape,
    category: categorySlug,
    businessId: optionalId('businessId'),
    ...priceShape,
    ...nearShape,
    sort: sortOf(CATALOG_SORTS),
    ...pagingShape,
  })
  .superRefine(checkLocation)
  .superRefine(checkPriceRange);
export type ServiceListQuery = z.infer<typeof serviceListQuery>;

/** GET flyers (flyerlist): flyers valid today, nearest first when a location is given. */
export const flyerListQuery = z
  .object({
    businessId: optionalId('businessId'),
    ...nearShape,
    sort: sortOf(['relevance', 'distance']),
    ...pagingShape,
  })
  .superRefine(checkLocation);
export type FlyerListQuery = z.infer<typeof flyerListQuery>;

/** GET product(id)?lat=&lng=: where the shopper is, so the offers come nearest first with distances. */
/** A detail page asked from the shopper's location (lat and lng together): distances filled in. */
export const detailNearQuery = z
  .object({ lat: nearShape.lat, lng: nearShape.lng })
  .superRefine(checkLocation);
export type DetailNearQuery = z.infer<typeof detailNearQuery>;
export const productDetailQuery = detailNearQuery;
export type ProductDetailQuery = DetailNearQuery;

/** GET categories?kind=retail */
export const categoryTreeQuery = z.object({
  kind: z.preprocess(blankToUndefined, businessKindSchema.default('retail')),
});
export type CategoryTreeQuery = z.infer<typeof categoryTreeQuery>;

/** Path parameters of the detail routes (route table: menu-details/{businessid}/{menuid} etc.). */
export const businessParams = z.object({ businessId: idParam });
export const menuParams = z.object({ businessId: idParam, menuId: idParam });
export const serviceParams = z.object({ businessId: idParam, serviceId: idParam });
export const catalogItemParams = z.object({ id: idParam });
