/**
 * Stock wording: the one function every screen and every API answer uses to turn a store's quantity
 * into words.
 *
 * Spec §9 (terms text) says stock shows "as in-stock when quantity is above 1, limited language at 2
 * or fewer". Read as two separate rules, that looks contradictory: at 2, is the item "in stock" or
 * "limited"? The catalogue issue settles it, in line with Google's local inventory rule (3 or more:
 * in stock; 1-2: limited availability; 0: out of stock,
 * https://support.google.com/merchants/answer/13475891). Both clauses of §9 apply together:
 *
 *   quantity >= 3  "In stock"                 in stock, no limited language
 *   quantity == 2  "In stock - only 2 left"   in stock (above 1) AND limited language (2 or fewer)
 *   quantity == 1  "Limited availability"     not above 1, so NOT labelled in stock
 *   quantity <= 0  "Out of stock"
 *
 * So "in stock" (the `inStock` flag, the "in stock only" filter) means quantity >= 2, and Google's
 * feed value for 1-2 is `limited_availability` (see `googleLocalAvailability`).
 */

export const STOCK_LEVELS = ['in_stock', 'low_stock', 'limited', 'out_of_stock'] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];

/** Shopper-facing labels, verbatim from the catalogue issue. */
export const STOCK_LABELS = {
  in_stock: 'In stock',
  low_stock: 'In stock - only 2 left',
  limited: 'Limited availability',
  out_of_stock: 'Out of stock',
} as const satisfies Record<StockLevel, string>;

/** The smallest quantity labelled in stock; server filters ("in stock only") use it in SQL. */
export const IN_STOCK_MIN_QUANTITY = 2;

export interface StockStatus {
  level: StockLevel;
  label: (typeof STOCK_LABELS)[StockLevel];
  inStock: boolean;
}

/** Quantity from a store's feed -> level, label and in-stock flag. Negative or NaN counts as 0. */
export function stockStatus(quantity: number): StockStatus {
  // Feeds send whole units; a fraction rounds down (2.5 bottles is 2). NaN fails every comparison
  // below, so it falls through to out of stock with the negatives.
  const units = Math.floor(quantity);
  if (units >= 3) return { level: 'in_stock', label: STOCK_LABELS.in_stock, inStock: true };
  if (units === 2) return { level: 'low_stock', label: STOCK_LABELS.low_stock, inStock: true };
  if (units === 1) return { level: 'limited', label: STOCK_LABELS.limited, inStock: false };
  return { level: 'out_of_stock', label: STOCK_LABELS.out_of_stock, inStock: false };
}

export type GoogleLocalAvailability = 'in_stock' | 'limited_availability' | 'out_of_stock';

/** The `availability` value a local inventory feed to Google would carry for this quantity. */
export function googleLocalAvailability(quantity: number): GoogleLocalAvailability {
  const units = Number.isNaN(quantity) ? 0 : quantity;
  if (units >= 3) return 'in_stock';
  if (units >= 1) return 'limited_availability';
  return 'out_of_stock';
}
