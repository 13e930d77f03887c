import { z } from 'zod';
import { formatMoney } from '../catalog/money.ts';
import { isoDateTimeSchema, moneySchema } from '../catalog/schemas/common.ts';
import { safeText } from '../schemas/safe-input.ts';

/**
 * Each order's own money (issue 12, ADR 0009). A checkout is paid with ONE card entry: the card is
 * held (pre-authorised) for the whole checkout, and each order then captures its own share when it
 * is due (buy online and delivery at once, reserve at pickup), lets it go when it is cancelled, and
 * is refunded after capture. These are the words and shapes every screen and email uses for it.
 */
export const ORDER_MONEY_EVENT_KINDS = ['held', 'captured', 'released', 'refunded'] as const;
export type OrderMoneyEventKind = (typeof ORDER_MONEY_EVENT_KINDS)[number];

export const orderMoneyEventSchema = z.object({
  kind: z.enum(ORDER_MONEY_EVENT_KINDS),
  amount: moneySchema,
  at: isoDateTimeSchema,
});
export type OrderMoneyEvent = z.infer<typeof orderMoneyEventSchema>;

/** A provider call the order is owed and that has not been confirmed yet. */
export const ORDER_MONEY_PENDING_KINDS = ['capture', 'release', 'refund'] as const;
export type OrderMoneyPendingKind = (typeof ORDER_MONEY_PENDING_KINDS)[number];

export const ORDER_MONEY_STATES = [
  'unpaid',
  'held',
  'paid',
  'partly_refunded',
  'refunded',
  'released',
  'not_charged',
] as const;
export type OrderMoneyState = (typeof ORDER_MONEY_STATES)[number];

export const orderMoneySchema = z.object({
  state: z.enum(ORDER_MONEY_STATES),
  /** One line for a row or a badge: "Card held · $8.42", "Paid · $8.42", "Refunded · $8.42". */
  label: safeText(),
  authorised: moneySchema,
  captured: moneySchema,
  released: moneySchema,
  refunded: moneySchema,
  pending: z.array(z.object({ kind: z.enum(ORDER_MONEY_PENDING_KINDS), amount: moneySchema })),
  events: z.array(orderMoneyEventSchema),
});
export type OrderMoney = z.infer<typeof orderMoneySchema>;

export interface OrderMoneyAmounts {
  currency: string;
  total: number;
  authorised: number;
  captured: number;
  released: number;
  refunded: number;
}

/** What the order's money is now, from its four amounts. */
export function orderMoneyState(money: OrderMoneyAmounts): OrderMoneyState {
  const { authorised, captured, released, refunded } = money;
  if (authorised === 0) return money.total === 0 ? 'not_charged' : 'unpaid';
  if (captured > 0) {
    if (refunded >= captured) return 'refunded';
    if (refunded > 0) return 'partly_refunded';
    return 'paid';
  }
  if (released >= authorised) return 'released';
  return 'held';
}

export function orderMoneyLabel(money: OrderMoneyAmounts): string {
  const f = (amount: number) => formatMoney(amount, money.currency);
  const held = money.authorised - money.captured - money.released;
  switch (orderMoneyState(money)) {
    case 'unpaid':
      return `Not paid yet · ${f(money.total)}`;
    case 'not_charged':
      return 'Nothing to pay';
    case 'held':
      return `Card held · ${f(held)}`;
    case 'released':
      return `Hold released · ${f(money.released)} not charged`;
    case 'paid':
      return held > 0
        ? `Paid · ${f(money.captured)}, ${f(held)} held`
        : `Paid · ${f(money.captured)}`;
    case 'partly_refunded':
      return `Paid · ${f(money.captured)}, ${f(money.refunded)} refunded`;
    case 'refunded':
      return `Refunded · ${f(money.refunded)}`;
  }
}

/** A money timeline entry, as the order page, the store's page and the emails word it. */
export function orderMoneyEventLabel(event: Pick<OrderMoneyEvent, 'kind' | 'amount'>): string {
  const amount = formatMoney(event.amount.amount, event.amount.currency);
  switch (event.kind) {
    case 'held':
      return `${amount} held on your card`;
    case 'captured':
      return `${amount} charged`;
    case 'released':
      return `${amount} released: not charged`;
    case 'refunded':
      return `${amount} refunded to your card`;
  }
}

/** A call on its way: "Refund of $8.42 on its way". */
export function orderMoneyPendingLabel(pending: OrderMoney['pending'][number]): string {
  const amount = formatMoney(pending.amount.amount, pending.amount.currency);
  switch (pending.kind) {
    case 'capture':
      return `Charge of ${amount} in progress`;
    case 'release':
      return `Release of the ${amount} hold in progress`;
    case 'refund':
      return `Refund of ${amount} on its way`;
  }
}
