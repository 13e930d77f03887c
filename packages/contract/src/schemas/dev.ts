import { z } from 'zod';
import { envelopeSchema, successEnvelopeSchema } from '../envelope.ts';
import { safeText } from './safe-input.ts';

/** A message kept by the dev outbox (no SMTP_URL, server not in production mode). */
export const outboxMessageSchema = z.object({
  id: safeText(),
  to: safeText(),
  subject: safeText(),
  text: safeText(),
  html: safeText(),
  created_at: safeText(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxQuery = z.object({ to: z.email({ error: 'to must be an email address' }) });
/** Newest first. */
export const outboxResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(outboxMessageSchema) }),
);
export type OutboxResponse = z.infer<typeof outboxResponse>;
