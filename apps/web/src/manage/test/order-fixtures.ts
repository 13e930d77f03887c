import {
  storeOrderDetailSchema,
  storeOrderRowSchema,
  type StoreOrderCounts,
  type StoreOrderDetail,
  type StoreOrderRow,
} from '@localmart/contract';
import { heldMoney } from '../../test/commerce-fixtures.ts';
import { cad } from './store-page.tsx';

/** Store orders as the manage API answers them, for the inbox, order page and dashboard tests. */
export const orderId = '0d000000-0000-4000-8000-000000000001';
export const itemA = '0e000000-0000-4000-8000-000000000001';
export const itemB = '0e000000-0000-4000-8000-000000000002';

/** An inbox row (placed, due in 3 h 12 min of `now` unless told otherwise). */
export function orderRow(overrides: Partial<StoreOrderRow> = {}): StoreOrderRow {
  return storeOrderRowSchema.parse({
    id: orderId,
    number: 'LM-1001',
    status: 'placed',
    statusLabel: 'Placed',
    fulfilment: 'reserve_pickup',
    shopperName: 'Ada Lovelace',
    itemCount: 3,
    itemsSummary: '2 × Oat milk 1 L, Sourdough loaf',
    total: cad(1130),
    placedAt: new Date(Date.now() - 10 * 60_000).toISOString(),
    responseDueAt: new Date(Date.now() + (3 * 60 + 12) * 60_000 + 30_000).toISOString(),
    readyBy: null,
    ...overrides,
  });
}

export function counts(overrides: Partial<StoreOrderCounts> = {}): StoreOrderCounts {
  return { new: 1, in_progress: 0, ready: 0, done: 0, all: 1, ...overrides };
}

export function orderDetail(overrides: Partial<StoreOrderDetail> = {}): StoreOrderDetail {
  return storeOrderDetailSchema.parse({
    ...orderRow(),
    items: [
      {
        id: itemA,
        offerId: null,
        title: 'Oat milk 1 L',
        subtitle: 'Oatly',
        image: null,
        options: [],
        note: '',
        quantity: 2,
        unitPrice: cad(450),
        lineTotal: cad(900),
        outOfStock: false,
      },
      {
        id: itemB,
        offerId: null,
        title: 'Sourdough loaf',
        subtitle: '',
        image: null,
        options: [],
        note: '',
        quantity: 1,
        unitPrice: cad(100),
        lineTotal: cad(100),
        outOfStock: false,
      },
    ],
    subtotal: cad(1000),
    discount: cad(0),
    deliveryFee: cad(0),
    tax: cad(130),
    deliveryAddress: null,
    shopperEmail: null,
    shopperPhone: null,
    noShowFrom: null,
    note: 'Please double bag',
    declineReason: null,
    cancelReason: null,
    acceptedAt: null,
    timeline: [
      {
        status: 'placed',
        actor: 'system',
        actorName: null,
        note: null,
        at: new Date(Date.now() - 600_000).toISOString(),
      },
    ],
    money: heldMoney(),
    actions: ['accept', 'decline'],
    ...overrides,
  });
}
