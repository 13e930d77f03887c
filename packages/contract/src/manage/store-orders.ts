// CONTRACT READY: names below are stable (the web pages of the order inbox read them).
import { z } from 'zod';
import {
  catalogIdSchema,
  isoDateTimeSchema,
  moneySchema,
  stockStatusSchema,
} from '../catalog/schemas/common.ts';
import { orderDetailSchema, orderEventSchema, orderItemSchema } from '../commerce/schemas/order.ts';
import { priceMatchSchema } from '../commerce/schemas/price-match.ts';
import { orderMoneySchema } from '../commerce/order-money.ts';
import type { OrderMoney } from '../commerce/order-money.ts';
import { formatMoney } from '../catalog/money.ts';
import { orderChangesSchema } from '../commerce/substitutions.ts';
import { FULFILMENT_METHODS, isPickup } from '../commerce/fulfilment.ts';
import type { FulfilmentMethod } from '../commerce/fulfilment.ts';
import { nextStatuses, ORDER_STATUSES } from '../commerce/order-status.ts';
import type { OrderStatus } from '../commerce/order-status.ts';
import { shortDateLabel } from '../catalog/opening-hours.ts';
import {
  daysBetween,
  formatClock,
  parseLocalDate,
  toLocalDateTime,
} from '../catalog/zoned-time.ts';
import { localDateSchema } from '../catalog/schemas/opening-hours.ts';
import { TERMS } from '../constants.ts';
import { envelopeSchema, successEnvelopeSchema } from '../envelope.ts';
import { managePaths } from './manage-paths.ts';
import { safeText } from '../schemas/safe-input.ts';
import { appointmentViewSchema } from '../appointments/appointment-schemas.ts';

/**
 * The store's order inbox (Manage Your Store, issue 6): list, detail, the store's moves (accept,
 * decline, ready, out for delivery, complete with the pickup code, no-show), the counter's pickup-code
 * lookup, price-match decisions and the dashboard. The 4-hour response rule (spec §9 terms) lives in
 * the constants below: the server sets the deadline and the reminders from them, screens show them.
 */

// ---------------------------------------------------------------------------------------------------
// The response rule

/** Business minutes a store has to accept or decline a placed order (spec §9: 4 business hours). */
export const RESPONSE_MINUTES = TERMS.retailerResponseHours * 60;
/** Business minutes between "please answer" emails while an order waits. */
export const REMINDER_EVERY_MINUTES = TERMS.reminderIntervalMinutes;
/**
 * Business minutes before the deadline when an unanswered order warns the store (issue 14: the
 * `order.deadline_soon` event and email). Counted in open time like the deadline itself.
 */
export const DEADLINE_WARNING_MINUTES = 30;
/** Accept without a ready time and without a store pickup promise: ready this many minutes later. */
export const DEFAULT_READY_MINUTES = 60;

// ---------------------------------------------------------------------------------------------------
// The no-show rule (issue 15)

/** The terms' hold window after an order's ready-by time, for a store that did not set its own. */
export const NO_SHOW_HOLD_MINUTES_DEFAULT = TERMS.noShowHoldHours * 60;
/** The longest hold window a store may set (two weeks). */
export const NO_SHOW_HOLD_MINUTES_MAX = 14 * 24 * 60;

/**
 * When a store may first mark an order not picked up: its ready-by time plus the store's hold
 * window (null = the terms' default). Null when the order has no ready-by time yet (not accepted).
 */
export function noShowAllowedFrom(readyBy: Date | null, holdMinutes: number | null): Date | null {
  if (!readyBy) return null;
  return new Date(readyBy.getTime() + (holdMinutes ?? NO_SHOW_HOLD_MINUTES_DEFAULT) * 60_000);
}

/**
 * What marking THIS order a no-show does with its money, from its own money (held, charged,
 * released, refunded, and calls on their way): the confirmation says it before the store presses.
 */
