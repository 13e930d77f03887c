import { z } from 'zod';
import { envelopeSchema, successEnvelopeSchema } from '../envelope.ts';
import { safeText } from './safe-input.ts';

export const healthResponse = envelopeSchema(
  successEnvelopeSchema({
    result: z.object({ database: z.literal('up'), version: safeText(), uptimeSeconds: z.number() }),
  }),
);
export type HealthResponse = z.infer<typeof healthResponse>;

/** GET csrf: sets the signed cookie and also answers the token, for clients that cannot read cookies. */
export const csrfResponse = envelopeSchema(
  successEnvelopeSchema({ result: z.object({ csrfToken: safeText() }) }),
);
export type CsrfResponse = z.infer<typeof csrfResponse>;

/** GET client-config: public runtime settings the app reads before sign-in. */
export const clientConfigSchema = z.object({
  appName: safeText(),
  /** null when Google sign-in is not configured: the app then uses the spec's demo fallback (§4). */
  googleClientId: safeText().nullable(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
export const clientConfigResponse = envelopeSchema(
  successEnvelopeSchema({ result: clientConfigSchema }),
);
