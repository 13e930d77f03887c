import { formatMoney, type LiveEvent } from '@localmart/contract';
import { sitePaths } from '../../lib/site-paths.ts';

/**
 * What the store site does with each live event (issue 14), as plain data: an alert to show until a
 * member acknowledges it. A new order rings until then; a deadline warning, a price-match request
 * and a message chime once. An order someone answered (here, on another device, or the 4-hour
 * rule) drops its alerts: nobody needs to be rung for it any more.
 */
export type StoreAlertKind = 'order' | 'deadline' | 'price_match' | 'message';

export interface StoreAlert {
  /** One alert per thing: `order:<id>`, `deadline:<id>`, `price_match:<id>`, `message:<id>`. */
  key: string;
  kind: StoreAlertKind;
  /** "New order LM-7K3Q9X" */
  title: string;
  /** "2 items · $24.73" */
  body: string;
  orderId: string | null;
  /** The manage site page it opens. */
  link: string;
  /** Rings until acknowledged (new orders); the others chime once. */
  repeats: boolean;
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** The alert an event raises, or null (an order moving on raises none: it clears, see below). */
export function alertFor(event: LiveEvent, businessId: string): StoreAlert | null {
  const data = event.data;
  switch (data.kind) {
    case 'order.placed':
      return {
        key: `order:${data.orderId}`,
        kind: 'order',
        title: `New order ${data.number}`,
        body: `${plural(data.itemCount, 'item')} · ${formatMoney(data.totalAmount, data.currency)}`,
        orderId: data.orderId,
        link: sitePaths.order(businessId, data.orderId),
        repeats: true,
      };
    case 'order.deadline_soon':
      return {
        key: `deadline:${data.orderId}`,
        kind: 'deadline',
        title: `30 minutes left to answer order ${data.number}`,
        body: 'Accept or decline it, or it is cancelled automatically.',
        orderId: data.orderId,
        link: sitePaths.order(businessId, data.orderId),
        repeats: false,
      };
    case 'price_match.requested':
      return {
        key: `price_match:${data.requestId}`,
        kind: 'price_match',
        title: 'New price-match request',
        body: 'A shopper asks you to match a competitor’s price.',
        orderId: null,
        link: sitePaths.store(businessId, 'price-matches'),
        repeats: false,
      };
    case 'message.received':
      return {
        key: `message:${data.messageId}`,
        kind: 'message',
        title: 'New message from a shopper',
        body: 'Someone wrote to you through your store page.',
        orderId: null,
        link: sitePaths.store(businessId, 'messages'),
        repeats: false,
      };
    default:
      return null;
  }
}

export type AlertAction =
  | { type: 'event'; event: LiveEvent; businessId: string }
  | { type: 'acknowledge'; key: string }
  | { type: 'acknowledge-all' };

/** Newest first; an alert already shown is not shown twice (a caught-up event seen before). */
export function reduceAlerts(
  alerts: readonly StoreAlert[],
  action: AlertAction,
): readonly StoreAlert[] {
  switch (action.type) {
    case 'acknowledge':
      return alerts.filter((alert) => alert.key !== action.key);
    case 'acknowledge-all':
      return [];
    case 'event': {
      const data = action.event.data;
      if (data.kind === 'order.updated' && data.status !== 'placed') {
        const gone = new Set([`order:${data.orderId}`, `deadline:${data.orderId}`]);
        const left = alerts.filter((alert) => !gone.has(alert.key));
        return left.length === alerts.length ? alerts : left;
      }
      const alert = alertFor(action.event, action.businessId);
      if (!alert || alerts.some((existing) => existing.key === alert.key)) return alerts;
      return [alert, ...alerts];
    }
  }
}

/** Whether the sound should be ringing: some new order is still unacknowledged. */
export function shouldRing(alerts: readonly StoreAlert[]): boolean {
  return alerts.some((alert) => alert.repeats);
}
