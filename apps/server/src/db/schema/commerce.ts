import type {
  CartLineKind,
  ChosenOption,
  CouponKind,
  FulfilmentMethod,
  ImageRef,
  OrderActor,
  OrderStatus,
  PaymentActionKind,
  PaymentMode,
  PaymentStatus,
  PriceMatchStatus,
  SubstitutionPreference,
} from '@localmart/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { businesses, menuItems, offers, products, services } from './catalog.ts';
import { generatedId, timestamptz } from './columns.ts';

/**
 * Commerce (cart, checkout, payments, orders). Money is integer minor units beside an ISO currency, as
 * in the catalogue. Orders copy what the shopper bought (title, unit price, options, address) so a
 * later price or catalogue change never rewrites history; stock is a conditional decrement of
 * `offers.quantity` when an order is placed and an increment when it is released.
 */

const userIdColumn = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A shopper's saved delivery addresses; lat/lng decide whether a store delivers there. */
export const addresses = pgTable(
  'addresses',
  {
    id: generatedId(),
    userId: userIdColumn(),
    label: text('label').notNull().default(''),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    region: text('region').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    instructions: text('instructions').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('addresses_user_idx').on(table.userId, table.createdAt)],
);

/**
 * One line of a shopper's cart: a store's product offer, a menu item with its chosen options, or a
 * service. `optionsKey` is the sorted option ids joined, so the same item with the same options adds
 * up instead of making a second line. `addedUnitAmount` is the unit price when added: a read that
 * finds another price says "price changed".
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: generatedId(),
    userId: userIdColumn(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CartLineKind>().notNull(),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'cascade' }),
    menuItemId: uuid('menu_item_id').references(() => menuItems.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'cascade' }),
    /** The item's id whatever its kind (offer, menu item or service): the unique key below. */
    itemId: uuid('item_id').notNull(),
    optionIds: text('option_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    optionsKey: text('options_key').notNull().default(''),
    quantity: integer('quantity').notNull(),
    note: text('note').notNull().default(''),
    addedUnitAmount: integer('added_unit_amount').notNull(),
    currency: text('currency').notNull(),
    /** Issue 15: what the shopper accepts if the item is out of stock. */
    substitution: text('substitution')
      .$type<SubstitutionPreference>()
      .notNull()
      .default('best_match'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cart_items_user_item_key').on(
      table.userId,
      table.kind,
      table.itemId,
      table.optionsKey,
    ),
    check('cart_items_quantity_positive', sql`${table.quantity} > 0`),
    check('cart_items_added_unit_not_negative', sql`${table.addedUnitAmount} >= 0`),
  ],
);

/**
 * Coupon codes. Percent coupons keep basis points in `value` (1000 = 10 %), fixed ones minor units of
 * `currency`. A null business id means any store on Localmart.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: generatedId(),
    /** Upper case (checked), so the unique index is case-insensitive in effect. */
    code: text('code').notNull().unique(),
    description: text('description').notNull().default(''),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CouponKind>().notNull(),
    value: integer('value').notNull(),
    currency: text('currency').notNull(),
    minimumSpendAmount: integer('minimum_spend_amount').notNull().default(0),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    perUserLimit: integer('per_user_limit').notNull().default(1),
    active: boolean('active').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    check('coupons_code_upper_case', sql`${table.code} = upper(${table.code})`),
    check('coupons_value_positive', sql`${table.value} > 0`),
    // A percent coupon gives at most 100 % (10000 basis points): a discount never exceeds the goods.
    check(
      'coupons_percent_at_most_all',
      sql`${table.kind} <> 'percent' or ${table.value} <= 10000`,
    ),
    check('coupons_minimum_spend_not_negative', sql`${table.minimumSpendAmount} >= 0`),
  ],
);

