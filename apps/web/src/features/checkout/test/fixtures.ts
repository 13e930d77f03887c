import {
  cartLineSchema,
  cartStoreSchema,
  checkoutQuoteSchema,
  checkoutViewSchema,
  type CartLine,
  type CartStore,
  type CheckoutQuote,
  type CheckoutSelection,
  type CheckoutView,
} from '@localmart/contract';
import {
  cad,
  checkoutId,
  fixtureImage as image,
  orderId,
  orderMoney,
  orderSummary,
  storeA,
  storeB,
} from '../../../test/commerce-fixtures.ts';

const deliveryOrderId = '0a000000-0000-4000-8000-000000000002';

export { address, addressId, checkoutId, storeA, storeB } from '../../../test/commerce-fixtures.ts';
export { signIn } from '../../../test/session.ts';

/** Checkout's own samples; those the orders and addresses tests share are in test/commerce-fixtures. */

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
      orderSummary({
        status: 'awaiting_payment',
        store: { ...orderSummary().store, logo: image('logo-a') },
        itemCount: 2,
        previewImages: [],
        money: orderMoney(),
        canPay: true,
        placedAt: null,
        updatedAt: '2026-11-21T10:00:00.000Z',
      }),
      orderSummary({
        id: deliveryOrderId,
        number: 'LM-1002',
        status: 'awaiting_payment',
        fulfilment: 'same_day_delivery',
        store: {
          ...orderSummary().store,
          id: storeB,
          name: 'Danforth Grocer',
          logo: image('logo-b'),
        },
        itemCount: 1,
        previewImages: [],
        total: cad(1629),
        money: orderMoney({ total: 1629 }),
        canPay: true,
        placedAt: null,
        updatedAt: '2026-11-21T10:00:00.000Z',
      }),
    ],
    // One card entry for the whole checkout (ADR 0009): each order charges its share when due.
    payments: [
      {
        id: '0b000000-0000-4000-8000-000000000001',
        mode: 'preauth',
        status: 'created',
        amount: cad(2759),
        orderIds: [orderId, deliveryOrderId],
      },
    ],
    nextPaymentId: '0b000000-0000-4000-8000-000000000001',
    state: 'awaiting_payment',
    ...overrides,
  });
}
