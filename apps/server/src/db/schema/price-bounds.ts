import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';

/**
 * Bounds of what a product can cost anywhere (issue 18, ADR 0024): over every offer of the product
 * (any store, any stock), `floor_price` is the least of its regular and sale amounts and
 * `ceiling_price` the greatest. Whatever the clock, the stock and the shopper's filters, the price a
 * product card shows is one offer's current price (its sale or its regular amount), so it lies
 * between the two: the price sorts walk products cheapest floor first (or dearest ceiling first) and
 * stop once the page is certain, instead of aggregating every offer in the area.
 *
 * Kept by statement-level triggers on offers (migration 0023): every writer (checkout, the manage
 * site, feeds, the seed) is covered without code of its own. A product without offers has no row.
 */
export const productPriceBounds = pgTable(
  'product_price_bounds',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    floorPrice: integer('floor_price').notNull(),
    ceilingPrice: integer('ceiling_price').notNull(),
    /**
     * The product's category (migration 0027): kept by the refresh and by a trigger on products,
     * so an aisle's price sort walks its own bounds in order (product-price-walk.ts).
     */
    categoryId: uuid('category_id').notNull(),
  },
  (table) => [
    index('product_price_bounds_floor_idx').on(table.floorPrice, table.productId),
    index('product_price_bounds_ceiling_idx').on(table.ceilingPrice.desc(), table.productId),
    index('product_price_bounds_category_floor_idx').on(
      table.categoryId,
      table.floorPrice,
      table.productId,
    ),
    index('product_price_bounds_category_ceiling_idx').on(
      table.categoryId,
      table.ceilingPrice.desc(),
      table.productId,
    ),
    check('product_price_bounds_ordered', sql`${table.floorPrice} <= ${table.ceilingPrice}`),
  ],
);
