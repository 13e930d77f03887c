import {
  checkoutViewSchema,
  orderDetailSchema,
  type CheckoutView,
  type OrderDetail,
} from '@localmart/contract';
import {
  cad,
  checkoutId,
  orderMoney,
  orderSummary,
  storeB,
} from '../../../test/commerce-fixtures.ts';

export {
  cad,
  checkoutId,
  orderId,
  orderMoney,
  orderSummary,
  storeA as storeId,
} from '../../../test/commerce-fixtures.ts';
export { signIn } from '../../../test/session.ts';

/** The orders feature's own samples, built on the shared test/commerce-fixtures. */
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
    timeline: [
      {
        status: 'placed',
        actor: 'system',
        actorName: null,
        note: null,
        at: '2026-11-21T10:01:00.000Z',
      },
      {
        status: 'awaiting_payment',
        actor: 'shopper',
        actorName: null,
        note: null,
        at: '2026-11-21T10:00:00.000Z',
      },
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
        total: cad(1629),
        money: orderMoney({ total: 1629, authorised: 1629, captured: 1629 }),
        store: {
          ...orderSummary().store,
          id: storeB,
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
