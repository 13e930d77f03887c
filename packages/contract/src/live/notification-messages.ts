import { formatMoney } from '../catalog/money.ts';
import type { NotificationKind } from './notifications.ts';

/**
 * What the shopper reads in the bell, and in a push notification when the app is closed: one title
 * and one sentence per kind, about one order at one store (issue 14). Written for the shopper: the
 * order's number as they see it, the store's name, no status codes.
 */
export interface NotificationFacts {
  storeName: string;
  /** The order's number ("LM-7K3Q9X"). */
  number: string;
  /** order_refunded: the amount given back, in minor units. */
  amount?: number;
  currency?: string;
  /** price_match_decided: approved or not, and what it was for. */
  approved?: boolean;
  productTitle?: string;
  /** deal_price_drop: the price now and before, in minor units of `currency`. */
  price?: number;
  wasPrice?: number;
  /** deal_new_flyer: the flyer's title. */
  flyerTitle?: string;
}

export interface NotificationText {
  title: string;
  body: string;
}

export function notificationText(
  kind: NotificationKind,
  facts: NotificationFacts,
): NotificationText {
  const { storeName: store, number } = facts;
  switch (kind) {
    case 'order_accepted':
      return { title: 'Order accepted', body: `${store} accepted your order ${number}.` };
    case 'order_declined':
      return {
        title: 'Order declined',
        body: `${store} could not take your order ${number}. Any payment is given back.`,
      };
    case 'order_ready':
      return { title: 'Ready for pickup', body: `Your order ${number} is ready at ${store}.` };
    case 'order_out_for_delivery':
      return {
        title: 'Out for delivery',
        body: `${store} sent your order ${number} out for delivery.`,
      };
    case 'order_completed':
      return {
        title: 'Order completed',
        body: `Your order ${number} from ${store} is complete. Thank you!`,
      };
    case 'order_cancelled':
      return {
        title: 'Order cancelled',
        body: `Your order ${number} from ${store} was cancelled.`,
      };
    case 'order_auto_cancelled':
      return {
        title: 'Order cancelled',
        body: `${store} did not answer in time, so your order ${number} was cancelled. Any payment is given back.`,
      };
    case 'order_refunded':
      return {
        title: 'Refund made',
        body:
          facts.amount !== undefined && facts.currency
            ? `${formatMoney(facts.amount, facts.currency)} was refunded for your order ${number} from ${store}.`
            : `Your order ${number} from ${store} was refunded.`,
      };
    case 'order_changed':
      return {
        title: 'Your order changed',
        body: `${store} changed your order ${number}: some items are unavailable or have a substitute. See what changed.`,
      };
    // Deal alerts are about a store and a product, not an order: `number` is unused ('').
    case 'deal_price_drop':
      return {
        title: 'Price drop',
        body:
          facts.price !== undefined && facts.wasPrice !== undefined && facts.currency
            ? `${facts.productTitle ?? 'An item you follow'} is now ${formatMoney(facts.price, facts.currency)} at ${store} (was ${formatMoney(facts.wasPrice, facts.currency)}).`
            : `${facts.productTitle ?? 'An item you follow'} costs less at ${store} now.`,
      };
    case 'deal_back_in_stock':
      return {
        title: 'Back in stock',
        body: `${facts.productTitle ?? 'An item you follow'} is back in stock at ${store}.`,
      };
    case 'deal_new_flyer':
      return {
        title: 'New flyer',
        body: `${store} has a new flyer${facts.flyerTitle ? `: ${facts.flyerTitle}` : ''}.`,
      };
    case 'price_match_decided':
      return facts.approved
        ? {
            title: 'Price match approved',
            body: `${store} approved your price match${facts.productTitle ? ` for ${facts.productTitle}` : ''}.`,
          }
        : {
            title: 'Price match declined',
            body: `${store} declined your price match${facts.productTitle ? ` for ${facts.productTitle}` : ''}.`,
          };
  }
}

/** Kinds that also go out as a push notification: what matters when the app is closed (issue 14). */
export const PUSHED_NOTIFICATION_KINDS: ReadonlySet<NotificationKind> = new Set<NotificationKind>([
  'order_accepted',
  'order_declined',
  'order_ready',
  'order_out_for_delivery',
  'order_auto_cancelled',
  'order_refunded',
  'order_changed',
  'deal_price_drop',
  'deal_back_in_stock',
  'deal_new_flyer',
]);

/** Words of the notification centre and of push settings, for both sides. */
export const notificationMessages = {
  allRead: 'All notifications are marked as read.',
  pushOff: 'Notifications on this device are not available on this server.',
  pushEndpointRefused:
    'This browser gave a push address we cannot use. Try again later or in another browser.',
  deviceNotFound: 'That device is not in your list any more.',
  deviceAdded: 'Notifications are on for this device.',
  deviceRemoved: 'This device will no longer get notifications.',
} as const;

/** The app page a notification about an order opens (the shopper's order page). */
export function orderNotificationLink(orderId: string): string {
  return `/order-details/${encodeURIComponent(orderId)}`;
}
