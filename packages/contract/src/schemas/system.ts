import { z } from 'zod';
import { envelopeSchema, successEnvelopeSchema } from '../envelope.ts';

export const healthResponse = envelopeSchema(
  successEnvelopeSchema({
    result: z.object({ database: z.literal('up'), version: z.string(), uptimeSeconds: z.number() }),
  }),
);
export type HealthResponse = z.infer<typeof healthResponse>;

/** GET csrf: sets the signed cookie and also answers the token, for clients that cannot read cookies. */
export const csrfResponse = envelopeSchema(
  successEnvelopeSchema({ result: z.object({ csrfToken: z.string() }) }),
);
export type CsrfResponse = z.infer<typeof csrfResponse>;
