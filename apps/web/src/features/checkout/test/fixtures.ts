import {
  cartLineSchema,
  cartStoreSchema,
  checkoutQuoteSchema,
  checkoutViewSchema,
  addressSchema,
  STORAGE_KEYS,
  type Address,
  type CartLine,
  type CartStore,
  type CheckoutQuote,
  type CheckoutSelection,
  type CheckoutView,
} from '@localmart/contract';
import { storage } from '../../../lib/storage.ts';

/** Contract-checked sample data: each fixture is parsed by the wire schema it stands for. */
export const storeA = '3f6c1a52-8d7e-4c1b-9a55-0b8e4d1c2a01';
export const storeB = '3f6c1a52-8d7e-4c1b-9a55-0b8e4d1c2a02';
export const checkoutId = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c01';
export const addressId = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b01';

const cad = (amount: number) => ({ amount, currency: 'CAD' });
const image = (name: string) => ({ url: `/img/${name}.svg`, width: 96, height: 96, alt: name });

export function cartStore(overrides: Partial<CartStore> = {}): CartStore {
  return cartStoreSchema.parse({
    id: storeA,
    slug: 'queen-street-market',
    name: 'Queen Street Market',
    logo: image('logo-a'),
    addressLine: '120 Queen St W, Toronto',
    lat: 43.6525,
    lng: -79.3832,
    fulfilment: { reservePickup: true, buyOnlinePickup: true, sameDayDelivery: false },
    pickupPromise: 'Ready in 2 hours',
    delivery: null,
    taxRateBps: 1300,
    lineIds: [],
    subtotal: cad(1000),
    itemCount: 1,
    ...overrides,
  });
}

export const storeBFixture = () =>
  cartStore({
    id: storeB,
    slug: 'danforth-grocer',
    name: 'Danforth Grocer',
    logo: image('logo-b'),
    fulfilment: { reservePickup: true, buyOnlinePickup: true, sameDayDelivery: true },
    delivery: { radiusKm: 8, fee: cad(499), minimumOrder: cad(2500), cutoffTime: '16:00' },
    subtotal: cad(3000),
  });

export function cartLine(overrides: Partial<CartLine> = {}): CartLine {
  return cartLineSchema.parse({
    id: '1a000000-0000-4000-8000-000000000001',
    kind: 'product',
    businessId: storeA,
    itemId: '1b000000-0000-4000-8000-000000000001',
    productId: '1c000000-0000-4000-8000-000000000001',
    menuId: null,
    title: 'Oat milk',
    subtitle: 'Oatly',
    image: null,
    options: [],
    note: '',
    quantity: 2,
    maxQuantity: 10,
    unitPrice: cad(500),
    regularUnitPrice: cad(500),
    lineTotal: cad(1000),
    priceMatched: false,
    stock: null,
    notices: [],
    ...overrides,
  });
}

export function cartAnswer(stores: CartStore[], lines: CartLine[]) {
  return {
    body: {
      status: 1,
      message: 'Cart loaded',
      results: lines,
      result: { stores, itemCount: lines.length, canCheckout: lines.length > 0 },
    },
  };
}

export function address(overrides: Partial<Address> = {}): Address {
  return addressSchema.parse({
    id: addressId,
    label: 'Home',
    name: 'Ada Lovelace',
    phone: '416 555 0100',
    line1: '12 King St W',
    line2: null,
    city: 'Toronto',
    region: 'ON',
    postalCode: 'M5H 1A1',
    country: 'CA',
    lat: 43.649,
    lng: -79.38,
    instructions: '',
    isDefault: true,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}

/** A quote for a selection, as the server would price it (every store $10.00 + 13 % tax). */
export function quoteFor(
  selection: CheckoutSelection,
  extra: Partial<CheckoutQuote> = {},
): CheckoutQuote {
  const stores = selection.stores.map((chosen) => ({
    businessId: chosen.businessId,
    businessName: chosen.businessId === storeA ? 'Queen Street Market' : 'Danforth Grocer',
    logo: image('logo'),
    fulfilment: chosen.fulfilment,
    lineIds: [],
    subtotal: cad(1000),
    discount: cad(0),
    deliveryFee: cad(chosen.fulfilment === 'same_day_delivery' ? 499 : 0),
    taxRateBps: 1300,
    tax: cad(130),
    total: cad(chosen.fulfilment === 'same_day_delivery' ? 1629 : 1130),
    pickupPromise: null,
    deliveryDistanceKm: chosen.fulfilment === 'same_day_delivery' ? 2.4 : null,
    problems: [],
  }));
  const hold = stores
    .filter((s) => s.fulfilment === 'reserve_pickup')
    .reduce((sum, s) => sum + s.total.amount, 0);
  const total = stores.reduce((sum, s) => sum + s.total.amount, 0);
  return checkoutQuoteSchema.parse({
    stores,
    coupon: null,
    totals: [
      {
        currency: 'CAD',
        subtotal: 1000 * stores.length,
        discount: 0,
        deliveryFee: total - 1130 * stores.length,
        tax: 130 * stores.length,
        total,
        payNow: total - hold,
        holdNow: hold,
      },
    ],
    problems: [],
    canPlace: true,
    ...extra,
  });
}

export function checkoutView(overrides: Partial<CheckoutView> = {}): CheckoutView {
  return checkoutViewSchema.parse({
    id: checkoutId,
    createdAt: '2026-11-21T10:00:00.000Z',
    orders: [
      {
        id: '0a000000-0000-4000-8000-000000000001',
        number: 'LM-1001',
        checkoutId,
        status: 'awaiting_payment',
        fulfilment: 'reserve_pickup',
        store: {
          id: storeA,
          name: 'Queen Street Market',
          logo: image('logo-a'),
          addressLine: '120 Queen St W, Toronto',
          phone: '416 555 0199',
          lat: 43.6525,
          lng: -79.3832,
        },
        itemCount: 2,
        previewImages: [],
        total: cad(1130),
        createdAt: '2026-11-21T10:00:00.000Z',
        placedAt: null,
        updatedAt: '2026-11-21T10:00:00.000Z',
      },
    ],
    payments: [
      {
        id: '0b000000-0000-4000-8000-000000000001',
        mode: 'preauth',
        status: 'created',
        amount: cad(1130),
        orderIds: ['0a000000-0000-4000-8000-000000000001'],
      },
      {
        id: '0b000000-0000-4000-8000-000000000002',
        mode: 'charge',
        status: 'created',
        amount: cad(1629),
        orderIds: [],
      },
    ],
    nextPaymentId: '0b000000-0000-4000-8000-000000000001',
    state: 'awaiting_payment',
    ...overrides,
  });
}

export async function signIn() {
  await storage.set(STORAGE_KEYS.token, 'tok');
  await storage.set(STORAGE_KEYS.userId, '6f1c0c1e-0000-4000-8000-000000000001');
  await storage.set(STORAGE_KEYS.username, 'Ada Lovelace');
  await storage.set(STORAGE_KEYS.isLoggedIn, 'true');
}
