import { type CatalogSort, INT4_MAX, INT4_MIN } from '@localmart/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { products } from '../../../db/schema/index.ts';
import { decodeCursor, encodeCursor } from '../shared/cursor.ts';

/**
 * The order of the Products list and its keyset. 'relevance' needs a text query; without one it
 * falls back to distance when a location is given (as the Stores list does), else to 'catalogue'
 * order (product id: stable, index-ordered, and for the hashed demo ids a fair mix of aisles).
 * Every order ends with the product id, so the keyset never skips or repeats a product.
 */
export type ProductOrder = CatalogSort | 'catalogue';

export function productOrderOf(
  sort: CatalogSort,
  hasText: boolean,
  hasLocation: boolean,
): ProductOrder {
  if (sort !== 'relevance' || hasText) return sort;
  return hasLocation ? 'distance' : 'catalogue';
}

/** The SQL values an order reads; `rank` is null without a text query. */
export interface SortValues {
  rank: SQL<number> | null;
  nearestKm: SQL<number | null>;
  lowestPrice: SQL<number>;
}

/** The sort value of a result row (its id is added by the plan). */
export interface SortedRow {
  id: string;
  rank: number | null;
  nearestKm: number | null;
  lowestPrice: number;
}

interface OrderSpec {
  value: (values: SortValues) => SQL | null;
  rowValue: (row: SortedRow) => number | null;
  descending: boolean;
  /** How the value is cast back when it comes from a cursor. */
  cast: SQL;
  /** Whether a cursor's number fits that cast (3e9 is no integer, 1e308 no real): else a 400. */
  fits: (key: number) => boolean;
}

/** float4's largest finite value. */
const REAL_MAX = 3.4028234663852886e38;
const fitsReal = (key: number) => Math.abs(key) <= REAL_MAX;
const fitsInteger = (key: number) => Number.isInteger(key) && key >= INT4_MIN && key <= INT4_MAX;

const orders: Record<ProductOrder, OrderSpec | null> = {
  // ts_rank is float4: the cursor's number is cast back to real so equal ranks compare equal.
  relevance: {
    value: (v) => v.rank,
    rowValue: (r) => r.rank,
    descending: true,
    cast: sql`real`,
    fits: fitsReal,
  },
  distance: {
    value: (v) => v.nearestKm,
    rowValue: (r) => r.nearestKm,
    descending: false,
    cast: sql`float8`,
    fits: Number.isFinite,
  },
  price_asc: {
    value: (v) => v.lowestPrice,
    rowValue: (r) => r.lowestPrice,
    descending: false,
    cast: sql`integer`,
    fits: fitsInteger,
  },
  price_desc: {
    value: (v) => v.lowestPrice,
    rowValue: (r) => r.lowestPrice,
    descending: true,
    cast: sql`integer`,
    fits: fitsInteger,
  },
  catalogue: null,
};

const valueCursor = z.tuple([z.string(), z.number(), z.uuid()]);
const idCursor = z.tuple([z.literal('catalogue'), z.uuid()]);

export interface SortPlan {
  orderBy: SQL[];
  /** The keyset condition for the page after `cursor`; a cursor of another order is a 400. */
  after(cursor: string | undefined): SQL | undefined;
  cursorOf(row: SortedRow): string;
}

export function sortPlanOf(order: ProductOrder, values: SortValues): SortPlan {
  const spec = orders[order];
  const value = spec?.value(values) ?? null;
  if (!spec || !value) {
    return {
      orderBy: [sql`${products.id} asc`],
      after: (cursor) => {
        if (cursor === undefined) return undefined;
        const [, id] = decodeCursor(cursor, idCursor);
        return sql`${products.id} > ${id}::uuid`;
      },
      cursorOf: (row) => encodeCursor(['catalogue', row.id]),
    };
  }
  const direction = spec.descending ? sql`desc` : sql`asc`;
  const beyond = spec.descending ? sql`<` : sql`>`;
  return {
    orderBy: [sql`${value} ${direction}`, sql`${products.id} asc`],
    after: (cursor) => {
      if (cursor === undefined) return undefined;
      const [, key, id] = decodeCursor(
        cursor,
        valueCursor.refine(([tag, key]) => tag === order && spec.fits(key)),
      );
      const typed = sql`${key}::${spec.cast}`;
      return sql`(${value} ${beyond} ${typed} or (${value} = ${typed} and ${products.id} > ${id}::uuid))`;
    },
    cursorOf: (row) => encodeCursor([order, spec.rowValue(row) ?? 0, row.id]),
  };
}