export function noShowMoneyText(money: OrderMoney): string {
  const currency = money.authorised.currency;
  const pending = (kind: OrderMoney['pending'][number]['kind']) =>
    money.pending.filter((call) => call.kind === kind).reduce((sum, c) => sum + c.amount.amount, 0);
  const charged =
    money.captured.amount + pending('capture') - money.refunded.amount - pending('refund');
  const held =
    money.authorised.amount -
    money.captured.amount -
    pending('capture') -
    money.released.amount -
    pending('release');
  const f = (amount: number) => formatMoney(amount, currency);
  if (charged > 0 && held > 0) {
    return `The shopper is refunded ${f(charged)} to their card and the hold of ${f(held)} is released.`;
  }
  if (charged > 0) return `The shopper is refunded ${f(charged)} to their card.`;
  if (held > 0)
    return `The hold of ${f(held)} on the shopper's card is released: nothing is charged.`;
  return 'Nothing was charged for this order, so there is nothing to refund or release.';
}

// ---------------------------------------------------------------------------------------------------
// Inbox rows name their items (issue 15)

/** How long a row's item summary may grow before the rest is counted ("+2 more"). */
export const ITEMS_SUMMARY_MAX_CHARS = 60;

/** "2 × Oat Milk 1 L, Sourdough, +2 more": the lines in order, cut to fit a row. */
export function orderItemsSummary(
  lines: readonly { title: string; quantity: number }[],
  maxChars: number = ITEMS_SUMMARY_MAX_CHARS,
): string {
  const parts = lines.map((line) =>
    line.quantity > 1 ? `${line.quantity} × ${line.title}` : line.title,
  );
  if (parts.length === 0) return '';
  const first = parts[0]!;
  let text = first.length > maxChars ? `${first.slice(0, maxChars - 1).trimEnd()}…` : first;
  let shown = 1;
  while (shown < parts.length) {
    const next = `${text}, ${parts[shown]}`;
    const left = parts.length - shown - 1;
    if (next.length + (left > 0 ? `, +${left} more`.length : 0) > maxChars) break;
    text = next;
    shown += 1;
  }
  return shown < parts.length ? `${text}, +${parts.length - shown} more` : text;
}

// ---------------------------------------------------------------------------------------------------
// Who acted (issue 15: every timeline event names the member)

/** "by Olive Owner", "by the shopper", "automatically": the timeline's who. */
export function orderEventActorText(event: {
  actor: 'shopper' | 'store' | 'system';
  actorName?: string | null | undefined;
}): string {
  if (event.actor === 'system') return 'automatically';
  if (event.actor === 'shopper') return 'by the shopper';
  return event.actorName ? `by ${event.actorName}` : 'by the store';
}

// ---------------------------------------------------------------------------------------------------
// Pages and dashboard

/** Inbox page size. */
export const STORE_ORDER_PAGE_SIZE = 20;
/** How many low-stock offers (at or below LOW_STOCK_MAX_QUANTITY, sold out included) the dashboard lists. */
export const DASHBOARD_LOW_STOCK_LIMIT = 10;
export const DASHBOARD_RECENT_ORDERS = 5;
export const DASHBOARD_SALES_DAYS = 30;

/** An instant as the store's clock reads it: 'Mon Nov 23, 12:00' (deadlines, ready times, emails). */
export function formatStoreTime(instant: Date, timeZone: string): string {
  const local = toLocalDateTime(instant, timeZone);
  return `${shortDateLabel(local)}, ${formatClock(local)}`;
}

// ---------------------------------------------------------------------------------------------------
// Inbox filters (the tabs). awaiting_payment and payment_failed orders are never shown to a store.

/** An order in these has not been placed (or never will be): it is the shopper's checkout. */
const CHECKOUT_ONLY_STATUSES: readonly OrderStatus[] = ['awaiting_payment', 'payment_failed'];

export const STORE_ORDER_FILTERS = ['new', 'in_progress', 'ready', 'done', 'all'] as const;
export type StoreOrderFilter = (typeof STORE_ORDER_FILTERS)[number];

