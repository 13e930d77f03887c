import {
  type CategoryRef,
  type ImageRef,
  type Offer,
  type ProductListQuery,
  type ProductSummary,
} from '@localmart/contract';
import { aggregatesOf, ratingFrom } from '../../reviews/reviews.service.ts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { businesses, categories, offers, products } from '../../../db/schema/index.ts';
import { categoryIdsUnder } from '../businesses/category.service.ts';
import { stillStored, type StoredRanking, storedRanking } from '../search/search-rankings.ts';
import { type TextSearch, textSearchOf } from '../search/text-search.ts';
import { offerColumns, toOffer } from '../shared/offer.ts';
import { productCardColumns } from './product-columns.ts';
import {
  offerConditions,
  offerDistanceSql,
  type SearchArea,
  searchAreaOf,
  shownDistanceSql,
  shownOfferOrderSql,
  shownPriceSql,
} from './product-filters.ts';
import { nearestProducts } from './product-nearest.ts';
import { type PriceOrder, priceWalkProducts } from './product-price-walk.ts';
import { collapseSizes } from './product-sizes.ts';
import { productOrderOf, type SortPlan, sortPlanOf } from './product-sort.ts';
import {
  type WalkedRow,
  walkOrderOf,
  type WalkOrder,
  walkProducts,
  walkStoredRanking,
} from './product-walk.ts';

export interface ProductPage {
  results: ProductSummary[];
  nextCursor: string | null;
  /** "milk" when the shopper typed "mlik"; null when no word was corrected. */
  correctedQuery: string | null;
}

interface SummaryRow {
  id: string;
  slug: string;
  title: string;
  brand: string;
  gtin: string | null;
  images: ImageRef[];
  category: CategoryRef;
  offerCount: number;
  lowestPrice: number;
  currency: string;
  nearestKm: number | null;
  rank: number | null;
}

/**
 * The offer each listed product's card shows, in one statement for the page (no N+1): among the
 * offers that passed the filters, the cheapest in-stock one (the nearest of equal prices), else the
 * cheapest of any stock (shownOfferOrderSql): the store that sells at the card's "from" price.
 */
async function bestOffersOf(
  db: Database,
  productIds: readonly string[],
  conditions: readonly SQL[],
  area: SearchArea | null,
  now: Date,
): Promise<Map<string, Offer>> {
  if (productIds.length === 0) return new Map();
  const center = area?.center ?? null;
  // Picked on narrow rows (the offer's id and its sort keys), then read in full: sorting every
  // candidate offer with its store's columns (hours, fulfilment) cost ~3 ms of a search at bench
  // scale for the 20 offers kept.
  const picked = db
    .selectDistinctOn([offers.productId], { id: offers.id })
    .from(offers)
    .innerJoin(businesses, eq(businesses.id, offers.businessId))
    .where(and(inArray(offers.productId, [...productIds]), ...conditions))
    .orderBy(offers.productId, ...shownOfferOrderSql(center, now))
    .as('picked');
  const rows = await db
    .select({ ...offerColumns, distanceKm: offerDistanceSql(center) })
    .from(offers)
    .innerJoin(businesses, eq(businesses.id, offers.businessId))
    .where(inArray(offers.id, db.select({ id: picked.id }).from(picked)));
  return new Map(rows.map((row) => [row.productId, toOffer(row, now, row.distanceKm)]));
}

interface SummaryInputs {
  text: TextSearch | null;
  /** What a listed product must be itself: the text match, the category subtree. */
  productConditions: readonly SQL[];
  /** The same without the text match (a stored ranking holds exactly the matches). */
  conditionsBesidesText: readonly SQL[];
  /** The asked aisle's category ids (its subtree); undefined without one. */
  categoryIds?: readonly string[] | undefined;
  area: SearchArea | null;
  /** What an offer joined to its business must be to count (offerConditions). */
  conditions: readonly SQL[];
  now: Date;
}

/**
 * The text match and the category subtree (ids read first: with a literal list the planner knows
 * how many products a category holds, where a recursive subquery was guessed at half the table);
 * null when the category is unknown, so nothing can match.
 */
