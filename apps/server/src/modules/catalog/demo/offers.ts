import type { CityPlan } from './city-plan.ts';
import { type FlyerWeek, flyerWeek } from './flyer-week.ts';
import { demoUuid } from './ids.ts';
import { charmPrice, DEMO_CURRENCY } from './pricing.ts';
import { productCore } from './products.ts';
import { Random } from './random.ts';
import type { DemoOffer } from './types.ts';

/** Offers a flyer business puts on sale for the flyer week; flyers link half their items to them. */
export const FEATURED_OFFERS_PER_FLYER = 12;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The products a business stocks: every product whose "home" it is (so each product has at least one
 * offer in the city), then random others from its categories up to its share of the city's offers.
 * Sorted by product index, which keeps inserts in primary-key order.
 */
export function assortmentOf(plan: CityPlan, businessIndex: number): number[] {
  const leaves = plan.leavesOf[businessIndex] ?? [];
  const target = plan.offerCounts[businessIndex] ?? 0;
  if (leaves.length === 0 || target === 0) return [];
  const chosen = new Set<number>();
  for (const leaf of leaves) {
    const carriers = plan.carriersOf.get(leaf.slug) ?? [];
    const step = carriers.length;
    for (let j = carriers.indexOf(businessIndex); j >= 0 && j < leaf.count; j += step) {
      chosen.add(leaf.start + j);
    }
  }
  const random = Random.for(plan.seed, `assortment:${businessIndex}`);
  const catalogSize = leaves.reduce((sum, leaf) => sum + leaf.count, 0);
  const missing = target - chosen.size;
  if (missing > 0 && catalogSize - chosen.size <= missing * 4) {
    // Dense pick: shuffle the candidates outright instead of retrying collisions.
    const candidates = leaves.flatMap((leaf) =>
      Array.from({ length: leaf.count }, (_, j) => leaf.start + j).filter(
        (index) => !chosen.has(index),
      ),
    );
    for (const index of random.sample(candidates, missing)) chosen.add(index);
  } else {
    while (chosen.size < target) {
      let roll = random.int(0, catalogSize - 1);
      for (const leaf of leaves) {
        if (roll < leaf.count) {
          chosen.add(leaf.start + roll);
          break;
        }
        roll -= leaf.count;
      }
    }
  }
  return [...chosen].sort((a, b) => a - b);
}

/** 0 to 60 units, weighted so every stock level (out, 1, 2, 3+) shows up often enough to see. */
function quantity(random: Random): number {
  return random.weighted([
    [0, 9],
    [1, 7],
    [2, 7],
    [random.int(3, 9), 30],
    [random.int(10, 60), 47],
  ]);
}

const roundToMinute = (ms: number) => Math.floor(ms / MINUTE_MS) * MINUTE_MS;
const money = (amount: number) => ({ amount, currency: DEMO_CURRENCY });

/** The products a flyer business puts on sale for its flyer week. */
export function featuredProductIndexes(
  plan: CityPlan,
  businessIndex: number,
  assortment: readonly number[],
): Set<number> {
  if (!plan.flyerBusinesses.includes(businessIndex)) return new Set();
  const random = Random.for(plan.seed, `featured:${businessIndex}`);
  return new Set(random.sample(assortment, FEATURED_OFFERS_PER_FLYER));
}

/**
 * One offer, from its own random stream (business, product): a flyer can rebuild the dozen offers it
 * links to without rebuilding the business's whole assortment.
 */
function offerAt(
  plan: CityPlan,
  businessIndex: number,
  productIndex: number,
  flyer: FlyerWeek | null,
): DemoOffer {
  const business = plan.businesses[businessIndex];
  if (!business) throw new RangeError(`no business ${businessIndex}`);
  const key = `offer:${businessIndex}:${productIndex}`;
  const random = Random.for(plan.seed, key);
  const core = productCore(plan.seed, plan.layout, productIndex);
  const now = plan.now.getTime();
  const price = charmPrice(core.referencePrice * random.between(0.92, 1.12));
  const salePrice = (low: number, high: number) =>
    money(Math.max(1, Math.min(price - 10, charmPrice(price * random.between(low, high)))));
  let stock = quantity(random);
  let sale: DemoOffer['sale'] = null;
  if (flyer) {
    sale = { price: salePrice(0.7, 0.85), startsAt: flyer.startsAt, endsAt: flyer.endsAt };
    stock = random.int(4, 40);
  } else if (random.chance(0.12) && price > 100) {
    // Mostly running sales, a few scheduled to start in the next days.
    const start = random.chance(0.85)
      ? now - random.int(1, 96) * HOUR_MS
      : now + random.int(24, 72) * HOUR_MS;
    const startsAt = roundToMinute(start);
    sale = {
      price: salePrice(0.7, 0.9),
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(startsAt + random.int(3, 10) * 24 * HOUR_MS).toISOString(),
    };
  }
  return {
    id: demoUuid(plan.seed, key),
    businessId: business.id,
    productId: core.id,
    price: money(price),
    sale,
    quantity: stock,
    updatedAt: new Date(roundToMinute(now - random.int(3, 30 * 60) * MINUTE_MS)).toISOString(),
  };
}

/** Every offer of one business, in product order. */
export function offersOf(plan: CityPlan, businessIndex: number): DemoOffer[] {
  const assortment = assortmentOf(plan, businessIndex);
  const featured = featuredProductIndexes(plan, businessIndex, assortment);
  const week = featured.size > 0 ? flyerWeek(plan, businessIndex) : null;
  return assortment.map((productIndex) =>
    offerAt(plan, businessIndex, productIndex, featured.has(productIndex) ? week : null),
  );
}

/** The offers on sale for a business's flyer week, with their product index (for flyer titles). */
export function featuredOffersOf(
  plan: CityPlan,
  businessIndex: number,
): { offer: DemoOffer; productIndex: number }[] {
  const featured = featuredProductIndexes(plan, businessIndex, assortmentOf(plan, businessIndex));
  const week = flyerWeek(plan, businessIndex);
  return [...featured]
    .sort((x, y) => x - y)
    .map((productIndex) => ({
      productIndex,
      offer: offerAt(plan, businessIndex, productIndex, week),
    }));
}
