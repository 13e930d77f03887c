/** The reviews feature's pages (the route table in app/routes.tsx points at them). */
export const RATE_ORDER_ROUTE = '/rate-order/:orderId';
export const myReviewsPath = '/my-reviews';

export function rateOrderPath(orderId: string): string {
  return `/rate-order/${encodeURIComponent(orderId)}`;
}

export function orderDetailsPath(orderId: string): string {
  return `/order-details/${encodeURIComponent(orderId)}`;
}
