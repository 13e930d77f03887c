import { z } from 'zod';
import { envelopeSchema, successEnvelopeSchema } from '../../envelope.ts';
import {
  catalogIdSchema,
  isoDateTimeSchema,
  storedMinorUnitsSchema,
  moneySchema,
} from '../../catalog/schemas/common.ts';
import { commerceMessages as m } from '../commerce-messages.ts';
import { safeText } from '../../schemas/safe-input.ts';

export const PRICE_MATCH_STATUSES = ['pending', 'approved', 'declined'] as const;
export type PriceMatchStatus = (typeof PRICE_MATCH_STATUSES)[number];

export const PRICE_MATCH_STATUS_LABELS = {
  pending: 'Waiting for the store',
  approved: 'Approved',
  declined: 'Declined',
} as const satisfies Record<PriceMatchStatus, string>;

/**
 * How both sides list requests: pending first (the store owes an answer, the shopper waits for one),
 * then newest first. ISO instants of one format compare as strings.
 */
export function pendingFirstNewest<T extends { status: PriceMatchStatus; createdAt: string }>(
  requests: readonly T[],
): T[] {
  return [...requests].sort(
    (a, b) =>
      Number(b.status === 'pending') - Number(a.status === 'pending') ||
      b.createdAt.localeCompare(a.createdAt),
  );
}

/** The price-match form on a store's offer: a local competitor's advertised price for the same item. */
export const priceMatchRequestSchema = z.strictObject({
  offerId: catalogIdSchema,
  competitorName: safeText({ error: m.priceMatchCompetitorRequired })
    .trim()
    .min(1, { error: m.priceMatchCompetitorRequired })
    .max(120),
  /** Minor units of the offer's currency; a negative one is no price (the form's own words). */
  competitorPrice: storedMinorUnitsSchema
    .min(0, { error: m.priceMatchPriceInvalid, abort: true })
    .refine((amount) => amount > 0, { error: m.priceMatchNotLower }),
  evidenceUrl: z
    .url({ protocol: /^https?$/, error: m.priceMatchEvidenceRequired })
    .max(2000, { error: m.priceMatchEvidenceRequired }),
});
export type PriceMatchRequest = z.input<typeof priceMatchRequestSchema>;

export const priceMatchSchema = z.object({
  id: catalogIdSchema,
  offerId: catalogIdSchema,
  businessId: catalogIdSchema,
  businessName: safeText(),
  productId: catalogIdSchema,
  productTitle: safeText(),
  competitorName: safeText(),
  competitorPrice: moneySchema,
  storePrice: moneySchema,
  evidenceUrl: safeText().nullable(),
  status: z.enum(PRICE_MATCH_STATUSES),
  storeNote: safeText().nullable(),
  createdAt: isoDateTimeSchema,
  decidedAt: isoDateTimeSchema.nullable(),
  /** Approved: the match applies to orders until then. */
  expiresAt: isoDateTimeSchema.nullable(),
});
export type PriceMatch = z.infer<typeof priceMatchSchema>;

export const priceMatchResponse = envelopeSchema(
  successEnvelopeSchema({ result: priceMatchSchema }),
);
export const priceMatchesResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(priceMatchSchema) }),
);
