import { z } from 'zod';
import { envelopeSchema, successEnvelopeSchema } from '../../envelope.ts';
import { fulfilmentFlagsSchema, deliverySettingsSchema } from '../../catalog/schemas/business.ts';
import {
  catalogIdSchema,
  imageSchema,
  isoDateTimeSchema,
  latitudeSchema,
  longitudeSchema,
  moneySchema,
  pickupPromiseSchema,
  slugSchema,
  stockStatusSchema,
} from '../../catalog/schemas/common.ts';
import { CART_LINE_MAX_QUANTITY } from '../commerce-constants.ts';
import { commerceMessages as m } from '../commerce-messages.ts';
import { safeText } from '../../schemas/safe-input.ts';
import { appointmentViewSchema } from '../../appointments/appointment-schemas.ts';
import { substitutionPreferenceSchema } from '../substitutions.ts';

/** What a cart line is: a store's product offer, a restaurant's menu item, or a service. */
export const CART_LINE_KINDS = ['product', 'menu_item', 'service'] as const;
export type CartLineKind = (typeof CART_LINE_KINDS)[number];

/** A menu option as chosen, copied whole so the line reads without the menu. */
export const chosenOptionSchema = z.object({
  groupId: safeText(),
  groupName: safeText(),
  optionId: safeText(),
  name: safeText(),
  priceDelta: moneySchema,
});
export type ChosenOption = z.infer<typeof chosenOptionSchema>;

export const CART_NOTICE_CODES = [
  'price_changed',
  'out_of_stock',
  'not_enough_stock',
  'unavailable',
] as const;
export type CartNoticeCode = (typeof CART_NOTICE_CODES)[number];

/** Something the shopper must know about a line before paying; `blocking` ones stop checkout. */
export const cartNoticeSchema = z.object({
  code: z.enum(CART_NOTICE_CODES),
  message: safeText(),
  blocking: z.boolean(),
});
export type CartNotice = z.infer<typeof cartNoticeSchema>;

/**
 * One line of GET cart's `results` (spec §7; its length is the badge's `records`). Prices are read
 * again on every answer: `unitPrice` is what the shopper pays now (sale and approved price match
 * included), `notices` say what changed since the line was added.
 */
export const cartLineSchema = z.object({
  id: catalogIdSchema,
  kind: z.enum(CART_LINE_KINDS),
  businessId: catalogIdSchema,
  /** The offer, menu item or service id. */
  itemId: catalogIdSchema,
  /** Products only: the product page to link to. */
  productId: catalogIdSchema.nullable(),
  /** Menu items only: the menu the item is on (menu-details link). */
  menuId: catalogIdSchema.nullable(),
  title: safeText(),
  /** Brand, menu name or duration: the grey line under the title. */
  subtitle: safeText(),
  image: imageSchema.nullable(),
  options: z.array(chosenOptionSchema),
  note: safeText(),
  quantity: z.number().int().positive(),
  /** The most this line can be set to now (stock for products; the cart's cap otherwise). */
  maxQuantity: z.number().int().nonnegative(),
  unitPrice: moneySchema,
  /** The price before sale or price match: struck through when higher than unitPrice. */
  regularUnitPrice: moneySchema,
  lineTotal: moneySchema,
  priceMatched: z.boolean(),
  /** Products only: the stock wording of the store's offer. */
  stock: stockStatusSchema.nullable(),
  notices: z.array(cartNoticeSchema),
  /** Products only: what the shopper accepts if it is out of stock (issue 15). */
  substitution: substitutionPreferenceSchema.optional(),
  /** Services: the time picked for the appointment (issue 15). */
  appointment: appointmentViewSchema.nullable().optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** A store with something in the cart: what checkout needs to offer its fulfilment choices. */
export const cartStoreSchema = z.object({
  id: catalogIdSchema,
  slug: slugSchema,
  name: safeText(),
  logo: imageSchema,
  addressLine: safeText(),
  lat: latitudeSchema,
  lng: longitudeSchema,
  fulfilment: fulfilmentFlagsSchema,
  /** On the store's hours now: 'Usually ready in 2 h', or 'Ready tomorrow from 12:00' (ready-time.ts). */
  pickupPromise: pickupPromiseSchema,
  delivery: deliverySettingsSchema.nullable(),
  /**
   * Why same-day delivery cannot be chosen now (past the store's cut-off, or the store does not open
   * again today); null when it can, or when the store does not deliver.
   */
  deliveryUnavailable: safeText().nullable().default(null),
  taxRateBps: z.number().int().nonnegative(),
  lineIds: z.array(catalogIdSchema),
  subtotal: moneySchema,
  itemCount: z.number().int().nonnegative(),
});
export type CartStore = z.infer<typeof cartStoreSchema>;

export const cartSummarySchema = z.object({
  stores: z.array(cartStoreSchema),
  /** Units across lines (3 milk + 1 bread = 4); also the cart badge's number (spec `records`). */
  itemCount: z.number().int().nonnegative(),
  /** True when no line has a blocking notice and the cart is not empty. */
  canCheckout: z.boolean(),
});
export type CartSummary = z.infer<typeof cartSummarySchema>;

/** GET cart and every cart mutation answer the whole cart: lines in `results`, stores in `result`. */
export const cartResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(cartLineSchema), result: cartSummarySchema }),
);
export type CartResponse = z.infer<typeof cartResponse>;

const quantitySchema = z
  .number({ error: m.quantityTooHigh })
  .int()
  .min(1)
  .max(CART_LINE_MAX_QUANTITY, { error: m.quantityTooHigh });

export const addCartItemRequest = z.strictObject({
  kind: z.enum(CART_LINE_KINDS),
  /** The offer id (products), menu item id or service id. */
  itemId: catalogIdSchema,
  quantity: quantitySchema.default(1),
  /** Menu items: the chosen option ids, checked against the item's option groups. */
  optionIds: z.array(safeText().max(100)).max(30).default([]),
  note: safeText().trim().max(300).default(''),
  /** Services: the start of the picked time (a slot of appointmentPaths.serviceSlots). */
  appointmentStartsAt: isoDateTimeSchema.optional(),
  /** Products: what the shopper accepts if the store runs out (issue 15); else their default. */
  substitution: substitutionPreferenceSchema.optional(),
});
export type AddCartItemRequest = z.input<typeof addCartItemRequest>;

export const updateCartItemRequest = z.strictObject({ quantity: quantitySchema });
export type UpdateCartItemRequest = z.input<typeof updateCartItemRequest>;