/** A shopper's ask that a store match a competitor's advertised price for one of its offers. */
export const priceMatchRequests = pgTable(
  'price_match_requests',
  {
    id: generatedId(),
    userId: userIdColumn(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    competitorName: text('competitor_name').notNull(),
    competitorAmount: integer('competitor_amount').notNull(),
    currency: text('currency').notNull(),
    evidenceUrl: text('evidence_url'),
    evidenceMediaId: uuid('evidence_media_id'),
    status: text('status').$type<PriceMatchStatus>().notNull().default('pending'),
    storeNote: text('store_note'),
    decidedAt: timestamptz('decided_at'),
    /** Approved matches apply to this shopper's orders of the offer until then (decision + 7 days). */
    expiresAt: timestamptz('expires_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('price_match_requests_user_offer_idx').on(table.userId, table.offerId),
    index('price_match_requests_business_idx').on(table.businessId, table.status),
    check('price_match_requests_amount_not_negative', sql`${table.competitorAmount} >= 0`),
  ],
);

/**
 * One press of "Place order": the orders it made (one per store) and their payments. The
 * idempotency key makes a double submit answer the first checkout instead of placing twice.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: generatedId(),
    userId: userIdColumn(),
    idempotencyKey: text('idempotency_key').notNull(),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('checkouts_user_key_key').on(table.userId, table.idempotencyKey)],
);

/**
 * A payment at the provider: `charge` is paid now (buy online, delivery), `preauth` holds the card
 * for reserve-for-pickup orders, captured at pickup and voided on cancel or no-show. `txnid` is ours,
 * unique, what the provider echoes in callbacks; `providerRef` is theirs (PayU's mihpayid).
 */
export const payments = pgTable(
  'payments',
  {
    id: generatedId(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    provider: text('provider').notNull(),
    mode: text('mode').$type<PaymentMode>().notNull(),
    txnid: text('txnid').notNull().unique(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('created'),
    providerRef: text('provider_ref'),
    capturedAmount: integer('captured_amount').notNull().default(0),
    /** Held money let go without being captured (a cancelled order's share of the hold). */
    releasedAmount: integer('released_amount').notNull().default(0),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** The last verified provider answer, for support (no card data: PayU never sends it to us). */
    lastResponse: jsonb('last_response').$type<Record<string, string>>(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('payments_checkout_idx').on(table.checkoutId),
    // The payment sweeper looks only at payments nobody has finished: a few rows among many.
    index('payments_open_idx')
      .on(table.checkoutId)
      .where(sql`${table.status} in ('created', 'pending')`),
    // Money never goes below zero, and never more is taken or let go than was held.
    check('payments_amount_not_negative', sql`${table.amount} >= 0`),
    check(
      'payments_settled_within_amount',
      sql`${table.capturedAmount} >= 0 and ${table.releasedAmount} >= 0 and ${table.capturedAmount} + ${table.releasedAmount} <= ${table.amount}`,
    ),
    check(
      'payments_refund_within_captured',
      sql`${table.refundedAmount} >= 0 and ${table.refundedAmount} <= ${table.capturedAmount}`,
    ),
  ],
);

/** One store's share of a checkout. Amounts are decided by the server when the order is placed. */
export const orders = pgTable(
  'orders',
  {
    id: generatedId(),
    /** Short and readable ("LM-7K3Q9X"): what a shopper reads out at the counter. */
    number: text('number').notNull().unique(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    status: text('status').$type<OrderStatus>().notNull(),
    fulfilment: text('fulfilment').$type<FulfilmentMethod>().notNull(),
    currency: text('currency').notNull(),
    subtotalAmount: integer('subtotal_amount').notNull(),
    discountAmount: integer('discount_amount').notNull().default(0),
    deliveryFeeAmount: integer('delivery_fee_amount').notNull().default(0),
    taxAmount: integer('tax_amount').notNull().default(0),
    taxRateBps: integer('tax_rate_bps').notNull(),
    totalAmount: integer('total_amount').notNull(),
    /**
     * This order's own money at the provider (ADR 0009): its share of the checkout's card hold, what
     * was captured of it, what was let go uncaptured, and what was given back after capture.
     * captured + released never exceeds authorised; refunded never exceeds captured.
     */
    authorisedAmount: integer('authorised_amount').notNull().default(0),
    capturedAmount: integer('captured_amount').notNull().default(0),
    releasedAmount: integer('released_amount').notNull().default(0),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    /** Delivery orders: the address as it was when ordered, and its distance from the store. */
    deliveryAddress: jsonb('delivery_address').$type<Record<string, unknown>>(),
    deliveryDistanceKm: doublePrecision('delivery_distance_km'),
    /** Shown to the store at the counter and encoded in the QR code it scans. */
    pickupCode: text('pickup_code').notNull(),
    /** The phone the shopper gave at checkout for the store to reach them (E.164), if any (issue 15). */
    contactPhone: text('contact_phone'),
    readyBy: timestamptz('ready_by'),
    note: text('note').notNull().default(''),
    declineReason: text('decline_reason'),
    cancelReason: text('cancel_reason'),
    /** Set when the order is placed: the store must answer by then (4 business hours, spec §9). */
    responseDueAt: timestamptz('response_due_at'),
    /** When the next "please answer" email goes to the store (every 30 business minutes). */
    nextReminderAt: timestamptz('next_reminder_at'),
    remindersSent: integer('reminders_sent').notNull().default(0),
    /**
     * When the store is warned that the deadline is near (DEADLINE_WARNING_MINUTES before it, in open
     * time; issue 14). Cleared once the warning is sent, so a retried run never sends it twice.
     */
    deadlineWarningAt: timestamptz('deadline_warning_at'),
    acceptedAt: timestamptz('accepted_at'),
    placedAt: timestamptz('placed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('orders_user_idx').on(table.userId, table.createdAt),
    index('orders_business_idx').on(table.businessId, table.status, table.createdAt),
    index('orders_checkout_idx').on(table.checkoutId),
    // The response sweeper's two scans: only orders still waiting for the store are indexed.
    index('orders_response_due_idx')
      .on(table.responseDueAt)
      .where(sql`${table.status} = 'placed'`),
    index('orders_next_reminder_idx')
      .on(table.nextReminderAt)
      .where(sql`${table.status} = 'placed'`),
    check(
      'orders_amounts_not_negative',
      sql`${table.subtotalAmount} >= 0 and ${table.discountAmount} >= 0 and ${table.deliveryFeeAmount} >= 0 and ${table.taxAmount} >= 0 and ${table.totalAmount} >= 0 and ${table.taxRateBps} >= 0`,
    ),
    check(
      'orders_discount_within_subtotal',
      sql`${table.discountAmount} <= ${table.subtotalAmount}`,
    ),
    check(
      'orders_money_settled_within_hold',
      sql`${table.authorisedAmount} >= 0 and ${table.capturedAmount} >= 0 and ${table.releasedAmount} >= 0 and ${table.capturedAmount} + ${table.releasedAmount} <= ${table.authorisedAmount}`,
    ),
    check(
      'orders_refund_within_captured',
      sql`${table.refundedAmount} >= 0 and ${table.refundedAmount} <= ${table.capturedAmount}`,
    ),
  ],
);

/** What happened to an order's money: held, captured, released (let go uncaptured), refunded. */
export type OrderMoneyEventKind = 'held' | 'captured' | 'released' | 'refunded';

/**
 * An order's money timeline, one row per confirmed movement, written when the provider (or, for a
 * hold of which the order's share is simply not taken, our own bookkeeping) has done it. The order
 * page, the store's order page and the emails read amounts and times from here.
 */
export const orderMoneyEvents = pgTable(
  'order_money_events',
  {
    id: generatedId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<OrderMoneyEventKind>().notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    at: timestamptz('at').notNull(),
  },
  (table) => [
    index('order_money_events_order_idx').on(table.orderId, table.at),
    check('order_money_events_amount_positive', sql`${table.amount} > 0`),
  ],
);

/** pending: to do (or to retry at next_attempt_at); done; failed: gave up, for support to settle. */
export type PaymentActionStatus = 'pending' | 'done' | 'failed';

/**
 * The provider call an order's status change owes (release a hold, refund a charge, capture at
 * pickup), written in the transaction of the change. Made right after the commit; a call that fails,
 * or that a crash cut off, is retried by the payment-action sweeper with backoff, so a shopper's
 * hold is released even when the provider was briefly unreachable.
 */
export const paymentActions = pgTable(
  'payment_actions',
  {
    id: generatedId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    action: text('action').$type<PaymentActionKind>().notNull(),
    /** The order's money this call moves (minor units of the payment's currency). */
    amount: integer('amount').notNull().default(0),
    /** The provider's idempotency token of a refund: the same on every retry. */
    refundId: text('refund_id'),
    status: text('status').$type<PaymentActionStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** A claimed attempt pushes this forward (a lease), so only one instance makes the call. */
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_actions_order_action_key').on(table.orderId, table.action),
    // The sweeper's scan: only what is still to do.
    index('payment_actions_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    check('payment_actions_amount_not_negative', sql`${table.amount} >= 0`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: generatedId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CartLineKind>().notNull(),
    /** The offer whose stock this line holds; null for menu items and services (no stock). */
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    menuItemId: uuid('menu_item_id').references(() => menuItems.id, { onDelete: 'set null' }),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    image: jsonb('image').$type<ImageRef>(),
    options: jsonb('options').$type<ChosenOption[]>().notNull(),
    note: text('note').notNull().default(''),
    quantity: integer('quantity').notNull(),
    unitAmount: integer('unit_amount').notNull(),
    regularUnitAmount: integer('regular_unit_amount').notNull(),
    lineAmount: integer('line_amount').notNull(),
    priceMatchId: uuid('price_match_id').references(() => priceMatchRequests.id, {
      onDelete: 'set null',
    }),
    /** The store declined the order because this line was out of stock. */
    outOfStock: boolean('out_of_stock').notNull().default(false),
    /** Issue 15: what the shopper accepts if the line is out of stock (copied from the cart). */
    substitution: text('substitution')
      .$type<SubstitutionPreference>()
      .notNull()
      .default('best_match'),
    /** Units the store could not hand over (partial fulfilment); quantity - this is handed over. */
    removedQuantity: integer('removed_quantity').notNull().default(0),
    /** A substitute the shopper accepted: the line it replaces. */
    substituteForItemId: uuid('substitute_for_item_id'),
  },
  (table) => [
    index('order_items_order_idx').on(table.orderId),
    check(
      'order_items_removed_within_quantity',
      sql`${table.removedQuantity} >= 0 and ${table.removedQuantity} <= ${table.quantity}`,
    ),
    check(
      'order_items_amounts_not_negative',
      sql`${table.quantity} > 0 and ${table.unitAmount} >= 0 and ${table.regularUnitAmount} >= 0 and ${table.lineAmount} >= 0`,
    ),
  ],
);

/** Every status an order went through, with who moved it: the order-details timeline. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: generatedId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<OrderStatus>().notNull(),
    actor: text('actor').$type<OrderActor>().notNull(),
    /** Who acted (issue 15): the store member or the shopper; null for the system (jobs). */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Their display name when they acted, so the timeline still names a member who left. */
    actorName: text('actor_name'),
    note: text('note'),
    at: timestamptz('at').notNull(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.at)],
);

/** Which coupon a shopper used on which order: the per-user limit counts these. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: generatedId(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('coupon_redemptions_coupon_user_idx').on(table.couponId, table.userId),
    uniqueIndex('coupon_redemptions_order_key').on(table.orderId),
  ],
);

/**
 * The embedded PayU simulator's own ledger (it plays PayU, so it keeps what PayU would keep). Used
 * only when PAYU_URL is unset; a real PayU deployment never writes here.
 */
export const payuSimTransactions = pgTable('payu_sim_transactions', {
  mihpayid: text('mihpayid').primaryKey(),
  txnid: text('txnid').notNull().unique(),
  merchantKey: text('merchant_key').notNull(),
  amount: text('amount').notNull(),
  productinfo: text('productinfo').notNull(),
  firstname: text('firstname').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  udf: jsonb('udf').$type<string[]>().notNull(),
  surl: text('surl').notNull(),
  furl: text('furl').notNull(),
  preAuthorize: boolean('pre_authorize').notNull().default(false),
  /** 'created' | 'success' | 'failure' | 'pending' | 'captured' | 'cancelled' | 'refunded' */
  status: text('status').notNull(),
  /** PayU's unmappedstatus ('auth' for a held pre-authorisation, 'captured', 'failed'...). */
  unmappedStatus: text('unmapped_status').notNull(),
  refundedAmount: text('refunded_amount').notNull().default('0.00'),
  /** Captured so far of a pre-authorisation: several partial captures, never above the amount. */
  capturedAmount: text('captured_amount').notNull().default('0.00'),
  /** The var2 tokens of the captures made: the same token twice captures once. */
  captureTokens: jsonb('capture_tokens')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
