/**
 * How big a city to generate. `small` is the demo (`npm run db:seed`), `bench` the load-test data set
 * (`--scale bench`). A custom scale lets tests exercise the bench code paths in milliseconds.
 */
export interface CityScale {
  businesses: number;
  products: number;
  /** Total offers; never below one per product, so every product is carried somewhere. */
  offers: number;
  /** One menu per restaurant, up to this many. */
  menus: number;
  /** Capped by providers x their trade's templates (six each): services never repeat at a provider. */
  services: number;
  /** One per retail business at most. */
  flyers: number;
}

export const CITY_SCALES = {
  small: { businesses: 40, products: 3_000, offers: 10_000, menus: 10, services: 30, flyers: 12 },
  bench: {
    businesses: 2_000,
    products: 200_000,
    offers: 1_000_000,
    menus: 500,
    services: 1_500,
    flyers: 600,
  },
} as const satisfies Record<string, CityScale>;

export type CityScaleName = keyof typeof CITY_SCALES;

/**
 * Split `total` into integers proportional to `weights`, each within [min, max] (largest remainder,
 * then water-filling), so allocations sum exactly to the total whenever the bounds allow.
 */
export function allocate(
  total: number,
  items: readonly { weight: number; min: number; max: number }[],
): number[] {
  const result = items.map((item) => Math.min(item.min, item.max));
  let remaining = total - result.reduce((sum, n) => sum + n, 0);
  while (remaining > 0) {
    const open = items
      .map((item, index) => ({ item, index }))
      .filter(({ item, index }) => (result[index] ?? 0) < item.max && item.weight > 0);
    if (open.length === 0) break;
    const weightSum = open.reduce((sum, { item }) => sum + item.weight, 0);
    const shares = open.map(({ item, index }) => {
      const exact = (remaining * item.weight) / weightSum;
      const room = item.max - (result[index] ?? 0);
      return {
        index,
        whole: Math.min(room, Math.floor(exact)),
        fraction: exact - Math.floor(exact),
        room,
      };
    });
    let given = 0;
    for (const share of shares) {
      result[share.index] = (result[share.index] ?? 0) + share.whole;
      given += share.whole;
    }
    // Remainders go one by one, largest fraction first (index breaks ties, for determinism).
    const byFraction = shares
      .filter((share) => share.room > share.whole)
      .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
    for (const share of byFraction) {
      if (given >= remaining) break;
      result[share.index] = (result[share.index] ?? 0) + 1;
      given += 1;
    }
    if (given === 0) break;
    remaining -= given;
  }
  return result;
}
