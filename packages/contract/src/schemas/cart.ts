import { z } from 'zod';
import { envelopeSchema, successEnvelopeSchema } from '../envelope.ts';

/**
 * GET cart (spec §7): `results` is the list of lines; its length drives the cart badge (`records`).
 * The line's full shape arrives with the commerce issue; until then the contract fixes only the id,
 * and keeps unknown fields so the app can already render the count.
 */
export const cartLineSchema = z.looseObject({ _id: z.string() });
export type CartLine = z.infer<typeof cartLineSchema>;
export const cartResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(cartLineSchema) }),
);
export type CartResponse = z.infer<typeof cartResponse>;
