import { currentPrice, haversineKm, IN_STOCK_MIN_QUANTITY, type LatLng } from '@localmart/contract';
import type { DemoCity } from '../demo/generate-city.ts';
import type { DemoBusiness, DemoOffer, DemoProduct } from '../demo/types.ts';

/**
 * Test-only: what the Products list should answer, worked out in TypeScript from the demo city's
 * records (not from the database), so the API tests compare two independent computations.
 */

export interface ExpectedCard {
  id: string;
  offerCount: number;
  lowestPrice: number;
  nearestKm: number | null;
}

export interface OfferFilter {
  businessId?: string;
  minPrice?: number;
  maxPrice?: number;
  inStockOnly?: boolean;
  center?: LatLng;
  radiusKm?: number;
}

export class CityModel {
  readonly products: DemoProduct[];
  readonly offers: DemoOffer[];
  readonly businesses: Map<string, DemoBusiness>;
  readonly productsById: Map<string, DemoProduct>;

  constructor(
    readonly city: DemoCity,
    readonly now: Date,
  ) {
    this.products = [...city.products];
    this.offers = [...city.offers];
    this.businesses = new Map(city.businesses.map((business) => [business.id, business]));
    this.productsById = new Map(this.products.map((product) => [product.id, product]));
  }

  priceNow(offer: DemoOffer): number {
    return currentPrice({ price: offer.price, sale: offer.sale }, this.now).price.amount;
  }

  distanceKm(offer: DemoOffer, center: LatLng): number {
    const business = this.businesses.get(offer.businessId);
    if (!business) throw new Error(`offer ${offer.id} has no business`);
    return haversineKm(center, business);
  }

  /** Category ids of the category with this slug and every category below it. */
  categoryTree(slug: string): Set<string> {
    const root = this.city.categories.find((category) => category.slug === slug);
    const ids = new Set(root ? [root.id] : []);
    let grew = true;
    while (grew) {
      grew = false;
      for (const category of this.city.categories) {
        if (category.parentId && ids.has(category.parentId) && !ids.has(category.id)) {
          ids.add(category.id);
          grew = true;
        }
      }
    }
    return ids;
  }

  passes(offer: DemoOffer, filter: OfferFilter): boolean {
    const price = this.priceNow(offer);
    if (filter.businessId !== undefined && offer.businessId !== filter.businessId) return false;
    if (filter.minPrice !== undefined && price < filter.minPrice) return false;
    if (filter.maxPrice !== undefined && price > filter.maxPrice) return false;
    if (filter.inStockOnly && offer.quantity < IN_STOCK_MIN_QUANTITY) return false;
    if (filter.center && this.distanceKm(offer, filter.center) > (filter.radiusKm ?? 25)) {
      return false;
    }
    return true;
  }

  /**
   * One card per product with at least one offer passing `filter`, keyed by product id. The card
   * shows one offer: in stock first, then the cheapest, then the nearest, then the lowest id; its
   * price is the card's lowestPrice and its distance the card's nearestKm (issue 17).
   */
  cards(
    filter: OfferFilter,
    productFilter: (product: DemoProduct) => boolean = () => true,
  ): Map<string, ExpectedCard> {
    const cards = new Map<string, ExpectedCard & { shown: ShownKey }>();
    for (const offer of this.offers) {
      const product = this.productsById.get(offer.productId);
      if (!product || !productFilter(product) || !this.passes(offer, filter)) continue;
      const price = this.priceNow(offer);
      const km = filter.center ? this.distanceKm(offer, filter.center) : null;
      const shown: ShownKey = {
        inStock: offer.quantity >= IN_STOCK_MIN_QUANTITY,
        price,
        km: km ?? 0,
        id: offer.id,
      };
      const card = cards.get(product.id);
      if (!card) {
        cards.set(product.id, {
          id: product.id,
          offerCount: 1,
          lowestPrice: price,
          nearestKm: km,
          shown,
        });
        continue;
      }
      card.offerCount += 1;
      if (shownBefore(shown, card.shown)) {
        card.shown = shown;
        card.lowestPrice = price;
        card.nearestKm = km;
      }
    }
    return new Map(
      [...cards].map(([id, { shown: _shown, ...card }]) => [id, card satisfies ExpectedCard]),
    );
  }
}

interface ShownKey {
  inStock: boolean;
  price: number;
  km: number;
  id: string;
}

/** Whether offer `a` is shown on its card before offer `b`. */
function shownBefore(a: ShownKey, b: ShownKey): boolean {
  if (a.inStock !== b.inStock) return a.inStock;
  if (a.price !== b.price) return a.price < b.price;
  if (a.km !== b.km) return a.km < b.km;
  return a.id < b.id;
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The list orders, as the API promises them: the sort value, then the product id. */
export const expectedOrders = {
  price_asc: (a: ExpectedCard, b: ExpectedCard) => a.lowestPrice - b.lowestPrice || byId(a, b),
  price_desc: (a: ExpectedCard, b: ExpectedCard) => b.lowestPrice - a.lowestPrice || byId(a, b),
  distance: (a: ExpectedCard, b: ExpectedCard) =>
    (a.nearestKm ?? 0) - (b.nearestKm ?? 0) || byId(a, b),
  catalogue: byId,
};
