import type { BusinessKind } from '@localmart/contract';

/** What the Stores screen filters by; the query string of GET businesses (businessListQuery). */
export interface BusinessFilters {
  q?: string | undefined;
  kind?: BusinessKind | undefined;
  category?: string | undefined;
  openNow?: boolean | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
}

export type BusinessListParams = Record<string, string | number | boolean | undefined>;

/**
 * The query string of one page of stores. Nearest first when the shopper has a location (the issue:
 * "sorted by distance"), else the server's order (text rank for a search, then name). A module of its
 * own, free of the HTTP client and zod, so the first-screen boot script can build the same URL.
 */
export function businessListParams(
  filters: BusinessFilters,
  cursor?: string | undefined,
): BusinessListParams {
  const located = filters.lat !== undefined && filters.lng !== undefined;
  return {
    q: filters.q || undefined,
    kind: filters.kind,
    category: filters.category,
    // Only sent when on: the server's default is off, and a shorter URL caches better.
    openNow: filters.openNow ? true : undefined,
    lat: filters.lat,
    lng: filters.lng,
    sort: located ? 'distance' : undefined,
    cursor,
  };
}