async function productConditionsOf(
  db: Database,
  query: ProductListQuery,
  text: TextSearch | null,
): Promise<{ all: SQL[]; besidesText: SQL[]; categoryIds?: string[] } | null> {
  const textConditions = text ? [sql`${products.search} @@ ${text.tsquery}`] : [];
  if (query.category === undefined) return { all: textConditions, besidesText: [] };
  const categoryIds = await categoryIdsUnder(db, query.category);
  if (categoryIds.length === 0) return null;
  const inCategory = inArray(products.categoryId, categoryIds);
  return { all: [...textConditions, inCategory], besidesText: [inCategory], categoryIds };
}

/**
 * ts_rank, not ts_rank_cd: every match is ranked before the first can be listed, and on product
 * titles (weights A title, B brand, C description) both put title matches first, while ts_rank
 * costs about a third less per row ("milk", 11,330 matches at bench scale: 22 against 30 ms).
 */
function rankOf(text: TextSearch | null): SQL<number> | null {
  return text ? sql<number>`ts_rank(${products.search}, ${text.tsquery})` : null;
}

/**
 * The page's product rows with their aggregated offers, for the orders keyed on the offers
 * (distance, price) and a store's tab: the candidates' passing offers are grouped per product in one
 * pass, then sorted and cut (exported for EXPLAIN in benchmarks).
 */
