import type {
  BusinessKind,
  DeliverySettings,
  DietaryTag,
  FulfilmentFlags,
  HotspotBox,
  ImageRef,
  MenuItemOptionGroup,
  OpeningHours,
  PostalAddress,
  ProductAttribute,
  ProductContentStatus,
  BusinessStatus,
  ServicePriceType,
} from '@localmart/contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { brandPartners } from './brands.ts';
import { generatedId, timestamptz } from './columns.ts';
import { users } from './accounts.ts';

/**
 * The catalogue (catalogue issue): businesses with their products' offers, menus, services, flyers,
 * team and gallery. Money is integer minor units beside an ISO currency. Nested value objects that are
 * always read whole with their row (hours, address, images, option groups) are jsonb typed by the
 * contract; everything a query filters, sorts or joins on is a real column.
 *
 * Search: each searchable table has a weighted `search` tsvector (generated, GIN-indexed) for
 * full-text matches and a pg_trgm GIN index on its name for prefixes and near-misses; search_terms
 * holds the vocabulary that typo correction ("mlik" -> "milk") picks from. Distance: latitude and
 * longitude are plain indexed doubles for a bounding-box prefilter, then exact haversine in SQL
 * (no cube/earthdistance; see ADR 0006).
 */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** `setweight(to_tsvector('english', coalesce(col, '')), 'A') || ...` for a generated column. */
function weightedVector(parts: readonly [SQL, 'A' | 'B' | 'C' | 'D'][]): SQL {
  return sql.join(
    parts.map(
      ([column, weight]) =>
        sql`setweight(to_tsvector('english'::regconfig, coalesce(${column}, '')), ${sql.raw(`'${weight}'`)})`,
    ),
    sql` || `,
  );
}

/** The business a row belongs to; the row goes when the business does. */
const businessIdColumn = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

/**
 * The two search indexes of a searchable table: GIN on the weighted tsvector (full-text matches) and
 * a pg_trgm GIN on the name column (prefixes and near-misses). Named `<table>_search_idx` and
 * `<table>_<column>_trgm_idx`.
 */
function searchIndexes(tableName: string, search: AnyPgColumn, name: AnyPgColumn) {
  return [
    index(`${tableName}_search_idx`).using('gin', search),
    index(`${tableName}_${name.name}_trgm_idx`).using('gin', sql`${name} gin_trgm_ops`),
  ];
}

export const catalogImages = pgTable('catalog_images', {
  id: uuid('id').primaryKey(),
  /** The generated image's drawing instructions (demo data); rendered to SVG on request, cached. */
  spec: jsonb('spec').notNull(),
});

export const categories = pgTable(
  'categories',
  {
    id: generatedId(),
    kind: text('kind').$type<BusinessKind>().notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    parentId: uuid('parent_id'),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    uniqueIndex('categories_kind_slug_key').on(table.kind, table.slug),
    index('categories_parent_idx').on(table.parentId),
  ],
);

