import { z } from 'zod';

/**
 * The response envelope of spec §3: `status` 1 means success, 0 failure; `message` for humans;
 * `result` (one object, e.g. token and user) or `results` (a list, or `{ error }` on failure);
 * `showActivationLink` on a login refused for an unverified account.
 * Google login answers `token` and `user` at top level instead of inside `result`.
 */
export const STATUS_OK = 1 as const;
export const STATUS_FAIL = 0 as const;

export const envelopeStatusSchema = z.union([z.literal(STATUS_OK), z.literal(STATUS_FAIL)]);

export const failureResultsSchema = z.object({ error: z.string() }).partial();

export const failureEnvelopeSchema = z.object({
  status: z.literal(STATUS_FAIL),
  message: z.string(),
  results: failureResultsSchema.optional(),
  showActivationLink: z.boolean().optional(),
});
export type FailureEnvelope = z.infer<typeof failureEnvelopeSchema>;

/** Build the schema of a success envelope carrying `result` and/or `results`. */
export function successEnvelopeSchema<
  TResult extends z.ZodType = z.ZodOptional<z.ZodUndefined>,
  TResults extends z.ZodType = z.ZodOptional<z.ZodUndefined>,
>(parts: { result?: TResult; results?: TResults }) {
  return z.object({
    status: z.literal(STATUS_OK),
    message: z.string().optional(),
    // an absent part must also be absent from the JSON, so it is optional-undefined
    result: (parts.result ?? z.undefined().optional()) as TResult,
    results: (parts.results ?? z.undefined().optional()) as TResults,
  });
}

/** Any answer of a call: its success shape or the failure envelope. */
export function envelopeSchema<TSuccess extends z.ZodType>(success: TSuccess) {
  return z.union([success, failureEnvelopeSchema]);
}

export interface Envelope<TResult = unknown, TResults = unknown> {
  status: 0 | 1;
  message?: string;
  result?: TResult;
  results?: TResults;
  showActivationLink?: boolean;
}

export type SuccessEnvelope<TResult = undefined, TResults = undefined> = {
  status: typeof STATUS_OK;
  message?: string;
} & (TResult extends undefined ? { result?: undefined } : { result: TResult }) &
  (TResults extends undefined ? { results?: undefined } : { results: TResults });

/** A success answer. Only the parts given are present in the JSON. */
export function ok<TResult = undefined, TResults = undefined>(parts: {
  message?: string;
  result?: TResult;
  results?: TResults;
}): SuccessEnvelope<TResult, TResults> {
  return { status: STATUS_OK, ...parts } as SuccessEnvelope<TResult, TResults>;
}

/** A failure answer; `error` is mirrored into `results.error` for screens that read it (forgot password). */
export function fail(
  message: string,
  extra: { showActivationLink?: boolean; error?: string } = {},
): FailureEnvelope {
  const envelope: FailureEnvelope = { status: STATUS_FAIL, message };
  if (extra.error !== undefined) envelope.results = { error: extra.error };
  if (extra.showActivationLink !== undefined)
    envelope.showActivationLink = extra.showActivationLink;
  return envelope;
}

export function isSuccess<T extends { status: number }>(
  envelope: T,
): envelope is T & { status: typeof STATUS_OK } {
  return envelope.status === STATUS_OK;
}

/**
 * One line of a failure's `message` for a problem of a request part, as the server and the forms
 * both word it. A message written as a whole sentence ("The delivery fee cannot be negative.") says
 * what it is about, so it is shown as it is: the person reading it never sees a field path. A short
 * rule ("must be at most 50") gets its field in front ("limit: must be at most 50").
 */
export function issueLine(field: string, message: string): string {
  return field === '' || /[.!?]$/.test(message) ? message : `${field}: ${message}`;
}
