import { z } from 'zod';
import { ORDER_STATUSES } from '../commerce/order-status.ts';

/**
 * Live events (issue 14): what the server tells a store's members and a shopper as it happens, over
 * one Server-Sent Events stream each. An event is written in the transaction of the change that
 * causes it (table `live_events`, its id a growing bigint) and leaves after that commit, fanned out
 * across server processes through PostgreSQL LISTEN/NOTIFY. A client that reconnects sends the last
 * id it saw (`Last-Event-ID`, or `?after=`) and first receives everything after it.
 *
 * Audiences: `store:<businessId>` reaches the store's members only; `user:<userId>` that user only.
 */

/** Kinds a store's members receive. */
export const STORE_EVENT_KINDS = [
  /** A shopper's order was placed (paid or held): it waits for the store's answer. */
  'order.placed',
  /** An order of the store changed status (by a member, the shopper, or the 4-hour rule). */
  'order.updated',
  /** 30 minutes before an unanswered order's response deadline. */
  'order.deadline_soon',
  /** A shopper asked for a price match. */
  'price_match.requested',
  /** A shopper wrote through the store's contact form. */
  'message.received',
] as const;

/** Kinds a shopper receives. */
export const SHOPPER_EVENT_KINDS = [
  /** One of the shopper's orders changed status (accepted, ready, out for delivery, …). */
  'order.status',
  /** Money moved on one of the shopper's orders (refund made, hold released). */
  'order.money',
  /** A store answered a price-match request. */
  'price_match.decided',
  /** A new entry in the shopper's notification centre (the bell). */
  'notification.created',
] as const;

export type StoreEventKind = (typeof STORE_EVENT_KINDS)[number];
export type ShopperEventKind = (typeof SHOPPER_EVENT_KINDS)[number];
export type LiveEventKind = StoreEventKind | ShopperEventKind;

/** The name of the SSE `event:` field that carries every live event (the kind is in the data). */
export const LIVE_EVENT_NAME = 'live';

/** Seconds between the stream's keep-alive comments (proxies close silent connections at ~60 s). */
export const LIVE_KEEPALIVE_SECONDS = 20;

/** How long events are kept for catching up (older ones are deleted; a client then reloads). */
export const LIVE_EVENT_RETENTION_HOURS = 48;

const orderRef = {
  orderId: z.string(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
};

/** What each kind carries: enough to update a list row or show a notification; the rest is fetched. */
export const liveEventData = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('order.placed'),
    businessId: z.string(),
    ...orderRef,
    /** Items and amount for the notification text ("2 items · $24.73"). */
    itemCount: z.number().int(),
    totalAmount: z.number().int(),
    currency: z.string(),
    responseDueAt: z.string().nullable(),
  }),
  z.object({ kind: z.literal('order.updated'), businessId: z.string(), ...orderRef }),
  z.object({
    kind: z.literal('order.deadline_soon'),
    businessId: z.string(),
    ...orderRef,
    responseDueAt: z.string(),
  }),
  z.object({
    kind: z.literal('price_match.requested'),
    businessId: z.string(),
    requestId: z.string(),
  }),
  z.object({
    kind: z.literal('message.received'),
    businessId: z.string(),
    messageId: z.string(),
  }),
  z.object({ kind: z.literal('order.status'), ...orderRef, storeName: z.string() }),
  z.object({
    kind: z.literal('order.money'),
    orderId: z.string(),
    number: z.string(),
  }),
  z.object({
    kind: z.literal('price_match.decided'),
    requestId: z.string(),
    approved: z.boolean(),
  }),
  z.object({ kind: z.literal('notification.created'), notificationId: z.string() }),
]);
export type LiveEventData = z.infer<typeof liveEventData>;

/** One event as the stream sends it: `id:` is `id`, `data:` is this JSON. */
export const liveEvent = z.object({
  /** Growing across the whole system (a bigint as text): the catch-up cursor. */
  id: z.string(),
  at: z.string(),
  data: liveEventData,
});
export type LiveEvent = z.infer<typeof liveEvent>;

/** What the event streams answer instead of a stream (400/406 envelopes). */
export const liveMessages = {
  /** `Last-Event-ID` or `?after=` that is not an event id. */
  badCursor:
    'The last event id must be a whole number from 0 to 9223372036854775807, as the stream sent it.',
  /** A request that does not accept text/event-stream (a plain fetch of the stream's address). */
  notAStreamRequest: 'This address sends a live event stream: ask for text/event-stream.',
} as const;
