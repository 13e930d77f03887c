import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { shopperVisibleSql } from '../shared/shopper-visibility.ts';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { businesses, offers, products } from '../../../db/schema/index.ts';
import { executeRows } from '../search/execute-rows.ts';
import { decodeCursor } from '../shared/cursor.ts';
import { distanceKmSql, withinRadiusSql } from '../shared/geo-sql.ts';
import { type SearchArea, shownDistanceSql, shownPriceSql } from './product-filters.ts';
import { sortPlanOf } from './product-sort.ts';
import type { WalkedRow } from './product-walk.ts';

/**
 * The Products list nearest first (sort=distance, or relevance with a location and no text), read
 * outward from the shopper: a product's distance is that of the offer its card shows (in stock
 * first, then cheapest: shownOfferOrderSql), so every product whose distance is <= r has a passing
 * offer at a store within r km. The products offered by the stores within r are the candidates; each
 * one's shown offer is then found among all its passing offers in the asked radius (the
 * offers_product_idx index, a few offers a product), and those shown within r are the first products
 * of the whole list whenever they fill a page. r grows
 * through the distances of the 1st, 4th, 16th and 64th nearest store past the cursor, then the
 * asked radius; downtown at bench scale the nearest store alone usually fills the page (its ~500
 * offers instead of every offer in 25 km: ~1,000,000).
 */
const STORE_STEPS = [1, 4, 16, 64] as const;

export interface NearestInputs {
  area: SearchArea;
  /** What a product must be (text match, category subtree). */
  productConditions: readonly SQL[];
  /** What an offer joined to its business must be to count (offerConditions). */
  offerConditions: readonly SQL[];
  cursor: string | undefined;
  now: Date;
  limit: number;
  /** Below this many matching products the whole radius is asked at once (tests lower it). */
  fewProducts?: number;
}

const distanceCursor = z.tuple([z.literal('distance'), z.number(), z.uuid()]);

/** The distance the cursor stands at; 0 on the first page. */
function cursorKm(cursor: string | undefined): number {
  return cursor === undefined ? 0 : decodeCursor(cursor, distanceCursor)[1];
}

/** Radii to try: the distances of some nearest stores beyond `fromKm`, then the asked radius. */
async function radiiOf(db: Database, area: SearchArea, fromKm: number): Promise<number[]> {
  const distance = distanceKmSql(businesses.lat, businesses.lng, area.center);
  const rows = await db
    .select({ km: distance })
    .from(businesses)
    .where(
      and(
        withinRadiusSql(businesses.lat, businesses.lng, area.center, area.radiusKm),
        shopperVisibleSql(),
        sql`${distance} > ${fromKm}::float8`,
      ),
    )
    .orderBy(sql`${distance} asc`)
    .limit(STORE_STEPS.at(-1) ?? 1);
  const steps = STORE_STEPS.map((step) => rows[step - 1]?.km).filter(
    (km): km is number => km !== undefined && km < area.radiusKm,
  );
  return [...new Set([...steps, area.radiusKm])];
}

/**
 * The stores' offers, joined. Within a narrowed radius each store in the (lat, lng) box reads its own
 * offers through the (business_id, product_id) index: OFFSET 0 keeps the lateral subquery
 * parameterized, where the planner, misjudging how few stores a small box holds, would scan every
 * offer. Named "offers" so the shared offer conditions read it unchanged.
 */
function offersOfStores(narrowed: boolean): SQL {
  return narrowed
    ? sql`${businesses} cross join lateral (
        select * from ${offers} as store_offers where store_offers.business_id = ${businesses.id}
        offset 0
      ) as ${offers}`
    : sql`${offers} inner join ${businesses} on ${eq(businesses.id, offers.businessId)}`;
}

/**
 * Fewer products than this match the text and category: then the stores are the wrong end to start
 * from (at ~500 offers a store, 64 stores would rarely fill a page), and the whole radius is asked
 * at once, which the planner answers from the few products' offers.
 */
const FEW_PRODUCTS = 2000;