/** The statuses each tab holds. `new` sorts by deadline (most urgent first), the others newest first. */
export const STORE_ORDER_FILTER_STATUSES = {
  new: ['placed'],
  in_progress: ['accepted'],
  ready: ['ready_for_pickup', 'out_for_delivery'],
  done: ['completed', 'declined', 'cancelled', 'auto_cancelled', 'no_show', 'refunded'],
  all: ORDER_STATUSES.filter((status) => !CHECKOUT_ONLY_STATUSES.includes(status)),
} as const satisfies Record<StoreOrderFilter, readonly OrderStatus[]>;

export const STORE_ORDER_FILTER_LABELS = {
  new: 'New',
  in_progress: 'In progress',
  ready: 'Ready / on the way',
  done: 'Done',
  all: 'All',
} as const satisfies Record<StoreOrderFilter, string>;

/** Statuses a store can see at all. */
export const STORE_VISIBLE_STATUSES: readonly OrderStatus[] = STORE_ORDER_FILTER_STATUSES.all;

// ---------------------------------------------------------------------------------------------------
// Decline reasons

export const DECLINE_REASONS = ['out_of_stock', 'store_closed', 'cannot_deliver', 'other'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/** Shown to the store in the form and (as the order's decline reason) to the shopper. */
export const DECLINE_REASON_LABELS = {
  out_of_stock: 'Some items are out of stock',
  store_closed: 'The store is closed',
  cannot_deliver: 'The store cannot deliver this order',
  other: 'The store cannot take this order',
} as const satisfies Record<DeclineReason, string>;

/** The readable decline reason stored on the order (and shown to the shopper). */
export function declineReasonText(
  reason: DeclineReason,
  note?: string,
  outOfStockTitles: readonly string[] = [],
): string {
  let text: string = DECLINE_REASON_LABELS[reason];
  if (reason === 'out_of_stock' && outOfStockTitles.length > 0) {
    text = `Out of stock: ${outOfStockTitles.join(', ')}`;
  }
  const extra = note?.trim();
  return extra ? `${text}. ${extra}` : `${text}.`;
}

// ---------------------------------------------------------------------------------------------------
// Messages

export const storeOrderMessages = {
  orderNotFound: 'That order does not exist.',
  accepted: 'Order accepted',
  declined: 'Order declined',
  markedReady: 'Marked ready for pickup',
  outForDelivery: 'Marked out for delivery',
  completed: 'Order completed',
  noShow: 'Marked as not picked up',
  /** No-show before the ready-by time plus the hold window (409). */
  noShowTooEarly: (fromLocal: string) =>
    `The shopper still has until ${fromLocal} to collect this order; you can mark it not picked up after that.`,
  noShowHoldInvalid: 'Enter a hold window between 0 and 336 hours.',
  responseTimePassed: 'The time to answer this order has passed; it was cancelled automatically.',
  readyByInPast: 'Choose a ready time in the future.',
  outOfStockItemsRequired: 'Choose the items that are out of stock.',
  outOfStockItemsNotInOrder: 'Those items are not part of this order.',
  declineNoteTooLong: 'Keep the note under 500 characters.',
  declineReasonRequired: 'Choose a reason.',
  pickupCodeRequired: 'Enter the pickup code.',
  pickupCodeMismatch: 'That pickup code does not match this order.',
  pickupCodeNotFound: 'No order of this store has that pickup code.',
  /** The counter's lookup says where a found order stands (issue 15). */
  pickupState: {
    placed: 'Not accepted yet: accept it before handing it over.',
    accepted: 'Accepted, not marked ready yet.',
    ready_for_pickup: 'Ready for pickup.',
    out_for_delivery: 'Out for delivery: it is not handed over at the counter.',
    completed: (at: string) => `Already completed on ${at}.`,
    declined: (at: string) => `Declined on ${at}.`,
    cancelled: (at: string) => `Cancelled on ${at}.`,
    auto_cancelled: (at: string) => `Cancelled automatically on ${at}: nobody answered it in time.`,
    no_show: (at: string) => `Marked not picked up on ${at}.`,
    refunded: (at: string) => `Refunded on ${at}.`,
  },
  /** The timeline note of an order the sweeper cancels. */
  autoCancelNote: 'The store did not respond in time.',
  /** The reminder email's subject and first line. */
  reminderSubject: (number: string) => `Order ${number} is waiting for your answer`,
  reminderLine: (number: string, dueLocal: string) =>
    `Order ${number} is waiting for your answer: respond by ${dueLocal}.`,
  priceMatchNotFound: 'That price-match request does not exist.',
  priceMatchApproved: 'Price match approved',
  priceMatchDeclined: 'Price match declined',
  priceMatchNoteRequired: 'Tell the shopper why you decline.',
  priceMatchDecisionRequired: 'Choose approve or decline.',
  priceMatchAlreadyDecided: 'This price-match request has already been answered.',
} as const;

// ---------------------------------------------------------------------------------------------------
// Pickup code input (typed code or the scanned QR text)

const PICKUP_QR_PREFIX = 'localmart:pickup:';

/**
 * What the counter typed or scanned: a bare code ("7K3Q9X") or the QR payload
 * `localmart:pickup:<orderId>:<code>` (commerce pickupQrPayload). Codes compare case-insensitively,
 * so the code comes back upper-cased. Null when nothing usable is there.
 */
export function parsePickupInput(text: string): { orderId: string | null; code: string } | null {
  const trimmed = text.trim();
  if (trimmed.toLowerCase().startsWith(PICKUP_QR_PREFIX)) {
    const rest = trimmed.slice(PICKUP_QR_PREFIX.length);
    const colon = rest.lastIndexOf(':');
    if (colon <= 0) return null;
    const code = normalisePickupCode(rest.slice(colon + 1));
    return code ? { orderId: rest.slice(0, colon), code } : null;
  }
  const code = normalisePickupCode(trimmed);
  return code ? { orderId: null, code } : null;
}

/**
 * A code as read out or shown grouped ("ppj gjg", "PPJ-GJG"): spaces and dashes dropped, upper
 * case (issue 15: codes match ignoring spaces and case).
 */
export function normalisePickupCode(code: string): string {
  return code.replace(/[\s\u00a0-]+/g, '').toUpperCase();
}

/** A code as people read it: "PPJ GJG" (groups of three), never letter-spaced. */
export function groupPickupCode(code: string): string {
  const plain = normalisePickupCode(code);
  return plain.length > 4 ? (plain.match(/.{1,3}/g) ?? [plain]).join(' ') : plain;
}

// ---------------------------------------------------------------------------------------------------
// Actions (the buttons a screen shows)

export const STORE_ORDER_ACTIONS = [
  'accept',
  'decline',
  'ready',
  'out_for_delivery',
  'complete',
  'no_show',
] as const;
export type StoreOrderAction = (typeof STORE_ORDER_ACTIONS)[number];

export const STORE_ORDER_ACTION_LABELS = {
  accept: 'Accept order',
  decline: 'Decline order',
  ready: 'Mark ready for pickup',
  out_for_delivery: 'Out for delivery',
  complete: 'Complete pickup',
  no_show: 'Mark no-show',
} as const satisfies Record<StoreOrderAction, string>;
/** Delivery orders complete without a pickup code, under their own button. */
export const COMPLETE_DELIVERY_LABEL = 'Complete delivery';

const ACTION_OF_STATUS: Partial<Record<OrderStatus, StoreOrderAction>> = {
  accepted: 'accept',
  declined: 'decline',
  ready_for_pickup: 'ready',
  out_for_delivery: 'out_for_delivery',
  completed: 'complete',
  no_show: 'no_show',
};

/** The API path of each action (all POST). */
export const storeOrderActionPaths = {
  accept: managePaths.orderAccept,
  decline: managePaths.orderDecline,
  ready: managePaths.orderReady,
  out_for_delivery: managePaths.orderOutForDelivery,
  complete: managePaths.orderComplete,
  no_show: managePaths.orderNoShow,
} as const satisfies Record<StoreOrderAction, (businessId: string, orderId: string) => string>;

/**
 * The store's allowed actions on an order (the buttons), from the contract's state machine. Refunds
 * are not a store screen action here. `complete` of a pickup order needs the pickup code.
 */
export function storeOrderActions(order: {
  status: OrderStatus;
  fulfilment: FulfilmentMethod;
}): StoreOrderAction[] {
  return nextStatuses(order.status, 'store', order.fulfilment)
    .map((status) => ACTION_OF_STATUS[status])
    .filter((action): action is StoreOrderAction => action !== undefined);
}

/** True when completing this order asks for the shopper's pickup code. */
export function completeNeedsPickupCode(fulfilment: FulfilmentMethod): boolean {
  return isPickup(fulfilment);
}

// ---------------------------------------------------------------------------------------------------
// List

export const storeOrderListQuery = z.strictObject({
  filter: z.enum(STORE_ORDER_FILTERS).default('new'),
  cursor: safeText().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(STORE_ORDER_PAGE_SIZE),
});
export type StoreOrderListQuery = z.input<typeof storeOrderListQuery>;

/** One inbox row. */
export const storeOrderRowSchema = z.object({
  id: catalogIdSchema,
  number: safeText(),
  status: z.enum(ORDER_STATUSES),
  statusLabel: safeText(),
  fulfilment: z.enum(FULFILMENT_METHODS),
  shopperName: safeText(),
  itemCount: z.number().int().nonnegative(),
  /** The lines named, cut to fit a row: "2 × Oat Milk 1 L, Sourdough" (orderItemsSummary). */
  itemsSummary: safeText(),
  total: moneySchema,
  placedAt: isoDateTimeSchema.nullable(),
  /** Placed orders: the answer deadline (the countdown). */
  responseDueAt: isoDateTimeSchema.nullable(),
  readyBy: isoDateTimeSchema.nullable(),
  /** Service bookings: the (first) appointment, 'Drop-In Class, Fri Nov 27, 15:00–16:00' (issue 15). */
  appointmentLabel: safeText().nullable().optional(),
});
export type StoreOrderRow = z.infer<typeof storeOrderRowSchema>;

export const storeOrderCountsSchema = z.object({
  new: z.number().int().nonnegative(),
  in_progress: z.number().int().nonnegative(),
  ready: z.number().int().nonnegative(),
  done: z.number().int().nonnegative(),
  all: z.number().int().nonnegative(),
}) satisfies z.ZodType<Record<StoreOrderFilter, number>>;
export type StoreOrderCounts = z.infer<typeof storeOrderCountsSchema>;

/** GET managePaths.orders: `results` rows, `result` the next cursor and the tab badges. */
export const storeOrderListResponse = envelopeSchema(
  successEnvelopeSchema({
    results: z.array(storeOrderRowSchema),
    result: z.object({ nextCursor: safeText().nullable(), counts: storeOrderCountsSchema }),
  }),
);

// ---------------------------------------------------------------------------------------------------
// Detail

/** The shopper's order line as the store sees it: which offer, and whether it ran out. */
export const storeOrderItemSchema = orderItemSchema
  .pick({
    id: true,
    title: true,
    subtitle: true,
    image: true,
    options: true,
    note: true,
    quantity: true,
    unitPrice: true,
    lineTotal: true,
  })
  .extend({
    offerId: catalogIdSchema.nullable(),
    outOfStock: z.boolean(),
  });
export type StoreOrderItem = z.infer<typeof storeOrderItemSchema>;

/** GET managePaths.order: everything the store needs. Never the pickup code: the shopper shows it. */
export const storeOrderDetailSchema = storeOrderRowSchema.extend({
  items: z.array(storeOrderItemSchema),
  subtotal: moneySchema,
  discount: moneySchema,
  deliveryFee: moneySchema,
  tax: moneySchema,
  /** Delivery orders only; the same view of the checkout's address snapshot as the shopper's. */
  deliveryAddress: orderDetailSchema.shape.deliveryAddress,
  /** Only once the store has accepted the order. */
  shopperEmail: safeText().nullable(),
  /** The phone the shopper gave at checkout (optional), once the store has accepted the order. */
  shopperPhone: safeText().nullable(),
  /** From when the store may mark it not picked up: ready-by plus the hold window (issue 15). */
  noShowFrom: isoDateTimeSchema.nullable(),
  note: safeText(),
  declineReason: safeText().nullable(),
  cancelReason: safeText().nullable(),
  acceptedAt: isoDateTimeSchema.nullable(),
  timeline: z.array(orderEventSchema),
  /** This order's own money (held, charged, released, refunded), never the checkout's. */
  money: orderMoneySchema,
  actions: z.array(z.enum(STORE_ORDER_ACTIONS)),
  /** Lines handed over in part or not at all, substitutes proposed (issue 15). */
  changes: orderChangesSchema.optional(),
  /** Service bookings: the order's appointments (issue 15). */
  appointments: z.array(appointmentViewSchema).optional(),
});
export type StoreOrderDetail = z.infer<typeof storeOrderDetailSchema>;

export const storeOrderDetailResponse = envelopeSchema(
  successEnvelopeSchema({ result: storeOrderDetailSchema }),
);

// ---------------------------------------------------------------------------------------------------
// Moves (every move answers the updated detail and a message)

/** POST managePaths.orderAccept. Default ready time: now + the store's pickup promise, or 60 min. */
export const acceptOrderRequest = z.strictObject({
  readyBy: isoDateTimeSchema.optional(),
});
export type AcceptOrderRequest = z.input<typeof acceptOrderRequest>;

/** POST managePaths.orderDecline. */
export const declineOrderRequest = z
  .strictObject({
    reason: z.enum(DECLINE_REASONS, { error: storeOrderMessages.declineReasonRequired }),
    note: safeText().trim().max(500, { error: storeOrderMessages.declineNoteTooLong }).optional(),
    outOfStockItemIds: z.array(catalogIdSchema).max(200).optional(),
  })
  .superRefine((body, context) => {
    if (body.reason === 'out_of_stock' && !(body.outOfStockItemIds?.length ?? 0)) {
      context.addIssue({
        code: 'custom',
        path: ['outOfStockItemIds'],
        message: storeOrderMessages.outOfStockItemsRequired,
      });
    }
  });
export type DeclineOrderRequest = z.input<typeof declineOrderRequest>;

/** POST managePaths.orderComplete: pickups need the code (typed or scanned QR text); deliveries none. */
export const completeOrderRequest = z.strictObject({
  pickupCode: safeText().trim().max(200).optional(),
});
export type CompleteOrderRequest = z.input<typeof completeOrderRequest>;

/** ready, out-for-delivery and no-show take an empty body. */
export const emptyOrderActionRequest = z.strictObject({});

export const storeOrderActionResponse = storeOrderDetailResponse;

/**
 * GET managePaths.orderByPickupCode?code=: the store's order with that code, whatever its state
 * (issue 15), with where it stands in words and whether the counter can complete it now.
 */
export const pickupCodeLookupQuery = z.strictObject({
  code: safeText({ error: storeOrderMessages.pickupCodeRequired })
    .trim()
    .min(1, { error: storeOrderMessages.pickupCodeRequired })
    .max(200),
});
export const pickupCodeLookupSchema = storeOrderRowSchema.extend({
  /** "Ready for pickup.", "Already completed on Fri Nov 20, 16:00.", ... */
  stateText: safeText(),
  /** A pickup the counter can hand over now: completing it sends the code just looked up. */
  canComplete: z.boolean(),
});
export type PickupCodeLookup = z.infer<typeof pickupCodeLookupSchema>;
export const pickupCodeLookupResponse = envelopeSchema(
  successEnvelopeSchema({ result: pickupCodeLookupSchema }),
);

// ---------------------------------------------------------------------------------------------------
// Price matches

/** A shopper's request as the store sees it: who asked instead of which store it was sent to. */
export const storePriceMatchSchema = priceMatchSchema
  .omit({ businessId: true, businessName: true, productId: true })
  .extend({ shopperName: safeText() });
export type StorePriceMatch = z.infer<typeof storePriceMatchSchema>;

/** GET managePaths.priceMatches: pending first, then newest first. */
export const storePriceMatchesResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(storePriceMatchSchema) }),
);