export const businesses = pgTable(
  'businesses',
  {
    id: generatedId(),
    kind: text('kind').$type<BusinessKind>().notNull(),
    /** Finer than kind: 'grocery', 'pharmacy', 'cafe' ... */
    type: text('type').notNull(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    logo: jsonb('logo').$type<ImageRef>().notNull(),
    cover: jsonb('cover').$type<ImageRef>().notNull(),
    address: jsonb('address').$type<PostalAddress>().notNull(),
    addressLine: text('address_line').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    website: text('website'),
    currency: text('currency').notNull(),
    hours: jsonb('hours').$type<OpeningHours>().notNull(),
    fulfilment: jsonb('fulfilment').$type<FulfilmentFlags>().notNull(),
    pickupReadyMinutes: integer('pickup_ready_minutes'),
    /**
     * How long after an order's ready-by time the store holds it before it may mark it a no-show
     * (issue 15); null = the terms' default (NO_SHOW_HOLD_MINUTES_DEFAULT in the contract).
     */
    noShowHoldMinutes: integer('no_show_hold_minutes'),
    delivery: jsonb('delivery').$type<DeliverySettings>(),
    /** Sales tax on an order, basis points (1300 = 13 %, Ontario HST); shown as its own line. */
    taxRateBps: integer('tax_rate_bps').notNull().default(1300),
    /** The store owner who manages it (Manage Your Store); null for demo stores nobody claimed. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Shoppers see only `published` stores; a store made on the manage site starts `pending` until a
     * platform admin approves it. Existing (demo) stores are published.
     */
    status: text('status').$type<BusinessStatus>().notNull().default('published'),
    reviewNote: text('review_note'),
    reviewedAt: timestamptz('reviewed_at'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamptz('submitted_at'),
    /** A temporary pause: no new orders until then (the store shows as closed to shoppers). */
    pausedUntil: timestamptz('paused_until'),
    /** Google local inventory's `store_code`: the code each feed row names its store by. */
    storeCode: text('store_code').notNull().unique(),
    /**
     * Search keywords (ADR 0014): the names of the store's categories and their parents ("Pizza
     * Casual Dining", "Japanese World Cuisine"), kept by database triggers so "pizza" finds a
     * pizzeria whose name says nothing of pizza. Never written by the app.
     */
    keywords: text('keywords').notNull().default(''),
    search: tsvector('search').generatedAlwaysAs((): SQL =>
      weightedVector([
        [sql`${businesses.name}`, 'A'],
        [sql`${businesses.type}`, 'B'],
        [sql`${businesses.keywords}`, 'B'],
        [sql`${businesses.description}`, 'C'],
      ]),
    ),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('businesses_lat_lng_idx').on(table.lat, table.lng),
    index('businesses_kind_idx').on(table.kind),
    index('businesses_owner_idx').on(table.ownerId),
    index('businesses_status_idx').on(table.status),
    ...searchIndexes('businesses', table.search, table.name),
    // Money never goes below zero (issue 12): a negative fee or minimum would lower a checkout.
    check(
      'businesses_delivery_money_not_negative',
      sql`${table.delivery} is null or (coalesce((${table.delivery}->'fee'->>'amount')::numeric, 0) >= 0 and coalesce((${table.delivery}->'minimumOrder'->>'amount')::numeric, 0) >= 0)`,
    ),
    check('businesses_tax_rate_not_negative', sql`${table.taxRateBps} >= 0`),
  ],
);

export const businessCategories = pgTable(
  'business_categories',
  {
    businessId: businessIdColumn(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.businessId, table.categoryId] }),
    index('business_categories_category_idx').on(table.categoryId),
  ],
);

