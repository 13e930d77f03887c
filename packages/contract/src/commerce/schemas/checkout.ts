import { z } from 'zod';
import { envelopeSchema, successEnvelopeSchema } from '../../envelope.ts';
import {
  catalogIdSchema,
  imageSchema,
  isoDateTimeSchema,
  moneySchema,
  pickupPromiseSchema,
} from '../../catalog/schemas/common.ts';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_MIN_LENGTH } from '../commerce-constants.ts';
import { commerceMessages as m } from '../commerce-messages.ts';
import { FULFILMENT_METHODS, PAYMENT_MODES } from '../fulfilment.ts';
import { PAYMENT_STATUSES } from '../payment-status.ts';
import { orderSummarySchema } from './order.ts';
import { safeText } from '../../schemas/safe-input.ts';
import { optionalPhoneField } from '../../schemas/phone.ts';

/** The shopper's choice for one store of the cart. The client never sends a price. */
export const storeSelectionSchema = z.strictObject({
  businessId: catalogIdSchema,
  fulfilment: z.enum(FULFILMENT_METHODS, { error: m.chooseFulfilment }),
  /** Same-day delivery only: a saved address of the shopper. */
  addressId: catalogIdSchema.nullable().default(null),
  note: safeText().trim().max(500).default(''),
});
export type StoreSelection = z.input<typeof storeSelectionSchema>;

export const checkoutSelectionSchema = z.strictObject({
  stores: z.array(storeSelectionSchema).min(1, { error: m.chooseFulfilment }).max(20),
  couponCode: safeText()
    .trim()
    .max(40)
    .transform((code) => code.toUpperCase())
    .nullable()
    .default(null),
});
export type CheckoutSelection = z.input<typeof checkoutSelectionSchema>;

export const checkoutQuoteRequest = checkoutSelectionSchema;

export const placeCheckoutRequest = checkoutSelectionSchema.extend({
  /** Made once per checkout page visit; sent again on a retry so a double submit places once. */
  idempotencyKey: safeText({ error: m.idempotencyKeyInvalid })
    .min(IDEMPOTENCY_KEY_MIN_LENGTH, { error: m.idempotencyKeyInvalid })
    .max(IDEMPOTENCY_KEY_MAX_LENGTH, { error: m.idempotencyKeyInvalid })
    .regex(/^[A-Za-z0-9_-]+$/, { error: m.idempotencyKeyInvalid }),
  /**
   * A phone the stores may call about these orders (issue 15); '' = none. Absent: the profile's.
   * Shown to each store once it accepts its order.
   */
  contactPhone: optionalPhoneField.optional(),
});
export type PlaceCheckoutRequest = z.input<typeof placeCheckoutRequest>;

/** One store's priced share of the checkout: becomes one order. */
export const quotedStoreSchema = z.object({
  businessId: catalogIdSchema,
  businessName: safeText(),
  logo: imageSchema,
  fulfilment: z.enum(FULFILMENT_METHODS),
  lineIds: z.array(catalogIdSchema),
  subtotal: moneySchema,
  discount: moneySchema,
  deliveryFee: moneySchema,
  taxRateBps: z.number().int().nonnegative(),
  tax: moneySchema,
  total: moneySchema,
  pickupPromise: pickupPromiseSchema,
  /** Same-day delivery: the address's distance from the store. */
  deliveryDistanceKm: z.number().nonnegative().nullable(),
  /** Why this store's order cannot be placed as chosen (outside the radius, below the minimum...). */
  problems: z.array(safeText()),
});
export type QuotedStore = z.infer<typeof quotedStoreSchema>;

export const couponOutcomeSchema = z.object({
  code: safeText(),
  applied: z.boolean(),
  /** Why it does not apply, in the shopper's words; null when applied. */
  reason: safeText().nullable(),
  /** The store whose order got the discount. */
  businessId: catalogIdSchema.nullable(),
  discount: moneySchema.nullable(),
});
export type CouponOutcome = z.infer<typeof couponOutcomeSchema>;

/** Totals per currency (a cart normally has one). */
export const checkoutTotalSchema = z.object({
  currency: safeText(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  deliveryFee: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  /** Charged at checkout (buy online, delivery). */
  payNow: z.number().int(),
  /** Only held on the card, charged at pickup (reserve orders). */
  holdNow: z.number().int(),
});
export type CheckoutTotal = z.infer<typeof checkoutTotalSchema>;

export const checkoutQuoteSchema = z.object({
  stores: z.array(quotedStoreSchema),
  coupon: couponOutcomeSchema.nullable(),
  totals: z.array(checkoutTotalSchema),
  /** Problems of the whole cart (a line out of stock, a store not chosen). */
  problems: z.array(safeText()),
  canPlace: z.boolean(),
});
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;
export const checkoutQuoteResponse = envelopeSchema(
  successEnvelopeSchema({ result: checkoutQuoteSchema }),
);

export const paymentSummarySchema = z.object({
  id: catalogIdSchema,
  mode: z.enum(PAYMENT_MODES),
  status: z.enum(PAYMENT_STATUSES),
  amount: moneySchema,
  orderIds: z.array(catalogIdSchema),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

/** checkout/{id} and payumoney: the placed orders and the payments still to make. */
export const checkoutViewSchema = z.object({
  id: catalogIdSchema,
  createdAt: isoDateTimeSchema,
  orders: z.array(orderSummarySchema),
  payments: z.array(paymentSummarySchema),
  /** The payment the Pay button starts; null when none is left to make. */
  nextPaymentId: catalogIdSchema.nullable(),
  /** paid: every payment captured or held; failed: a payment failed (stock released). */
  state: z.enum(['awaiting_payment', 'paid', 'failed', 'pending']),
});
export type CheckoutView = z.infer<typeof checkoutViewSchema>;
/** GET checkouts/unpaid: the unpaid checkout /payumoney offers to resume or release. */
export const unpaidCheckoutResponse = envelopeSchema(
  successEnvelopeSchema({ result: checkoutViewSchema.nullable() }),
);
export const checkoutViewResponse = envelopeSchema(
  successEnvelopeSchema({ result: checkoutViewSchema }),
);

/** The provider's hosted page as a form the browser posts (PayU: fields + hash, see payments). */
export const hostedPaymentFormSchema = z.object({
  action: safeText(),
  method: z.literal('POST'),
  fields: z.record(safeText(), safeText()),
});
export type HostedPaymentForm = z.infer<typeof hostedPaymentFormSchema>;
export const hostedPaymentFormResponse = envelopeSchema(
  successEnvelopeSchema({ result: hostedPaymentFormSchema }),
);
