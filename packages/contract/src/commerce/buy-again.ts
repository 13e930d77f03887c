import { z } from 'zod';
import { formatMoney } from '../catalog/money.ts';
import { catalogIdSchema, moneySchema } from '../catalog/schemas/common.ts';
import { envelopeSchema, successEnvelopeSchema } from '../envelope.ts';
import { safeText } from '../schemas/safe-input.ts';
import { CART_LINE_KINDS, cartLineSchema, cartSummarySchema } from './schemas/cart.ts';

/**
 * Buy again (issue 17; ADR 0007, "Buy again"): one tap puts a past order's still-available lines in the cart, at
 * the store's prices now, and says line by line what changed. It fills the cart UP TO the order's
 * quantities instead of adding them on top, so a second tap (a double click, a retry after a lost
 * answer) finds everything already there and changes nothing: units are never doubled by accident.
 */

/**
 * What happened to one order line:
 * - added: its units are in the cart now (all of them, or as many as the store has: `fewer_available`);
 * - already_in_cart: the cart held at least as many, so it was left as it was;
 * - skipped: nothing was added (see its change code).
 */
export const BUY_AGAIN_OUTCOMES = ['added', 'already_in_cart', 'skipped'] as const;
export type BuyAgainOutcome = (typeof BUY_AGAIN_OUTCOMES)[number];

/** What differs from the order, most important first; a line may have two (price and stock). */
export const BUY_AGAIN_CHANGES = [
  'price_higher',
  'price_lower',
  'fewer_available',
  'out_of_stock',
  'no_longer_sold',
  'unavailable',
  'options_changed',
  'store_not_taking_orders',
  'needs_new_time',
  'cart_full',
] as const;
export type BuyAgainChange = (typeof BUY_AGAIN_CHANGES)[number];

export const buyAgainChangeSchema = z.object({
  code: z.enum(BUY_AGAIN_CHANGES),
  /** The sentence the shopper reads, e.g. 'Price now higher: $4.19 → $4.59 each.' */
  message: safeText(),
});
export type BuyAgainChangeNote = z.infer<typeof buyAgainChangeSchema>;

export const buyAgainLineSchema = z.object({
  /** The order line this reports on. */
  orderItemId: catalogIdSchema,
  kind: z.enum(CART_LINE_KINDS),
  title: safeText(),
  outcome: z.enum(BUY_AGAIN_OUTCOMES),
  /** Units the order had. */
  ordered: z.number().int().positive(),
  /** Units of this item in the cart after buy again (0 when skipped and not in the cart). */
  inCart: z.number().int().nonnegative(),
  /** What the shopper paid per unit in the order. */
  orderedUnitPrice: moneySchema,
  /** What a unit costs now; null when it is not sold any more. */
  unitPrice: moneySchema.nullable(),
  changes: z.array(buyAgainChangeSchema),
});
export type BuyAgainLine = z.infer<typeof buyAgainLineSchema>;

export const buyAgainResultSchema = z.object({
  orderNumber: safeText(),
  storeName: safeText(),
  lines: z.array(buyAgainLineSchema),
  /** Other stores the cart holds items from: checkout places one order per store. */
  otherStores: z.array(safeText()),
  /** The shopper's whole cart after buy again (as GET cart answers it: stores, badge count). */
  cart: cartSummarySchema,
});
export type BuyAgainResult = z.infer<typeof buyAgainResultSchema>;

/** POST orders/{id}/buy-again: no body; the answer is the whole cart (`results`) and the report. */
export const buyAgainRequest = z.strictObject({});

export const buyAgainResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(cartLineSchema), result: buyAgainResultSchema }),
);
export type BuyAgainResponse = z.infer<typeof buyAgainResponse>;

const money = (amount: number, currency: string) => formatMoney(amount, currency);

/** Every sentence of buy again: the server's report and the screens read these, never retype them. */
export const buyAgainMessages = {
  buttonLabel: 'Buy again',
  buttonName: (orderNumber: string) => `Buy again: order ${orderNumber}`,
  dialogTitle: 'Buy again',
  goToCart: 'Go to cart',
  close: 'Close',
  /** The envelope message, and the dialog's first line. */
  summary: (added: number, total: number, orderNumber: string) => {
    if (total === 0 || added === 0) return `Nothing from order ${orderNumber} could be added now.`;
    if (added === total) {
      return total === 1
        ? `The item of order ${orderNumber} is in your cart.`
        : `All ${total} items of order ${orderNumber} are in your cart.`;
    }
    return `${added} of ${total} items of order ${orderNumber} are in your cart.`;
  },
  noChanges: 'Same prices as last time, and everything is in stock.',
  otherStores: (stores: readonly string[]) =>
    `Your cart also holds items from ${joinNames(stores)}. Checkout places a separate order for each store.`,
  outcome: {
    added: 'Added',
    already_in_cart: 'Already in your cart',
    skipped: 'Skipped',
  } satisfies Record<BuyAgainOutcome, string>,
  priceHigher: (before: number, after: number, currency: string) =>
    `Price now higher: ${money(before, currency)} → ${money(after, currency)} each.`,
  priceLower: (before: number, after: number, currency: string) =>
    `Price now lower: ${money(before, currency)} → ${money(after, currency)} each.`,
  fewerAvailable: (available: number, ordered: number) =>
    `Only ${available} available: ${available} of ${ordered} in your cart.`,
  outOfStock: 'Out of stock at this store now, so it was skipped.',
  noLongerSold: 'No longer sold by this store, so it was skipped.',
  unavailable: 'Not available right now, so it was skipped.',
  optionsChanged: 'Its choices have changed. Pick them again on the menu.',
  needsNewTime: 'An appointment needs a new time. Book it again on the service’s page.',
  cartFull: (max: number) => `Your cart already holds ${max} different items, so it was skipped.`,
  buttonBusy: 'Adding to your cart…',
} as const;

function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
