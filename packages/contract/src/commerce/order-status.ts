import { type FulfilmentMethod, isPickup } from './fulfilment.ts';

/**
 * The order state machine. An order starts `awaiting_payment` while the shopper is at the payment
 * provider, and becomes `placed` when the payment (or the card hold) is confirmed. From there:
 * placed -> accepted -> ready_for_pickup | out_for_delivery -> completed, with the side exits
 * declined, cancelled (by the shopper, before acceptance), auto_cancelled (the store did not answer in
 * time), no_show and refunded. Every move is checked here, by both the server and the screens.
 */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'payment_failed',
  'placed',
  'accepted',
  'ready_for_pickup',
  'out_for_delivery',
  'completed',
  'declined',
  'cancelled',
  'auto_cancelled',
  'no_show',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_ACTORS = ['shopper', 'store', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

export const ORDER_STATUS_LABELS = {
  awaiting_payment: 'Awaiting payment',
  payment_failed: 'Payment failed',
  placed: 'Placed',
  accepted: 'Accepted',
  ready_for_pickup: 'Ready for pickup',
  out_for_delivery: 'Out for delivery',
  completed: 'Completed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  auto_cancelled: 'Cancelled: no response from the store',
  no_show: 'Not picked up',
  refunded: 'Refunded',
} as const satisfies Record<OrderStatus, string>;

/** What the move is called in a refusal ("cannot be accepted"). */
export const ORDER_ACTION_WORDS = {
  awaiting_payment: 'reopened for payment',
  payment_failed: 'marked as failed',
  placed: 'placed',
  accepted: 'accepted',
  ready_for_pickup: 'marked ready for pickup',
  out_for_delivery: 'sent out for delivery',
  completed: 'completed',
  declined: 'declined',
  cancelled: 'cancelled',
  auto_cancelled: 'auto-cancelled',
  no_show: 'marked as not picked up',
  refunded: 'refunded',
} as const satisfies Record<OrderStatus, string>;

interface Move {
  to: OrderStatus;
  by: readonly OrderActor[];
  /** Only for these fulfilment methods; every method when absent. */
  when?: (method: FulfilmentMethod) => boolean;
  /** Only for a service booking (an order holding an appointment): issue 15. */
  appointmentOnly?: true;
}

/** What else decides a move besides the fulfilment method. */
export interface TransitionContext {
  /** The order books a service appointment. */
  appointment?: boolean;
}

const MOVES: Record<OrderStatus, readonly Move[]> = {
  awaiting_payment: [
    { to: 'placed', by: ['system'] },
    { to: 'payment_failed', by: ['system'] },
    { to: 'cancelled', by: ['shopper', 'system'] },
  ],
  placed: [
    { to: 'accepted', by: ['store'] },
    { to: 'declined', by: ['store'] },
    { to: 'cancelled', by: ['shopper'] },
    { to: 'auto_cancelled', by: ['system'] },
  ],
  accepted: [
    { to: 'ready_for_pickup', by: ['store'], when: isPickup },
    { to: 'out_for_delivery', by: ['store'], when: (m) => !isPickup(m) },
    { to: 'declined', by: ['store'] },
    // A booked appointment may be cancelled by the shopper after the store accepted it, up to the
    // provider's cut-off (checked by the cancel route): a class or a haircut is cancelled like this
    // in every booking app. Goods, once the store works on them, are not.
    { to: 'cancelled', by: ['shopper'], appointmentOnly: true },
  ],
  ready_for_pickup: [
    { to: 'completed', by: ['store'] },
    { to: 'no_show', by: ['store', 'system'] },
    { to: 'cancelled', by: ['shopper'], appointmentOnly: true },
  ],
  out_for_delivery: [{ to: 'completed', by: ['store'] }],
  completed: [{ to: 'refunded', by: ['store'] }],
  payment_failed: [],
  declined: [],
  cancelled: [],
  auto_cancelled: [],
  no_show: [],
  refunded: [],
};

function applies(move: Move, method: FulfilmentMethod, context: TransitionContext): boolean {
  return (move.when?.(method) ?? true) && (!move.appointmentOnly || context.appointment === true);
}

/** True when `actor` may move an order of `method` from `from` to `to`. */
export function canTransition(
  from: OrderStatus,
  to: OrderStatus,
  actor: OrderActor,
  method: FulfilmentMethod,
  context: TransitionContext = {},
): boolean {
  return MOVES[from].some(
    (move) => move.to === to && move.by.includes(actor) && applies(move, method, context),
  );
}

/** The statuses `actor` may move an order to next (the buttons a screen shows). */
export function nextStatuses(
  from: OrderStatus,
  actor: OrderActor,
  method: FulfilmentMethod,
  context: TransitionContext = {},
): OrderStatus[] {
  return MOVES[from]
    .filter((move) => move.by.includes(actor) && applies(move, method, context))
    .map((move) => move.to);
}

/** No move leaves these. */
export function isFinalStatus(status: OrderStatus): boolean {
  return MOVES[status].length === 0;
}

/** Statuses whose stock is no longer held (the order gave it back or never kept it). */
export const STOCK_RELEASED_STATUSES: ReadonlySet<OrderStatus> = new Set([
  'payment_failed',
  'declined',
  'cancelled',
  'auto_cancelled',
  'no_show',
]);

/** The refusal of an illegal move, worded for the person who tried it. */
export function illegalTransitionMessage(from: OrderStatus, to: OrderStatus): string {
  return `An order that is ${ORDER_STATUS_LABELS[from].toLowerCase()} cannot be ${ORDER_ACTION_WORDS[to]}.`;
}

/** The my-order filter groups: what a shopper means by "active" and "past". */
export const ORDER_STATUS_FILTERS = {
  active: ['awaiting_payment', 'placed', 'accepted', 'ready_for_pickup', 'out_for_delivery'],
  completed: ['completed', 'refunded'],
  cancelled: ['payment_failed', 'declined', 'cancelled', 'auto_cancelled', 'no_show'],
} as const satisfies Record<string, readonly OrderStatus[]>;
export type OrderStatusFilter = keyof typeof ORDER_STATUS_FILTERS;
