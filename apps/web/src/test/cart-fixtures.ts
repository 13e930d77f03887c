import {
  stockStatus,
  type Offer,
  type CartLine,
  type CartResponse,
  type CartStore,
  type CartSummary,
} from '@localmart/contract';

/** Cart answers shaped exactly as GET cart's schema, for the cart page and the add buttons' tests. */

export const STORE_A = '00000000-0000-4000-8000-00000000000a';
export const STORE_B = '00000000-0000-4000-8000-00000000000b';

let counter = 0;
function uuid(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
}

export function cartLine(overrides: Partial<CartLine> = {}): CartLine {
  return {
    id: uuid(),
    kind: 'product',
    businessId: STORE_A,
    itemId: uuid(),
    productId: uuid(),
    menuId: null,
    title: 'Organic milk 1 L',
    subtitle: 'Dairy Farms',
    image: { url: '/milk.svg', width: 400, height: 400, alt: 'Milk' },
    options: [],
    note: '',
    quantity: 1,
    maxQuantity: 10,
    unitPrice: { amount: 499, currency: 'CAD' },
    regularUnitPrice: { amount: 499, currency: 'CAD' },
    lineTotal: { amount: 499 * (overrides.quantity ?? 1), currency: 'CAD' },
    priceMatched: false,
    stock: stockStatus(10),
    notices: [],
    ...overrides,
  };
}

export function cartStore(id: string, name: string, lines: CartLine[]): CartStore {
  const mine = lines.filter((line) => line.businessId === id);
  return {
    id,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    name,
    logo: { url: '/logo.svg', width: 256, height: 256, alt: `${name} logo` },
    addressLine: '1 King St W',
    lat: 43.65,
    lng: -79.38,
    fulfilment: { reservePickup: true, buyOnlinePickup: true, sameDayDelivery: false },
    pickupPromise: 'Usually ready in 2 h',
    delivery: null,
    deliveryUnavailable: null,
    taxRateBps: 1300,
    lineIds: mine.map((line) => line.id),
    subtotal: {
      amount: mine.reduce((sum, line) => sum + line.lineTotal.amount, 0),
      currency: 'CAD',
    },
    itemCount: mine.reduce((sum, line) => sum + line.quantity, 0),
  };
}

/** The whole-cart answer of GET cart and every mutation. */
export function cartAnswer(
  lines: CartLine[],
  stores: { id: string; name: string }[] = [{ id: STORE_A, name: 'Corner Market' }],
  overrides: Partial<CartSummary> = {},
): CartResponse {
  const summary: CartSummary = {
    stores: stores
      .map((store) => cartStore(store.id, store.name, lines))
      .filter((store) => store.lineIds.length > 0),
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    canCheckout: lines.length > 0 && lines.every((line) => !line.notices.some((n) => n.blocking)),
    ...overrides,
  };
  return { status: 1, message: 'Cart loaded', results: lines, result: summary };
}

/** A store's offer of a product, as the product page lists it. */
export function offerFixture(quantity = 5, fulfilment: Partial<Offer['fulfilment']> = {}): Offer {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    productId: '00000000-0000-4000-8000-000000000002',
    business: {
      id: STORE_A,
      slug: 'corner-market',
      name: 'Corner Market',
      kind: 'retail',
      logo: { url: '/logo.svg', width: 256, height: 256, alt: 'Corner Market logo' },
      addressLine: '1 King St W',
      lat: 43.65,
      lng: -79.38,
      openState: {
        open: true,
        status: 'Open now',
        detail: null,
        text: 'Open now',
        changesAt: null,
      },
    },
    price: { amount: 499, currency: 'CAD' },
    sale: null,
    currentPrice: { amount: 499, currency: 'CAD' },
    onSale: false,
    quantity,
    stock: stockStatus(quantity),
    updatedAt: '2026-11-20T10:00:00.000Z',
    distanceKm: 1.2,
    pickupPromise: 'Usually ready in 2 h',
    fulfilment: {
      reservePickup: true,
      buyOnlinePickup: true,
      sameDayDelivery: false,
      ...fulfilment,
    },
  };
}
