import {
  commerceMessages as m,
  parseMoney,
  priceMatchRequestSchema,
  type Money,
} from '@localmart/contract';
import { z } from 'zod';

export const EMPTY_PRICE_MATCH_FORM = { competitorName: '', competitorPrice: '', evidenceUrl: '' };

/**
 * The form's view of the contract's price-match request: the same field schemas and messages, with
 * the price typed as text and read in the offer's currency (parseMoney), and the rule the server
 * applies too (lower than the store's price) checked before sending.
 */
export function priceMatchFormSchema(storePrice: Money) {
  return z.object({
    competitorName: priceMatchRequestSchema.shape.competitorName,
    competitorPrice: z.string().transform((text, context) => {
      const minor = parseMoney(text, storePrice.currency);
      if (minor === null || minor <= 0) {
        context.addIssue({ code: 'custom', message: m.priceMatchPriceInvalid });
        return z.NEVER;
      }
      if (minor >= storePrice.amount) {
        context.addIssue({ code: 'custom', message: m.priceMatchNotLower });
        return z.NEVER;
      }
      return minor;
    }),
    evidenceUrl: z.string().trim().pipe(priceMatchRequestSchema.shape.evidenceUrl),
  });
}
