import { z } from 'zod';
import { formatMoney } from '../catalog/money.ts';
import {
  catalogIdSchema,
  imageSchema,
  isoDateTimeSchema,
  moneySchema,
} from '../catalog/schemas/common.ts';
import { envelopeSchema, successEnvelopeSchema } from '../envelope.ts';
import { safeText } from '../schemas/safe-input.ts';
import { API_BASE } from '../api-paths.ts';

/**
 * Partial fulfilment and substitutions (issue 15, ADR 0012). The store hands over fewer units of a
 * line, none at all, or proposes one of its own offers instead; the shopper said per line beforehand
 * what they accept, and answers a proposal within SUBSTITUTION_DECISION_MINUTES. The order's total
 * follows what is handed over, never above what the card holds for it.
 */

/**
 * What the shopper accepts when a line is out of stock:
 * - best_match: the store may propose a similar item; unanswered, the proposal is taken;
 * - specific_item: only this item; a proposal needs the shopper's yes, unanswered it is refunded;
 * - refund: no substitute, the line is refunded (the store cannot propose one).
 */
export const SUBSTITUTION_PREFERENCES = ['best_match', 'specific_item', 'refund'] as const;
export type SubstitutionPreference = (typeof SUBSTITUTION_PREFERENCES)[number];
export const DEFAULT_SUBSTITUTION_PREFERENCE: SubstitutionPreference = 'best_match';

export const SUBSTITUTION_PREFERENCE_LABELS = {
  best_match: 'Best match',
  specific_item: 'This specific item',
  refund: 'No substitute, refund',
} as const satisfies Record<SubstitutionPreference, string>;

/** How long the shopper has to answer a proposed substitute before their preference applies. */
export const SUBSTITUTION_DECISION_MINUTES = 15;

export const SUBSTITUTION_PREFERENCE_HINTS = {
  best_match: `If it is out of stock the store may pick a similar item. You can say no within ${SUBSTITUTION_DECISION_MINUTES} minutes; otherwise it is used.`,
  specific_item:
    'Only this item. If the store suggests another, it needs your yes; otherwise you get a refund.',
  refund: 'If it is out of stock, you are not charged for it.',
} as const satisfies Record<SubstitutionPreference, string>;

export const substitutionPreferenceSchema = z.enum(SUBSTITUTION_PREFERENCES, {
  error: 'Choose best match, this specific item, or no substitute.',
});

export const SUBSTITUTION_STATUSES = ['proposed', 'approved', 'rejected'] as const;
export type SubstitutionStatus = (typeof SUBSTITUTION_STATUSES)[number];

export const substitutionPaths = {
  /** PUT {substitution}: one cart line's preference. */
  cartLine: (lineId: string) => `${API_BASE}/cart/items/${encodeURIComponent(lineId)}/substitution`,
  /** GET / PUT {substitution}: the shopper's default for new cart lines. */
  shopperDefault: `${API_BASE}/profile/substitution`,
  /** POST {decision}: the shopper answers the store's proposed substitute. */
  decide: (orderId: string, substitutionId: string) =>
    `${API_BASE}/orders/${encodeURIComponent(orderId)}/substitutions/${encodeURIComponent(substitutionId)}`,
  /** POST {lines, readyBy?}: the store hands over less or proposes substitutes (accepting a new order). */
  storeChanges: (businessId: string, orderId: string) =>
    `${API_BASE}/manage/businesses/${encodeURIComponent(businessId)}/orders/${encodeURIComponent(orderId)}/changes`,
  /** GET ?q=: the store's own offers in stock, to propose as a substitute. */
  storeSubstituteOffers: (businessId: string) =>
    `${API_BASE}/manage/businesses/${encodeURIComponent(businessId)}/substitute-offers`,
} as const;

export const substitutionPreferenceRequest = z.strictObject({
  substitution: substitutionPreferenceSchema,
});
export type SubstitutionPreferenceRequest = z.infer<typeof substitutionPreferenceRequest>;
export const substitutionPreferenceResponse = envelopeSchema(
  successEnvelopeSchema({ result: z.object({ substitution: substitutionPreferenceSchema }) }),
);

export const substitutionDecisionRequest = z.strictObject({
  decision: z.enum(['approved', 'rejected'], { error: 'Say yes or no to the substitute.' }),
});
export type SubstitutionDecisionRequest = z.infer<typeof substitutionDecisionRequest>;

const quantityField = z
  .number({ error: 'Enter how many you can hand over.' })
  .int({ error: 'Enter how many you can hand over.' })
  .min(0, { error: 'Enter how many you can hand over.' })
  .max(999, { error: 'Enter how many you can hand over.' });

/** One line the store changes: units it hands over (0: none) and, optionally, a substitute. */
export const orderLineChangeSchema = z.strictObject({
  itemId: z.uuid({ error: 'That item is not in this order.' }),
  handOver: quantityField,
  substituteOfferId: z.uuid({ error: 'Choose one of your items as the substitute.' }).optional(),
  substituteQuantity: z
    .number({ error: 'Enter how many of the substitute.' })
    .int({ error: 'Enter how many of the substitute.' })
    .min(1, { error: 'Enter how many of the substitute.' })
    .max(999, { error: 'Enter how many of the substitute.' })
    .optional(),
});
export type OrderLineChange = z.infer<typeof orderLineChangeSchema>;