export const PRICE_MATCH_DECISIONS = ['approved', 'declined'] as const;
export type PriceMatchDecision = (typeof PRICE_MATCH_DECISIONS)[number];

/** POST managePaths.priceMatchDecision. */
export const priceMatchDecisionRequest = z
  .strictObject({
    decision: z.enum(PRICE_MATCH_DECISIONS, {
      error: storeOrderMessages.priceMatchDecisionRequired,
    }),
    note: safeText().trim().max(500).optional(),
  })
  .superRefine((body, context) => {
    if (body.decision === 'declined' && !body.note) {
      context.addIssue({
        code: 'custom',
        path: ['note'],
        message: storeOrderMessages.priceMatchNoteRequired,
      });
    }
  });
export type PriceMatchDecisionRequest = z.input<typeof priceMatchDecisionRequest>;

export const storePriceMatchResponse = envelopeSchema(
  successEnvelopeSchema({ result: storePriceMatchSchema }),
);

// ---------------------------------------------------------------------------------------------------
// Dashboard

export const dashboardSalesDaySchema = z.object({
  /** Store-local calendar day, YYYY-MM-DD. */
  date: safeText(),
  orders: z.number().int().nonnegative(),
  /** Sales: money captured that day less refunds made that day (can dip below zero on a day). */
  amount: moneySchema,
});
export type DashboardSalesDay = z.infer<typeof dashboardSalesDaySchema>;