export function summaryStatement(
  db: Database,
  query: ProductListQuery,
  { text, productConditions, area, conditions, now }: Omit<SummaryInputs, 'conditionsBesidesText'>,
) {
  // Products the text and category ask for; the offers below are read only for these.
  const candidates =
    productConditions.length > 0
      ? inArray(
          offers.productId,
          db
            .select({ id: products.id })
            .from(products)
            .where(and(...productConditions)),
        )
      : undefined;

  const matching = db
    .select({
      productId: offers.productId,
      offerCount: sql<number>`count(*)::int`.as('matching_offer_count'),
      lowestPrice: sql<number>`${shownPriceSql(now)}::int`.as('matching_lowest_price'),
      // A city lists in one currency (every store's offers carry it); min() only picks it.
      currency: sql<string>`min(${offers.currency})`.as('matching_currency'),
      nearestKm: sql<number | null>`${shownDistanceSql(area?.center ?? null, now)}`.as(
        'matching_nearest_km',
      ),
    })
    .from(offers)
    .innerJoin(businesses, eq(businesses.id, offers.businessId))
    .where(and(candidates, ...conditions))
    .groupBy(offers.productId)
    .as('matching');

  const rank = rankOf(text);
  const plan = sortPlanOf(productOrderOf(query.sort, text !== null, area !== null), {
    rank,
    nearestKm: sql<number | null>`${matching.nearestKm}`,
    lowestPrice: sql<number>`${matching.lowestPrice}`,
  });

  const statement = db
    .select({
      ...productCardColumns,
      offerCount: matching.offerCount,
      lowestPrice: matching.lowestPrice,
      currency: matching.currency,
      nearestKm: matching.nearestKm,
      rank: rank ?? sql<null>`null::real`,
    })
    .from(matching)
    .innerJoin(products, eq(products.id, matching.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(plan.after(query.cursor))
    .orderBy(...plan.orderBy)
    .limit(query.limit + 1);
  return { statement, plan };
}

type CardRow = Pick<SummaryRow, 'id' | 'slug' | 'title' | 'brand' | 'gtin' | 'images' | 'category'>;

/**
 * limit + 1 rows of an order, read: with their cards when the statement joined them (the
 * aggregate), else only keys and offer aggregates (the walks), whose cards are read with the page's
 * other lookups at once.
 */
type Listed =
  | { rows: SummaryRow[]; plan: SortPlan; hasCards: true }
  | { rows: WalkedRow[]; plan: SortPlan; hasCards: false };

/** The brand content of the listed products, by id. */
async function cardsOf(db: Database, productIds: readonly string[]): Promise<Map<string, CardRow>> {
  if (productIds.length === 0) return new Map();
  const rows: CardRow[] = await db
    .select(productCardColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, [...productIds]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The text's stored ranking: the one read with its resolution, else made (storedRanking). */
function rankingOf(db: Database, text: TextSearch): Promise<StoredRanking | null> {
  return text.ranking !== undefined
    ? Promise.resolve(text.ranking)
    : storedRanking(db, text.tsqueryText);
}

/**
 * limit + 1 rows of a product-keyed order (relevance, catalogue), walked (product-walk.ts): a text
 * query's relevance order over its stored ranking when it has one (search-rankings.ts), else live.
 */
async function walkedSummaries(
  db: Database,
  query: ProductListQuery,
  order: WalkOrder,
  { text, productConditions, conditionsBesidesText, area, conditions, now }: SummaryInputs,
): Promise<Listed> {
  const inputs = {
    order,
    offerConditions: conditions,
    cursor: query.cursor,
    area,
    now,
    limit: query.limit,
  };
  if (order === 'relevance' && text !== null) {
    const stored = await rankingOf(db, text);
    if (stored !== null) {
      const storedRank = sql<number>`ranked.walk_rank`;
      const plan = sortPlanOf(order, {
        rank: storedRank,
        nearestKm: sql<null>`null::float8`,
        lowestPrice: sql<number>`null::int`,
      });
      const walked = await walkStoredRanking(
        db,
        { ...inputs, rank: storedRank, productConditions: conditionsBesidesText, plan },
        stored,
      );
      // Nothing found is the answer, unless the ranking was pruned meanwhile: then walk live.
      if (walked.length > 0 || (await stillStored(db, stored))) {
        return { rows: walked, plan, hasCards: false };
      }
    }
  }
  const rank = rankOf(text);
  // The walk orders the products table itself; the offer-keyed values are never read by these orders.
  const plan = sortPlanOf(order, {
    rank,
    nearestKm: sql<null>`null::float8`,
    lowestPrice: sql<number>`null::int`,
  });
  const walked = await walkProducts(db, { ...inputs, rank, productConditions, plan });
  return { rows: walked, plan, hasCards: false };
}

/**
 * GET products (catalogue issue, Search): text search with typo correction, filters on the
 * products (category subtree) and on their offers (store, price, stock, radius), four sorts with
 * a keyset. Each order is read from the end that stops soonest (bench scale, PostgreSQL):
 * - relevance and catalogue walk the ranked products and read only the listed products' offers
 *   (product-walk.ts): "milk" near a location ~200 -> ~20 ms;
 * - distance reads the stores outward from the shopper (product-nearest.ts): the Products screen
 *   with a location and no text ~1,400 -> ~15 ms;
 * - price walks the products in the order of their price bounds (the least and greatest amount of
 *   any of their offers, kept by triggers) and stops once no unread product can come first
 *   (product-price-walk.ts, ADR 0024): "milk" by price, seconds -> tens of ms;
 * - a store's tab aggregates the candidates' passing offers in one pass, then sorts and cuts
 *   (summaryStatement): the store's few hundred offers are the cheaper end.
 */
export async function listProducts(
  db: Database,
  query: ProductListQuery,
  now: Date,
): Promise<ProductPage> {
  const area = searchAreaOf(query);
  const text = await textSearchOf(db, query.q);
  const productConditions = await productConditionsOf(db, query, text);
  if (productConditions === null) {
    return { results: [], nextCursor: null, correctedQuery: text?.correctedQuery ?? null };
  }
  const conditions = offerConditions(query, area, now);
  const inputs: SummaryInputs = {
    text,
    productConditions: productConditions.all,
    conditionsBesidesText: productConditions.besidesText,
    categoryIds: productConditions.categoryIds,
    area,
    conditions,
    now,
  };
  const order = productOrderOf(query.sort, text !== null, area !== null);
  const walkOrder = walkOrderOf(order, query);
  const listed: Listed =
    walkOrder !== null
      ? await walkedSummaries(db, query, walkOrder, inputs)
      : order === 'distance' && area !== null && query.businessId === undefined
        ? await nearestSummaries(db, query, area, inputs)
        : (order === 'price_asc' || order === 'price_desc') && query.businessId === undefined
          ? await priceWalkedSummaries(db, query, order, inputs)
          : await aggregatedSummaries(db, query, inputs);
  const { rows, plan } = listed;
  const read = rows.slice(0, query.limit);
  const ids = read.map((row) => row.id);
  // Everything else the page needs is keyed by the ids read: asked at once (a pool runs them side
  // by side; PGlite's one connection takes them in turn).
  const [cards, collapsed, best, ratings] = await Promise.all([
    listed.hasCards ? null : cardsOf(db, ids),
    // A product sold in several sizes is listed once (ADR 0020); the cursor still follows `read`.
    collapseSizes(db, read, now),
    bestOffersOf(db, ids, conditions, area, now),
    // Precomputed per product (ADR 0016): one primary-key lookup for the page.
    aggregatesOf(db, 'product', ids),
  ]);
  const sizes = collapsed.sizes;
  const page: SummaryRow[] = collapsed.rows.flatMap((row: SummaryRow | WalkedRow) => {
    if (cards === null) return [row as SummaryRow];
    const card = cards.get(row.id);
    // A product deleted between the two reads drops out rather than failing the page.
    return card ? [{ ...card, ...row }] : [];
  });
  const last = read.at(-1);
  return {
    results: page.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      brand: row.brand,
      gtin: row.gtin,
      image: row.images[0] ?? null,
      category: row.category,
      offerCount: row.offerCount,
      lowestPrice: { amount: row.lowestPrice, currency: row.currency },
      bestOffer: best.get(row.id) ?? null,
      rating: ratingFrom(ratings.get(row.id)),
      sizes: sizes.get(row.id) ?? null,
    })),
    nextCursor: rows.length > query.limit && last ? plan.cursorOf(last) : null,
    correctedQuery: text?.correctedQuery ?? null,
  };
}

/** limit + 1 rows nearest first, read outward from the shopper (product-nearest.ts). */
async function nearestSummaries(
  db: Database,
  query: ProductListQuery,
  area: SearchArea,
  { productConditions, conditions, now }: SummaryInputs,
): Promise<Listed> {
  const plan = sortPlanOf('distance', {
    rank: null,
    // The cursor is all this plan is used for; nearestProducts orders and cuts in SQL.
    nearestKm: sql<null>`null::float8`,
    lowestPrice: sql<number>`null::int`,
  });
  const nearest = await nearestProducts(db, {
    area,
    productConditions,
    offerConditions: conditions,
    cursor: query.cursor,
    now,
    limit: query.limit,
  });
  return { rows: nearest, plan, hasCards: false };
}

/**
 * limit + 1 rows by price, walked in price-bound order (product-price-walk.ts, ADR 0024); a text
 * query's candidates are its stored ranking's ids when it has one (search-rankings.ts).
 */
async function priceWalkedSummaries(
  db: Database,
  query: ProductListQuery,
  order: PriceOrder,
  {
    text,
    productConditions,
    conditionsBesidesText,
    categoryIds,
    area,
    conditions,
    now,
  }: SummaryInputs,
): Promise<Listed> {
  const plan = sortPlanOf(order, {
    rank: null,
    nearestKm: sql<null>`null::float8`,
    // The cursor is all this plan is used for; the walk orders and cuts.
    lowestPrice: sql<number>`null::int`,
  });
  const inputs = {
    order,
    productConditions,
    offerConditions: conditions,
    hasText: text !== null,
    categoryIds,
    cursor: query.cursor,
    area,
    now,
    limit: query.limit,
  };
  const ranking = text === null ? null : await rankingOf(db, text);
  if (ranking !== null) {
    const walked = await priceWalkProducts(db, {
      ...inputs,
      stored: { ranking, conditionsBesidesText },
    });
    // Nothing found is the answer, unless the ranking was pruned meanwhile: then walk live.
    if (walked.length > 0 || (await stillStored(db, ranking))) {
      return { rows: walked, plan, hasCards: false };
    }
  }
  return { rows: await priceWalkProducts(db, inputs), plan, hasCards: false };
}

/** limit + 1 rows of an offer-keyed order, aggregated (summaryStatement). */
async function aggregatedSummaries(
  db: Database,
  query: ProductListQuery,
  inputs: SummaryInputs,
): Promise<Listed> {
  const { statement, plan } = summaryStatement(db, query, inputs);
  const rows: SummaryRow[] = await statement;
  return { rows, plan, hasCards: true };
}
