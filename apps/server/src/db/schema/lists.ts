import {
  FAVOURITE_KINDS,
  type FavouriteKind,
  LIST_ITEM_SOURCES,
  type ListItemSource,
} from '@localmart/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { businesses, flyerItems, menuItems, offers, products } from './catalog.ts';
import { generatedId, timestamptz } from './columns.ts';

const inList = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', '));

/**
 * A shopper's favourite stores, products and dishes (issue 17, modules/lists). One column per kind
 * of target, each a real foreign key, so a store, product or dish that goes takes its hearts with it.
 */
export const favourites = pgTable(
  'favourites',
  {
    id: generatedId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<FavouriteKind>().notNull(),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    menuItemId: uuid('menu_item_id').references(() => menuItems.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('favourites_user_store_key')
      .on(table.userId, table.businessId)
      .where(sql`${table.kind} = 'store'`),
    uniqueIndex('favourites_user_product_key')
      .on(table.userId, table.productId)
      .where(sql`${table.kind} = 'product'`),
    uniqueIndex('favourites_user_dish_key')
      .on(table.userId, table.menuItemId)
      .where(sql`${table.kind} = 'dish'`),
    // Deal alerts look up who follows a product or a store.
    index('favourites_product_idx')
      .on(table.productId)
      .where(sql`${table.productId} IS NOT NULL`),
    index('favourites_business_idx')
      .on(table.businessId)
      .where(sql`${table.businessId} IS NOT NULL`),
    check('favourites_kind_known', sql`${table.kind} IN (${inList(FAVOURITE_KINDS)})`),
    check(
      'favourites_one_target',
      sql`(${table.kind} = 'store' AND ${table.businessId} IS NOT NULL AND ${table.productId} IS NULL AND ${table.menuItemId} IS NULL)
        OR (${table.kind} = 'product' AND ${table.productId} IS NOT NULL AND ${table.businessId} IS NULL AND ${table.menuItemId} IS NULL)
        OR (${table.kind} = 'dish' AND ${table.menuItemId} IS NOT NULL AND ${table.businessId} IS NULL AND ${table.productId} IS NULL)`,
    ),
  ],
);

/**
 * The shopper's shopping list ("My list"). An item is a product (any store's), a dish, or a clipped
 * flyer deal (`flyer_item_id`, with its product when the deal names one). The title is kept so a
 * clipped deal still reads right after its flyer is gone.
 */
export const shoppingListItems = pgTable(
  'shopping_list_items',
  {
    id: generatedId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').$type<ListItemSource>().notNull(),
    title: text('title').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    menuItemId: uuid('menu_item_id').references(() => menuItems.id, { onDelete: 'cascade' }),
    flyerItemId: uuid('flyer_item_id').references(() => flyerItems.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull().default(1),
    checked: boolean('checked').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('shopping_list_items_user_idx').on(table.userId, table.createdAt),
    index('shopping_list_items_product_idx')
      .on(table.productId)
      .where(sql`${table.productId} IS NOT NULL`),
    check(
      'shopping_list_items_source_known',
      sql`${table.source} IN (${inList(LIST_ITEM_SOURCES)})`,
    ),
    check('shopping_list_items_quantity', sql`${table.quantity} BETWEEN 1 AND 99`),
    check('shopping_list_items_title', sql`length(${table.title}) > 0`),
  ],
);

/** The shopper's deal alert settings: the opt-in weekly digest, and when it last went out. */
export const dealAlertSettings = pgTable('deal_alert_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  weeklyDigest: boolean('weekly_digest').notNull().default(false),
  /** The ISO week (e.g. "2026-W48") of the last digest sent: one per week, whatever the retries. */
  lastDigestWeek: text('last_digest_week'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * What the deal scan last saw of an offer somebody follows: its price to the shopper then and
 * whether it was in stock. A scan compares the offer now with this row (a drop, back in stock),
 * tells the followers, and writes the new state in the same transaction.
 */
export const dealOfferStates = pgTable(
  'deal_offer_states',
  {
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    priceAmount: integer('price_amount').notNull(),
    inStock: boolean('in_stock').notNull(),
    seenAt: timestamptz('seen_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.offerId] })],
);
