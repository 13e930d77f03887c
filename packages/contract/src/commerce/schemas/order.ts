import { z } from 'zod';
import { envelopeSchema, successEnvelopeSchema } from '../../envelope.ts';
import {
  catalogIdSchema,
  imageSchema,
  isoDateTimeSchema,
  moneySchema,
} from '../../catalog/schemas/common.ts';
import { FULFILMENT_METHODS } from '../fulfilment.ts';
import { orderMoneySchema } from '../order-money.ts';
import { ORDER_ACTORS, ORDER_STATUSES, ORDER_STATUS_FILTERS } from '../order-status.ts';
import { CART_LINE_KINDS, chosenOptionSchema } from './cart.ts';
import { safeText } from '../../schemas/safe-input.ts';
import { orderChangesSchema } from '../substitutions.ts';
import { appointmentViewSchema } from '../../appointments/appointment-schemas.ts';

export const orderStoreSchema = z.object({
  id: catalogIdSchema,
  name: safeText(),
  logo: imageSchema,
  addressLine: safeText(),
  phone: safeText(),
  lat: z.number(),
  lng: z.number(),
});

/** A my-order row. */
export const orderSummarySchema = z.object({
  id: catalogIdSchema,
  number: safeText(),
  checkoutId: catalogIdSchema,
  status: z.enum(ORDER_STATUSES),
  fulfilment: z.enum(FULFILMENT_METHODS),
  store: orderStoreSchema,
  itemCount: z.number().int().nonnegative(),
  /** Up to 4 item images for the row's thumbnail strip. */
  previewImages: z.array(imageSchema),
  total: moneySchema,
  /** This order's own money: held, charged, released, refunded (never the checkout's total). */
  money: orderMoneySchema,
  /** Still waiting for payment and payable now: "Pay now" opens checkout/{checkoutId}. */
  canPay: z.boolean(),
  /** Service bookings: 'Drop-In Class, Fri Nov 27, 15:00–16:00', said instead of a pickup (issue 15). */
  appointmentLabel: safeText().nullable().optional(),
  createdAt: isoDateTimeSchema,
  placedAt: isoDateTimeSchema.nullable(),
  updatedAt: isoDateTimeSchema,
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderItemSchema = z.object({
  id: catalogIdSchema,
  kind: z.enum(CART_LINE_KINDS),
  productId: catalogIdSchema.nullable(),
  title: safeText(),
  subtitle: safeText(),
  image: imageSchema.nullable(),
  options: z.array(chosenOptionSchema),
  note: safeText(),
  quantity: z.number().int().positive(),
  unitPrice: moneySchema,
  regularUnitPrice: moneySchema,
  lineTotal: moneySchema,
  priceMatched: z.boolean(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderEventSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  actor: z.enum(ORDER_ACTORS),
  /** The store member who acted (the store's own pages only; null elsewhere and for the system). */
  actorName: safeText().nullable(),
  note: safeText().nullable(),
  at: isoDateTimeSchema,
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** order-details/{orderId}: everything about one order. */
export const orderDetailSchema = orderSummarySchema.extend({
  items: z.array(orderItemSchema),
  subtotal: moneySchema,
  discount: moneySchema,
  couponCode: safeText().nullable(),
  deliveryFee: moneySchema,
  taxRateBps: z.number().int().nonnegative(),
  tax: moneySchema,
  deliveryAddress: z
    .object({
      name: safeText(),
      phone: safeText(),
      line: safeText(),
      instructions: safeText(),
    })
    .nullable(),
  deliveryDistanceKm: z.number().nullable(),
  /**
   * Pickup orders the store has yet to get ready: readyBy in the store's time zone, 'Ready by 15:45'
   * or 'Ready tomorrow from 12:00' (ready-time.ts); null otherwise.
   */
  pickupPromise: safeText().nullable(),
  /** Shown while the order can still be collected; the QR encodes pickupQrPayload(id, code). */
  pickupCode: safeText().nullable(),
  readyBy: isoDateTimeSchema.nullable(),
  note: safeText(),
  declineReason: safeText().nullable(),
  cancelReason: safeText().nullable(),
  responseDueAt: isoDateTimeSchema.nullable(),
  timeline: z.array(orderEventSchema),
  canCancel: z.boolean(),
  /** What the store changed (partial fulfilment, substitutes; issue 15). */
  changes: orderChangesSchema.optional(),
  /** Service bookings: the appointments of the order (issue 15). */
  appointments: z.array(appointmentViewSchema).optional(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderListQuery = z.strictObject({
  status: z
    .enum(Object.keys(ORDER_STATUS_FILTERS) as [keyof typeof ORDER_STATUS_FILTERS])
    .optional(),
  cursor: safeText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type OrderListQuery = z.input<typeof orderListQuery>;

export const orderListResponse = envelopeSchema(
  successEnvelopeSchema({
    results: z.array(orderSummarySchema),
    result: z.object({ nextCursor: safeText().nullable() }),
  }),
);
export const orderDetailResponse = envelopeSchema(
  successEnvelopeSchema({ result: orderDetailSchema }),
);
export const cancelOrderRequest = z.strictObject({
  reason: safeText().trim().max(300).default(''),
});
