import type { BusinessKind } from '@localmart/contract';

/**
 * The app paths favourites, list items and deal alerts open. The same shapes as the web app's route
 * table (routes.tsx): details?id=, business-details/{id}/{tab}, menu-details/{store}/{menu}?item=.
 */
const FIRST_TAB: Record<BusinessKind, string> = {
  retail: 'products',
  restaurant: 'menu',
  service: 'services',
};

export function productLink(productId: string): string {
  return `/details?id=${encodeURIComponent(productId)}`;
}

export function businessLink(businessId: string, kind: BusinessKind): string {
  return `/business-details/${encodeURIComponent(businessId)}/${FIRST_TAB[kind]}`;
}

export function dishLink(businessId: string, menuId: string, itemId: string): string {
  return `/menu-details/${encodeURIComponent(businessId)}/${encodeURIComponent(menuId)}?item=${encodeURIComponent(itemId)}`;
}

export function flyerLink(flyerId: string): string {
  return `/flyer-details?id=${encodeURIComponent(flyerId)}`;
}
