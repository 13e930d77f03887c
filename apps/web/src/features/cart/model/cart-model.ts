import {
  commerceMessages,
  type CartLine,
  type CartStore,
  type CartSummary,
  type Money,
} from '@localmart/contract';
import type { CartData } from '../../../lib/cart/cart-cache.ts';

export const CART_PATH = '/cart';
export const CHECKOUT_PATH = '/payumoney';
export const BROWSE_PATH = '/home';

const id = encodeURIComponent;

/** Where a line's title leads: the product page, the dish on its menu, or the service page. */
export function linePath(line: CartLine): string {
  if (line.kind === 'product' && line.productId) {
    return `/details?${new URLSearchParams({ id: line.productId }).toString()}`;
  }
  if (line.kind === 'menu_item' && line.menuId) {
    const item = new URLSearchParams({ item: line.itemId }).toString();
    return `/menu-details/${id(line.businessId)}/${id(line.menuId)}?${item}`;
  }
  if (line.kind === 'service') return `/service-details/${id(line.businessId)}/${id(line.itemId)}`;
  return `/business-details/${id(line.businessId)}/products`;
}

/** The store's page on the tab its lines come from (a restaurant's menu, a salon's services). */
export function storePath(store: CartStore, lines: readonly CartLine[]): string {
  const kind = lines[0]?.kind;
  const tab = kind === 'menu_item' ? 'menu' : kind === 'service' ? 'services' : 'products';
  return `/business-details/${id(store.id)}/${tab}`;
}

export interface StoreGroup {
  store: CartStore;
  lines: CartLine[];
}

/** Lines under their store, in the summary's store order; each line once, under its own store. */
export function groupByStore(cart: CartData): StoreGroup[] {
  const byId = new Map(cart.lines.map((line) => [line.id, line]));
  return cart.summary.stores.map((store) => ({
    store,
    lines: store.lineIds.flatMap((lineId) => {
      const line = byId.get(lineId);
      return line ? [line] : [];
    }),
  }));
}

/** Stores in different countries price in different currencies: one subtotal per currency. */
export function subtotalsByCurrency(stores: readonly CartStore[]): Money[] {
  const totals = new Map<string, number>();
  for (const { subtotal } of stores) {
    totals.set(subtotal.currency, (totals.get(subtotal.currency) ?? 0) + subtotal.amount);
  }
  return [...totals].map(([currency, amount]) => ({ amount, currency }));
}

/** Why Checkout is off, or null when it is on: an empty cart, or the first blocking notice. */
export function checkoutBlocker(cart: CartData): string | null {
  if (cart.summary.canCheckout) return null;
  if (cart.lines.length === 0) return commerceMessages.cartEmpty;
  for (const line of cart.lines) {
    const blocking = line.notices.find((notice) => notice.blocking);
    if (blocking) return `${line.title}: ${blocking.message}`;
  }
  return commerceMessages.itemUnavailable;
}

export function itemCountLabel(count: CartSummary['itemCount']): string {
  return count === 1 ? '1 item' : `${count} items`;
}