async function fewProducts(
  db: Database,
  productConditions: readonly SQL[],
  few: number,
): Promise<boolean> {
  if (productConditions.length === 0 || few <= 0) return false;
  const [probe] = await executeRows<{ found: number }>(
    db,
    sql`select count(*)::int as found from (
      select 1 from ${products} where ${and(...productConditions)} limit ${few}
    ) as matches`,
  );
  return (probe?.found ?? 0) < few;
}

/** Up to limit + 1 products nearest first, with their passing offers' aggregate. */
export async function nearestProducts(db: Database, inputs: NearestInputs): Promise<WalkedRow[]> {
  const { area, productConditions, offerConditions, cursor, now, limit } = inputs;
  const plan = sortPlanOf('distance', {
    rank: null,
    nearestKm: sql<number>`nearest.nearest_km`,
    // Never read by the distance order.
    lowestPrice: sql<number>`null::int`,
  });
  const after = plan.after(cursor);
  // A semi-join, not a join: the planner may then hash the matching products once instead of
  // looking each store offer's product up.
  const candidates =
    productConditions.length > 0
      ? sql`${offers.productId} in (select ${products.id} from ${products} where ${and(...productConditions)})`
      : undefined;
  let page: { id: string; nearestKm: number }[] = [];
  const fromKm = cursorKm(cursor);
  const radii = (await fewProducts(db, productConditions, inputs.fewProducts ?? FEW_PRODUCTS))
    ? [area.radiusKm]
    : await radiiOf(db, area, fromKm);
  const storeKm = distanceKmSql(businesses.lat, businesses.lng, area.center);
  for (const radiusKm of radii) {
    const where = and(
      withinRadiusSql(businesses.lat, businesses.lng, area.center, radiusKm),
      ...offerConditions,
      candidates,
    );
    const shown = shownDistanceSql(area.center, now);
    const nearest =
      radiusKm < area.radiusKm
        ? // The products offered by the stores between the cursor and r (a product listed after
          // the cursor and within r has its shown offer at one of them), each with its shown
          // offer's distance over the whole radius (a farther in-stock or cheaper offer may be the
          // one shown): kept when <= r.
          sql`(
          select near.product_id, shown.nearest_km
          from (
            select distinct ${offers.productId} as product_id
            from ${offersOfStores(true)}
            where ${and(where, sql`${storeKm} >= ${fromKm}::float8`)}
          ) as near
          cross join lateral (
            select ${shown}::float8 as nearest_km
            from ${offers}
            inner join ${businesses} on ${eq(businesses.id, offers.businessId)}
            where ${and(sql`${offers.productId} = near.product_id`, ...offerConditions)}
          ) as shown
          where shown.nearest_km <= ${radiusKm}::float8
        )`
        : sql`(
          select ${offers.productId} as product_id, ${shown}::float8 as nearest_km
          from ${offersOfStores(false)}
          where ${where}
          group by ${offers.productId}
        )`;
    page = await executeRows<{ id: string; nearestKm: number }>(
      db,
      sql`select ${products.id} as id, nearest.nearest_km as "nearestKm"
        from ${nearest} as nearest
        inner join ${products} on ${products.id} = nearest.product_id
        ${after ? sql`where ${after}` : sql``}
        order by ${sql.join(plan.orderBy, sql`, `)}
        limit ${limit + 1}`,
    );
    if (page.length > limit) break;
  }
  if (page.length === 0) return [];

  // Counts and lowest price read every passing offer of the page's products, in the whole radius.
  const totals = await db
    .select({
      productId: offers.productId,
      offerCount: sql<number>`count(*)::int`,
      lowestPrice: sql<number>`${shownPriceSql(now)}::int`,
      currency: sql<string>`min(${offers.currency})`,
    })
    .from(offers)
    .innerJoin(businesses, eq(businesses.id, offers.businessId))
    .where(
      and(
        inArray(
          offers.productId,
          page.map((row) => row.id),
        ),
        ...offerConditions,
      ),
    )
    .groupBy(offers.productId);
  const byId = new Map(totals.map((row) => [row.productId, row]));
  return page.flatMap(({ id, nearestKm }) => {
    const total = byId.get(id);
    return total
      ? [
          {
            id,
            rank: null,
            offerCount: total.offerCount,
            lowestPrice: total.lowestPrice,
            currency: total.currency,
            nearestKm,
          },
        ]
      : [];
  });
}