export const dashboardSchema = z.object({
  /** Orders placed today (store-local day), whatever happened to them since. */
  todayOrders: z.number().int().nonnegative(),
  waiting: z.object({
    count: z.number().int().nonnegative(),
    /** The most urgent placed order's deadline. */
    soonestDueAt: isoDateTimeSchema.nullable(),
  }),
  /** The last 30 store-local days, oldest first, today last; days without orders are zeros. */
  sales: z.array(dashboardSalesDaySchema),
  /**
   * The last 30 days in sums, apart so none inflates another: `sales` = captured - refunded;
   * `held` = cards held now for orders not yet charged (not sales until captured at pickup).
   */
  salesSummary: z.object({
    sales: moneySchema,
    captured: moneySchema,
    refunded: moneySchema,
    held: moneySchema,
    /** Sales tax in the money charged less refunded (each movement's share of its order's tax). */
    tax: moneySchema,
  }),
  /** Orders placed in the same 30 days, by where they are now (statuses without orders left out). */
  ordersByStatus: z.array(
    z.object({
      status: z.enum(ORDER_STATUSES),
      label: safeText(),
      count: z.number().int().positive(),
    }),
  ),
  lowStock: z.array(
    z.object({
      offerId: catalogIdSchema,
      title: safeText(),
      quantity: z.number().int(),
      stock: stockStatusSchema,
    }),
  ),
  recentOrders: z.array(storeOrderRowSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const dashboardResponse = envelopeSchema(successEnvelopeSchema({ result: dashboardSchema }));

/** The longest range one orders export covers: a year, as an accountant asks for. */
export const ORDERS_EXPORT_MAX_DAYS = 366;

/** GET managePaths.ordersExport: the store-local days whose placed orders are exported. */
export const ordersExportQuery = z
  .object({ from: localDateSchema, to: localDateSchema })
  .superRefine((range, context) => {
    const from = parseLocalDate(range.from);
    const to = parseLocalDate(range.to);
    if (!from || !to) return;
    const days = daysBetween(from, to);
    if (days < 0) {
      context.addIssue({
        code: 'custom',
        message: 'The last day must be on or after the first day.',
        path: ['to'],
      });
    } else if (days >= ORDERS_EXPORT_MAX_DAYS) {
      context.addIssue({
        code: 'custom',
        message: `Export at most ${ORDERS_EXPORT_MAX_DAYS} days at a time.`,
        path: ['to'],
      });
    }
  });
export type OrdersExportQuery = z.infer<typeof ordersExportQuery>;