/** Brand content, shared by every store that sells the product. */
export const products = pgTable(
  'products',
  {
    id: generatedId(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    brand: text('brand').notNull(),
    /**
     * The barcode; null for a store's own product (house-made bread), which its store names by the
     * offer's SKU instead (ADR 0020).
     */
    gtin: text('gtin'),
    description: text('description').notNull().default(''),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    images: jsonb('images').$type<ImageRef[]>().notNull(),
    attributes: jsonb('attributes').$type<ProductAttribute[]>().notNull(),
    /**
     * Who stands behind the content (ADR 0020): 'confirmed' is shared catalogue content every store
     * may sell (demo data, confirmed by an admin or a brand partner); 'store' was written by
     * `ownerBusinessId` and shows only with that store's own offer until it is confirmed.
     */
    contentStatus: text('content_status')
      .$type<ProductContentStatus>()
      .notNull()
      .default('confirmed'),
    /** The store that wrote the content (and may edit it while it is 'store'); null for catalogue data. */
    ownerBusinessId: uuid('owner_business_id').references(() => businesses.id, {
      onDelete: 'cascade',
    }),
    /**
     * The brand partner whose content this is (ADR 0022): confirmed content every store selling the
     * GTIN shows, and which no store may change.
     */
    brandPartnerId: uuid('brand_partner_id').references(() => brandPartners.id, {
      onDelete: 'set null',
    }),
    /**
     * Simple variants (ADR 0020): a size or weight of a store's own product is its own product (own
     * SKU, price and stock, so an offer stays one per store and product); it names the group's main
     * product here and carries its label ("400 g"). Null on the main product and everything else.
     */
    variantOf: uuid('variant_of').references((): AnyPgColumn => products.id, {
      onDelete: 'set null',
    }),
    /** The size's short label shown in the size chooser ("800 g"); set on every member of a group. */
    variantLabel: text('variant_label'),
    /** Its category's name and its parents' ("Light Bulbs & Batteries Hardware"), kept by triggers. */
    keywords: text('keywords').notNull().default(''),
    search: tsvector('search').generatedAlwaysAs((): SQL =>
      weightedVector([
        [sql`${products.title}`, 'A'],
        [sql`${products.brand}`, 'B'],
        [sql`${products.keywords}`, 'B'],
        [sql`${products.description}`, 'C'],
      ]),
    ),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('products_category_idx').on(table.categoryId),
    index('products_gtin_idx').on(table.gtin),
    index('products_owner_business_idx').on(table.ownerBusinessId),
    index('products_brand_partner_idx').on(table.brandPartnerId),
    // Brand content is shared content, never one store's.
    check(
      'products_brand_content_confirmed',
      sql`${table.brandPartnerId} is null or ${table.contentStatus} = 'confirmed'`,
    ),
    check('products_content_status_known', sql`${table.contentStatus} in ('store', 'confirmed')`),
    // A product without a barcode is a store's own: it always has the store that wrote it.
    check(
      'products_own_product_has_store',
      sql`${table.gtin} is not null or ${table.ownerBusinessId} is not null`,
    ),
    index('products_variant_of_idx').on(table.variantOf),
    // One label per group (the main product and its sizes), whatever its case: "400 g" once.
    uniqueIndex('products_variant_label_key')
      .on(sql`coalesce(${table.variantOf}, ${table.id})`, sql`lower(${table.variantLabel})`)
      .where(sql`${table.variantLabel} is not null`),
    // Variants are a store's own products only: no barcode, an owner, a label.
    check(
      'products_variant_is_own',
      sql`${table.variantOf} is null or (${table.gtin} is null and ${table.ownerBusinessId} is not null and ${table.variantLabel} is not null)`,
    ),
    ...searchIndexes('products', table.search, table.title),
  ],
);

/** One store's offer of a product: its own price, sale and live quantity. */
export const offers = pgTable(
  'offers',
  {
    id: generatedId(),
    businessId: businessIdColumn(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    priceAmount: integer('price_amount').notNull(),
    currency: text('currency').notNull(),
    saleAmount: integer('sale_amount'),
    /** Start included, end excluded. */
    saleStartsAt: timestamptz('sale_starts_at'),
    saleEndsAt: timestamptz('sale_ends_at'),
    quantity: integer('quantity').notNull(),
    /** When the store's inventory feed last set `quantity`. */
    stockUpdatedAt: timestamptz('stock_updated_at').notNull().defaultNow(),
    /** The store's own item id (Google local inventory `id`), unique within the store. */
    sku: text('sku'),
    /** Google local inventory `pickup_method` / `pickup_sla` as the feed last gave them. */
    pickupMethod: text('pickup_method'),
    pickupSla: text('pickup_sla'),
  },
  (table) => [
    uniqueIndex('offers_business_product_key').on(table.businessId, table.productId),
    uniqueIndex('offers_business_sku_key')
      .on(table.businessId, table.sku)
      .where(sql`${table.sku} is not null`),
    index('offers_product_idx').on(table.productId),
    check('offers_price_not_negative', sql`${table.priceAmount} >= 0`),
    check('offers_sale_not_negative', sql`${table.saleAmount} is null or ${table.saleAmount} >= 0`),
    check('offers_quantity_not_negative', sql`${table.quantity} >= 0`),
  ],
);

export const menus = pgTable(
  'menus',
  {
    id: generatedId(),
    businessId: businessIdColumn(),
    name: text('name').notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('menus_business_idx').on(table.businessId)],
);

export const menuSections = pgTable(
  'menu_sections',
  {
    id: generatedId(),
    menuId: uuid('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('menu_sections_menu_idx').on(table.menuId)],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: generatedId(),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => menuSections.id, { onDelete: 'cascade' }),
    /** Denormalised from the section so food-item lists need no join to find the restaurant. */
    menuId: uuid('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    businessId: businessIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceAmount: integer('price_amount').notNull(),
    currency: text('currency').notNull(),
    image: jsonb('image').$type<ImageRef>(),
    dietaryTags: text('dietary_tags')
      .array()
      .$type<DietaryTag[]>()
      .notNull()
      .default(sql`'{}'`),
    optionGroups: jsonb('option_groups').$type<MenuItemOptionGroup[]>().notNull(),
    available: boolean('available').notNull().default(true),
    position: integer('position').notNull().default(0),
    /** Its menu section's name ("Pizzas"), kept by triggers: what kind of dish it is. */
    keywords: text('keywords').notNull().default(''),
    /**
     * Where it is served, weight D: the menu's name, the restaurant's type and its categories
     * (cuisines, "Japanese World Cuisine"), kept by triggers, so "japanese" finds the sushi.
     */
    context: text('context').notNull().default(''),
    search: tsvector('search').generatedAlwaysAs((): SQL =>
      weightedVector([
        [sql`${menuItems.name}`, 'A'],
        [sql`${menuItems.keywords}`, 'B'],
        [sql`${menuItems.description}`, 'C'],
        [sql`${menuItems.context}`, 'D'],
      ]),
    ),
  },
  (table) => [
    index('menu_items_section_idx').on(table.sectionId),
    index('menu_items_business_idx').on(table.businessId),
    ...searchIndexes('menu_items', table.search, table.name),
    check('menu_items_price_not_negative', sql`${table.priceAmount} >= 0`),
    // An option may add to the price, never take from it: a negative delta could push a line,
    // and with it a checkout's card hold, below the goods of another store in the same checkout.
    check(
      'menu_items_option_deltas_not_negative',
      sql`not jsonb_path_exists(${table.optionGroups}, '$[*].options[*].priceDelta.amount ? (@ < 0)')`,
    ),
  ],
);

export const services = pgTable(
  'services',
  {
    id: generatedId(),
    businessId: businessIdColumn(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceAmount: integer('price_amount').notNull(),
    currency: text('currency').notNull(),
    priceType: text('price_type').$type<ServicePriceType>().notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    images: jsonb('images').$type<ImageRef[]>().notNull(),
    /** Its category's name and its parents' ("Nails Beauty & Wellness"), kept by triggers. */
    keywords: text('keywords').notNull().default(''),
    search: tsvector('search').generatedAlwaysAs((): SQL =>
      weightedVector([
        [sql`${services.name}`, 'A'],
        [sql`${services.keywords}`, 'B'],
        [sql`${services.description}`, 'C'],
      ]),
    ),
  },
  (table) => [
    index('services_business_idx').on(table.businessId),
    index('services_category_idx').on(table.categoryId),
    ...searchIndexes('services', table.search, table.name),
    check('services_price_not_negative', sql`${table.priceAmount} >= 0`),
  ],
);

export const flyers = pgTable(
  'flyers',
  {
    id: generatedId(),
    businessId: businessIdColumn(),
    title: text('title').notNull(),
    /** The store's local calendar days, both included. */
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
  },
  (table) => [
    index('flyers_business_idx').on(table.businessId),
    index('flyers_valid_idx').on(table.validTo, table.validFrom),
  ],
);

export const flyerPages = pgTable(
  'flyer_pages',
  {
    id: generatedId(),
    flyerId: uuid('flyer_id')
      .notNull()
      .references(() => flyers.id, { onDelete: 'cascade' }),
    pageNumber: integer('page_number').notNull(),
    image: jsonb('image').$type<ImageRef>().notNull(),
  },
  (table) => [uniqueIndex('flyer_pages_flyer_page_key').on(table.flyerId, table.pageNumber)],
);

export const flyerItems = pgTable(
  'flyer_items',
  {
    id: generatedId(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => flyerPages.id, { onDelete: 'cascade' }),
    box: jsonb('box').$type<HotspotBox>().notNull(),
    title: text('title').notNull(),
    priceText: text('price_text').notNull(),
    saleStory: text('sale_story'),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    /** The live offer a tap shows (stock, Reserve / Add to cart); null for text-only deals. */
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('flyer_items_page_idx').on(table.pageId)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    id: generatedId(),
    businessId: businessIdColumn(),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    role: text('role').notNull(),
    bio: text('bio').notNull().default(''),
    photo: jsonb('photo').$type<ImageRef>().notNull(),
  },
  (table) => [index('team_members_business_idx').on(table.businessId, table.position)],
);

export const galleryItems = pgTable(
  'gallery_items',
  {
    id: generatedId(),
    businessId: businessIdColumn(),
    position: integer('position').notNull().default(0),
    type: text('type').$type<'image' | 'video'>().notNull(),
    caption: text('caption').notNull().default(''),
    /** The photo, or a video's poster. */
    image: jsonb('image').$type<ImageRef>().notNull(),
    /** Videos only: the playable file and its length. */
    video: jsonb('video').$type<{ url: string; mimeType: string; width: number; height: number }>(),
    durationSeconds: doublePrecision('duration_seconds'),
  },
  (table) => [index('gallery_items_business_idx').on(table.businessId, table.position)],
);

/** Messages sent through a store's contact form; kept so a store owner can read them in Manage. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: generatedId(),
    businessId: businessIdColumn(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('contact_messages_business_idx').on(table.businessId, table.createdAt)],
);

/**
 * The words of every searchable name, for typo correction: a query word that matches nothing is
 * replaced by the nearest vocabulary word (trigram or one-edit distance). Rebuilt after a bulk load;
 * single writes upsert their words.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    word: text('word').primaryKey(),
    /** How many records use the word: the tie-break between equally near corrections. */
    frequency: integer('frequency').notNull(),
  },
  (table) => [index('search_terms_word_trgm_idx').using('gin', sql`${table.word} gin_trgm_ops`)],
);
