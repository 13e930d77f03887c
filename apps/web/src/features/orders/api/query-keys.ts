import type { OrderStatusFilter } from '@localmart/contract';

/** TanStack Query keys of the orders feature. */
export const orderKeys = {
  all: ['orders'] as const,
  list: (filter: OrderStatusFilter | 'all') => [...orderKeys.all, 'list', filter] as const,
  detail: (orderId: string) => [...orderKeys.all, 'detail', orderId] as const,
  /** The checkout an order/{id} or order-failure page reports on. */
  checkout: (checkoutId: string) => [...orderKeys.all, 'checkout', checkoutId] as const,
};
