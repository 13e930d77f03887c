import {
  addressSchema,
  orderMoneyLabel,
  orderMoneySchema,
  orderMoneyState,
  orderSummarySchema,
  type Address,
  type Money,
  type OrderMoney,
  type OrderSummary,
} from '@localmart/contract';

/**
 * Contract-checked commerce samples shared by the cart, checkout, addresses and orders tests: each
 * fixture is parsed by the wire schema it stands for, so a schema change breaks the fixture, not
 * a test far away.
 */
export const storeA = '3f6c1a52-8d7e-4c1b-9a55-0b8e4d1c2a01';
export const storeB = '3f6c1a52-8d7e-4c1b-9a55-0b8e4d1c2a02';
export const checkoutId = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c01';
export const addressId = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b01';
export const orderId = '0a000000-0000-4000-8000-000000000001';

export const cad = (amount: number): Money => ({ amount, currency: 'CAD' });
export const fixtureImage = (name: string) => ({
  url: `/img/${name}.svg`,
  width: 96,
  height: 96,
  alt: name,
});

/** A saved address in Toronto; the shopper's default unless told otherwise. */
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

/**
 * An order's own money from its amounts in cents (CAD), with the state and label the contract's
 * helpers give them, as the server builds it. Events and pending calls are the test's to add.
 */
export function orderMoney(
  amounts: {
    total?: number;
    authorised?: number;
    captured?: number;
    released?: number;
    refunded?: number;
  } = {},
  extra: Partial<Pick<OrderMoney, 'pending' | 'events'>> = {},
): OrderMoney {
  const figures = {
    currency: 'CAD',
    total: amounts.total ?? 1130,
    authorised: amounts.authorised ?? 0,
    captured: amounts.captured ?? 0,
    released: amounts.released ?? 0,
    refunded: amounts.refunded ?? 0,
  };
  return orderMoneySchema.parse({
    state: orderMoneyState(figures),
    label: orderMoneyLabel(figures),
    authorised: cad(figures.authorised),
    captured: cad(figures.captured),
    released: cad(figures.released),
    refunded: cad(figures.refunded),
    pending: extra.pending ?? [],
    events: extra.events ?? [],
  });
}

/** A placed reserve order's money: $11.30 held on the card since 10:01. */
export const heldMoney = () =>
  orderMoney(
    { authorised: 1130 },
    { events: [{ kind: 'held', amount: cad(1130), at: '2026-11-21T10:01:00.000Z' }] },
  );

/** A placed pickup order at store A, as my-order and a checkout's answer list it. */
export function orderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return orderSummarySchema.parse({
    id: orderId,
    number: 'LM-1001',
    checkoutId,
    status: 'placed',
    fulfilment: 'reserve_pickup',
    store: {
      id: storeA,
      name: 'Queen Street Market',
      logo: fixtureImage('logo'),
      addressLine: '120 Queen St W, Toronto',
      phone: '416 555 0199',
      lat: 43.6525,
      lng: -79.3832,
    },
    itemCount: 3,
    previewImages: [fixtureImage('milk'), fixtureImage('bread')],
    total: cad(1130),
    money: heldMoney(),
    canPay: false,
    createdAt: '2026-11-21T10:00:00.000Z',
    placedAt: '2026-11-21T10:01:00.000Z',
    updatedAt: '2026-11-21T10:01:00.000Z',
    ...overrides,
  });
}
