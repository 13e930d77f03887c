import { type CategoryIndex, buildCategories } from './categories.ts';
import { type BusinessContext, buildBusiness } from './businesses.ts';
import { type LeafRange, layoutProducts, type ProductLayout } from './products.ts';
import { Random } from './random.ts';
import { allocate, CITY_SCALES, type CityScale, type CityScaleName } from './scales.ts';
import { SERVICE_TEMPLATES } from './service-templates.ts';
import { STORE_TYPES, type StoreType } from './store-types.ts';
import type { DemoBusiness } from './types.ts';

export interface CityOptions {
  scale: CityScaleName | CityScale;
  /** Same seed (and same `now`) -> byte-identical city. */
  seed?: string | number;
  /**
   * The moment the city is generated for: flyers cover this week, sales and stock updates are
   * recent, holiday closures are the next real ones. Ids never depend on it.
   */
  now?: Date;
}

export const DEFAULT_SEED = 'localmart';

/** Flyers go round these types in turn, so twelve flyers are not twelve grocers. */
const FLYER_TYPE_ORDER = [
  'grocery',
  'pharmacy',
  'hardware',
  'pet-store',
  'electronics',
  'convenience',
  'organic-market',
  'bakery',
  'florist',
  'bookshop',
];

/**
 * Everything the record generators share, decided once up front and small even at bench scale
 * (2,000 businesses): the category trees, the product index layout, the businesses, and who stocks
 * what, has a menu, services or a flyer. Products, offers and the rest are derived lazily from it.
 */
export interface CityPlan {
  seed: string;
  now: Date;
  scale: CityScale;
  categories: CategoryIndex;
  layout: ProductLayout;
  businesses: DemoBusiness[];
  types: StoreType[];
  /** Retail leaf ranges each business stocks (empty for restaurants and services). */
  leavesOf: LeafRange[][];
  /** Business indexes stocking each leaf, in index order: product j's "home" store is one of them. */
  carriersOf: ReadonlyMap<string, number[]>;
  offerCounts: number[];
  menuBusinesses: number[];
  serviceCounts: number[];
  flyerBusinesses: number[];
}

function composition(total: number, random: Random): StoreType[] {
  const counts = allocate(
    total,
    STORE_TYPES.map((type) => ({ weight: type.smallCount, min: 0, max: total })),
  );
  const types = STORE_TYPES.flatMap((type, i) =>
    Array.from({ length: counts[i] ?? 0 }, () => type),
  );
  return random.shuffle(types);
}

/** How many of its leaf's products have this business as their home store. */
function homeCount(leaf: LeafRange, position: number, carriers: number): number {
  return position < leaf.count ? Math.floor((leaf.count - position - 1) / carriers) + 1 : 0;
}

export function planCity(options: CityOptions): CityPlan {
  const seed = String(options.seed ?? DEFAULT_SEED);
  const now = new Date(options.now ?? Date.now());
  const scale = typeof options.scale === 'string' ? CITY_SCALES[options.scale] : options.scale;
  const categories = buildCategories(seed);
  const layout = layoutProducts(categories, scale.products);

  const types = composition(scale.businesses, Random.for(seed, 'composition'));
  const context: BusinessContext = {
    seed,
    now,
    categories,
    takenNames: new Set(),
    takenSlugs: new Set(),
  };
  const businesses = types.map((type, index) => buildBusiness(context, index, type));

  const leavesOf = types.map((type) =>
    type.kind !== 'retail'
      ? []
      : type.categories
          .flatMap((slug) => categories.leavesUnder(slug))
          .flatMap((slug) => layout.bySlug.get(slug) ?? [])
          .filter((leaf) => leaf.count > 0),
  );
  const carriersOf = new Map<string, number[]>();
  leavesOf.forEach((leaves, index) => {
    for (const leaf of leaves) {
      const carriers = carriersOf.get(leaf.slug) ?? [];
      carriers.push(index);
      carriersOf.set(leaf.slug, carriers);
    }
  });

  const offerCounts = allocate(
    scale.offers,
    leavesOf.map((leaves, index) => {
      const catalogSize = leaves.reduce((sum, leaf) => sum + leaf.count, 0);
      const homes = leaves.reduce((sum, leaf) => {
        const carriers = carriersOf.get(leaf.slug) ?? [];
        return sum + homeCount(leaf, carriers.indexOf(index), carriers.length);
      }, 0);
      return { weight: catalogSize, min: homes, max: catalogSize };
    }),
  );

  const restaurants = types.flatMap((type, index) => (type.kind === 'restaurant' ? [index] : []));
  const providers = types.flatMap((type, index) => (type.kind === 'service' ? [index] : []));
  const perProvider = allocate(
    scale.services,
    providers.map((index) => ({
      weight: 1,
      min: 0,
      max: SERVICE_TEMPLATES[types[index]?.offering ?? '']?.length ?? 0,
    })),
  );
  const serviceCounts = types.map(() => 0);
  providers.forEach((business, i) => (serviceCounts[business] = perProvider[i] ?? 0));

  return {
    seed,
    now,
    scale,
    categories,
    layout,
    businesses,
    types,
    leavesOf,
    carriersOf,
    offerCounts,
    menuBusinesses: restaurants.slice(0, scale.menus),
    serviceCounts,
    flyerBusinesses: chooseFlyerBusinesses(types, scale.flyers, Random.for(seed, 'flyers')),
  };
}

/** Round-robin over FLYER_TYPE_ORDER, a random store of each type per round. */
function chooseFlyerBusinesses(types: StoreType[], count: number, random: Random): number[] {
  const queues = FLYER_TYPE_ORDER.map((key) =>
    random.shuffle(types.flatMap((type, index) => (type.key === key ? [index] : []))),
  );
  const chosen: number[] = [];
  while (chosen.length < count && queues.some((queue) => queue.length > 0)) {
    for (const queue of queues) {
      const next = queue.shift();
      if (next !== undefined && chosen.length < count) chosen.push(next);
    }
  }
  return chosen;
}
