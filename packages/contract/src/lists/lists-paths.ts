import { API_BASE } from '../api-paths.ts';
import type { FavouriteKind } from './lists-schemas.ts';

const id = (value: string) => encodeURIComponent(value);

/**
 * Favourites, the shopping list ("My list") and deal alerts (issue 17). Every path is the signed-in
 * shopper's own: another shopper's ids are simply not found.
 */
export const listsPaths = {
  /** GET ?lat=&lng=: favourite stores, products and dishes, with what they show now. */
  favourites: `${API_BASE}/favourites`,
  /** GET: just the ids, for the hearts on pages and cards. */
  favouriteIds: `${API_BASE}/favourites/ids`,
  /** PUT adds (idempotent), DELETE removes. */
  favourite: (kind: FavouriteKind, targetId: string) =>
    `${API_BASE}/favourites/${id(kind)}/${id(targetId)}`,
  /** GET ?lat=&lng=: the list, each item with where it is in stock nearest and cheapest now. */
  list: `${API_BASE}/list`,
  /** POST {productId} | {menuItemId} | {flyerItemId}: adds an item. */
  listItems: `${API_BASE}/list/items`,
  /** PATCH {checked?, quantity?}, DELETE. */
  listItem: (itemId: string) => `${API_BASE}/list/items/${id(itemId)}`,
  /** GET / PUT {weeklyDigest}: the profile's deal alert settings. */
  dealAlertSettings: `${API_BASE}/deal-alerts/settings`,
} as const;