export const orderChangesRequest = z.strictObject({
  lines: z
    .array(orderLineChangeSchema)
    .min(1, { error: 'Choose at least one item to change.' })
    .max(100),
  /** When the order is still new: accepting with changes, ready by this time (else the promise). */
  readyBy: isoDateTimeSchema.optional(),
});
export type OrderChangesRequest = z.infer<typeof orderChangesRequest>;

export const substituteOfferSchema = z.object({
  offerId: catalogIdSchema,
  title: safeText(),
  image: imageSchema.nullable(),
  unitPrice: moneySchema,
  quantity: z.number().int().nonnegative(),
});
export type SubstituteOffer = z.infer<typeof substituteOfferSchema>;
export const substituteOffersQuery = z.strictObject({
  q: safeText().trim().max(100).default(''),
});
export const substituteOffersResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(substituteOfferSchema) }),
);

/** One line as the store changed it (read by both order pages and the emails). */
export const orderLineChangeViewSchema = z.object({
  itemId: catalogIdSchema,
  title: safeText(),
  ordered: z.number().int().nonnegative(),
  handedOver: z.number().int().nonnegative(),
  substitution: substitutionPreferenceSchema,
});
export type OrderLineChangeView = z.infer<typeof orderLineChangeViewSchema>;

export const orderSubstitutionSchema = z.object({
  id: catalogIdSchema,
  /** The order line it replaces. */
  itemId: catalogIdSchema,
  forTitle: safeText(),
  title: safeText(),
  image: imageSchema.nullable(),
  quantity: z.number().int().positive(),
  unitPrice: moneySchema,
  lineTotal: moneySchema,
  status: z.enum(SUBSTITUTION_STATUSES),
  /** Who decided: the shopper, or the time box (their preference applied). */
  decidedBy: z.enum(['shopper', 'timer']).nullable(),
  expiresAt: isoDateTimeSchema,
  preference: substitutionPreferenceSchema,
});
export type OrderSubstitution = z.infer<typeof orderSubstitutionSchema>;

/** What changed on an order, for its pages: empty lists when nothing did. */
export const orderChangesSchema = z.object({
  lines: z.array(orderLineChangeViewSchema),
  substitutions: z.array(orderSubstitutionSchema),
  /** The total when placed, before any change. */
  originalTotal: moneySchema,
  /** Per line of the order: the shopper's preference (the store reads it before proposing). */
  preferences: z.array(
    z.object({ itemId: catalogIdSchema, substitution: substitutionPreferenceSchema }),
  ),
});
export type OrderChanges = z.infer<typeof orderChangesSchema>;

/** The words of one changed line: "Oat milk: 1 of 3 handed over", "Bread: not available". */
export function lineChangeText(
  line: Pick<OrderLineChangeView, 'title' | 'ordered' | 'handedOver'>,
): string {
  if (line.handedOver === 0) return `${line.title}: not available`;
  return `${line.title}: ${line.handedOver} of ${line.ordered} available`;
}

/** "Store suggests Oat milk 2L ($5.49) instead of Oat milk 1L". */
export function substitutionText(
  sub: Pick<OrderSubstitution, 'forTitle' | 'title' | 'lineTotal' | 'quantity'>,
): string {
  const price = formatMoney(sub.lineTotal.amount, sub.lineTotal.currency);
  return `${sub.quantity} × ${sub.title} (${price}) instead of ${sub.forTitle}`;
}

export const SUBSTITUTION_STATUS_TEXT = {
  proposed: 'Waiting for your answer',
  approved: 'Substitute accepted',
  rejected: 'Substitute declined: not charged',
} as const satisfies Record<SubstitutionStatus, string>;

export const substitutionMessages = {
  changesSaved: 'The order is updated. The shopper has been told what changed.',
  acceptedWithChanges: 'Order accepted with changes. The shopper has been told.',
  preferenceSaved: 'Saved.',
  approved: 'Substitute accepted. Your total is updated.',
  rejected: 'Substitute declined. You will not be charged for that item.',
  substitutionNotFound: 'That substitute was not found.',
  cartLineNotFound: 'That item is not in your cart any more.',
  alreadyDecided: 'That substitute was already answered.',
  timeBoxOver: 'The time to answer is over: your substitution preference was applied.',
  itemNotInOrder: 'That item is not in this order.',
  lineTwice: 'Each item can be changed once per save.',
  handOverTooMany: 'You cannot hand over more than was ordered.',
  nothingChanged:
    'Nothing changed: lower a quantity, mark an item unavailable, or propose a substitute.',
  nothingLeft: 'Nothing would be left to hand over. Decline the order instead.',
  cannotChangeNow: 'Items can be changed only until the order is ready.',
  substituteRefused:
    'This shopper asked for no substitute on that item: mark it unavailable instead.',
  substituteNotFound: 'Choose one of your own items in stock as the substitute.',
  substituteNotEnoughStock: 'Not enough of the substitute in stock.',
  substituteNeedsUnavailable:
    'A substitute replaces units you cannot hand over: lower that item first.',
  substituteOpen: 'That item already has a substitute waiting for the shopper.',
  lineHasSubstitute: 'That item already has a substitute.',
  overHold: (limit: string) =>
    `That costs more than the shopper's card holds for this order (${limit} in all). Choose a cheaper substitute or hand over fewer.`,
} as const;
