import {
  checkoutViewSchema,
  orderDetailSchema,
  orderSummarySchema,
  STORAGE_KEYS,
  type CheckoutView,
  type OrderDetail,
  type OrderSummary,
} from '@localmart/contract';
import { storage } from '../../../lib/storage.ts';

/** Contract-checked sample data: each fixture is parsed by the wire schema it stands for. */
export const storeId = '3f6c1a52-8d7e-4c1b-9a55-0b8e4d1c2a01';
export const orderId = '0a000000-0000-4000-8000-000000000001';
export const checkoutId = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c01';

const cad = (amount: number) => ({ amount, currency: 'CAD' });
const image = (name: string) => ({ url: `/img/${name}.svg`, width: 96, height: 96, alt: name });

export function orderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return orderSummarySchema.parse({
    id: orderId,
    number: 'LM-1001',
    checkoutId,
    status: 'placed',
    fulfilment: 'reserve_pickup',
    store: {
      id: storeId,
      name: 'Queen Street Market',
      logo: image('logo'),
      addressLine: '120 Queen St W, Toronto',
      phone: '416 555 0199',
      lat: 43.6525,
      lng: -79.3832,
    },
    itemCount: 3,
    previewImages: [image('milk'), image('bread')],
    total: cad(1130),
    createdAt: '2026-11-21T10:00:00.000Z',
    placedAt: '2026-11-21T10:01:00.000Z',
    updatedAt: '2026-11-21T10:01:00.000Z',
    ...overrides,
  });
}

export function orderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return orderDetailSchema.parse({
    ...orderSummary(),
    items: [
      {
        id: '0c000000-0000-4000-8000-000000000001',
        kind: 'menu_item',
        productId: null,
        title: 'Latte',
        subtitle: 'Coffee',
        image: null,
        options: [
          {
            groupId: 'size',
            groupName: 'Size',
            optionId: 'large',
            name: 'Large',
            priceDelta: cad(75),
          },
        ],
        note: 'Extra hot',
        quantity: 2,
        unitPrice: cad(525),
        regularUnitPrice: cad(525),
        lineTotal: cad(1050),
        priceMatched: false,
      },
    ],
    subtotal: cad(1050),
    discount: cad(50),
    couponCode: 'SAVE5',
    deliveryFee: cad(0),
    taxRateBps: 1300,
    tax: cad(130),
    total: cad(1130),
    deliveryAddress: null,
    deliveryDistanceKm: null,
    pickupPromise: 'Ready in 2 hours',
    pickupCode: 'K7P3QX',
    readyBy: '2026-11-21T12:00:00.000Z',
    note: '',
    declineReason: null,
    cancelReason: null,
    responseDueAt: null,
    payment: { mode: 'preauth', status: 'authorised', amount: cad(1130) },
    timeline: [
      { status: 'placed', actor: 'system', note: null, at: '2026-11-21T10:01:00.000Z' },
      { status: 'awaiting_payment', actor: 'shopper', note: null, at: '2026-11-21T10:00:00.000Z' },
    ],
    canCancel: true,
    ...overrides,
  });
}

export function checkoutView(overrides: Partial<CheckoutView> = {}): CheckoutView {
  return checkoutViewSchema.parse({
    id: checkoutId,
    createdAt: '2026-11-21T10:00:00.000Z',
    orders: [
      orderSummary(),
      orderSummary({
        id: '0a000000-0000-4000-8000-000000000002',
        number: 'LM-1002',
        fulfilment: 'same_day_delivery',
        store: {
          ...orderSummary().store,
          id: '3f6c1a52-8d7e-4c1b-9a55-0b8e4d1c2a02',
          name: 'Danforth Grocer',
        },
      }),
    ],
    payments: [],
    nextPaymentId: null,
    state: 'paid',
    ...overrides,
  });
}

export async function signIn() {
  await storage.set(STORAGE_KEYS.token, 'tok');
  await storage.set(STORAGE_KEYS.userId, '6f1c0c1e-0000-4000-8000-000000000001');
  await storage.set(STORAGE_KEYS.username, 'Ada Lovelace');
  await storage.set(STORAGE_KEYS.isLoggedIn, 'true');
}
