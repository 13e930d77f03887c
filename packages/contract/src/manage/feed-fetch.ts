import { z } from 'zod';
import { envelopeSchema, successEnvelopeSchema } from '../envelope.ts';
import { safeText } from '../schemas/safe-input.ts';
import { FEED_MODES, INVENTORY_FEED_MAX_BYTES } from './inventory.ts';

/**
 * Scheduled feed fetch (docs/decisions/0023-scheduled-feed-fetch.md): the owner gives the https
 * address their till system publishes its stock file at, how often we fetch it (off, hourly, daily)
 * and the mode. Each run fetches the file, checks it as an upload's dry run does, applies it and is
 * listed in the history with what it did. A Full schedule is confirmed once by the owner; a run that
 * would set more than half of the items in stock out of stock is held for the owner to review.
 */

export const FEED_FETCH_SCHEDULES = ['off', 'hourly', 'daily'] as const;
export type FeedFetchSchedule = (typeof FEED_FETCH_SCHEDULES)[number];
/** Between two scheduled runs. */
export const FEED_FETCH_INTERVAL_MS: Record<Exclude<FeedFetchSchedule, 'off'>, number> = {
  hourly: 60 * 60 * 1000,
  daily: 24 * 60 * 60 * 1000,
};
export const FEED_FETCH_TRIGGERS = ['schedule', 'manual'] as const;
export type FeedFetchTrigger = (typeof FEED_FETCH_TRIGGERS)[number];
/** queued (waits for a worker), running, then applied, failed (in words) or held (for review). */
export const FEED_FETCH_STATUSES = ['queued', 'running', 'applied', 'failed', 'held'] as const;
export type FeedFetchStatus = (typeof FEED_FETCH_STATUSES)[number];
export function isFeedFetchFinished(status: FeedFetchStatus): boolean {
  return status === 'applied' || status === 'failed' || status === 'held';
}

/** A Full run setting more than this share of the store's items in stock out of stock is held. */
export const FEED_FETCH_HOLD_SHARE = 0.5;
/** How long the feed's server may take to answer and send the file. */
export const FEED_FETCH_TIMEOUT_MS = 20_000;
/** The largest file fetched: the upload's limit. */
export const FEED_FETCH_MAX_BYTES = INVENTORY_FEED_MAX_BYTES;
export const FEED_URL_MAX_CHARS = 2_000;
export const FEED_FETCH_HISTORY_SIZE = 30;

export const feedFetchMessages = {
  urlInvalid: 'Enter the full address of your feed file, starting with https://.',
  urlNotHttps:
    'Use an address starting with https://: a feed sent over plain http could be read or changed on the way.',
  urlCredentials:
    'Remove the user name and password from the address: we do not store passwords in feed addresses.',
  urlPrivate:
    'This address points to a private network or to this computer, which we cannot reach. Use the public https address your till system gives you.',
  urlMissing: 'Enter the address of your feed file first.',
  confirmFull:
    'A Full schedule sets every item missing from the file out of stock on each run. Tick the box to confirm.',
  saved: 'Feed schedule saved',
  fetchQueued: 'Fetching your feed now: the result shows in the history below.',
  alreadyRunning: 'Your feed is being fetched already: the result shows in the history below.',
  timeout: (seconds: number) =>
    `The feed address did not send the file within ${seconds} seconds. Check that the address works in a browser, then try again.`,
  status: (code: number) =>
    code === 401 || code === 403
      ? `The feed address refused us (HTTP ${code}): the file must be readable without signing in.`
      : code === 404
        ? 'The feed address answered that there is no file there (HTTP 404). Check the address in your till system.'
        : `The feed address answered with an error (HTTP ${code}). Check that the address works in a browser, then try again.`,
  redirect:
    'The feed address sends us to another address. Enter the final address of the file instead.',
  tooLarge: `The feed file is larger than ${FEED_FETCH_MAX_BYTES / 1024 / 1024} MB, the most we fetch.`,
  unreachable:
    'We could not reach the feed address: the server name was not found or it did not accept the connection. Check the address, then try again.',
  held: (outOfStock: number, inStock: number) =>
    `Not applied: this file would set ${outOfStock.toLocaleString('en-CA')} of your ${inStock.toLocaleString('en-CA')} items in stock out of stock, more than half. Review it and apply it yourself if it is right.`,
  fullNotConfirmed:
    'Not applied: a Full schedule must be confirmed by the owner. Save the schedule again and tick the box.',
  applyFailed:
    'The feed could not be applied, and nothing was changed. It is tried again at the next run, or press Fetch now.',
  interrupted: 'The fetch stopped before it finished; nothing was changed. Fetch again.',
} as const;

/** The address as typed: a URL of http(s) with no credentials; the server checks where it points. */
export const feedUrlSchema = safeText({ error: feedFetchMessages.urlInvalid })
  .trim()
  .min(1, { error: feedFetchMessages.urlMissing })
  .max(FEED_URL_MAX_CHARS, { error: feedFetchMessages.urlInvalid })
  .superRefine((value, context) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      context.addIssue({ code: 'custom', message: feedFetchMessages.urlInvalid, input: value });
      return;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      context.addIssue({ code: 'custom', message: feedFetchMessages.urlInvalid, input: value });
    } else if (url.username || url.password) {
      context.addIssue({ code: 'custom', message: feedFetchMessages.urlCredentials, input: value });
    }
  });

export const feedScheduleSchema = z.object({
  url: safeText().nullable(),
  schedule: z.enum(FEED_FETCH_SCHEDULES),
  mode: z.enum(FEED_MODES),
  /** Full mode: when the owner confirmed it (null otherwise). */
  fullConfirmedAt: safeText().nullable(),
  nextFetchAt: safeText().nullable(),
});
export type FeedSchedule = z.infer<typeof feedScheduleSchema>;

/** PUT inventoryFeedSchedule (owner). Full mode needs `confirmFull: true`. */
export const feedScheduleRequest = z.strictObject({
  url: feedUrlSchema,
  schedule: z.enum(FEED_FETCH_SCHEDULES, { error: 'Choose off, hourly or daily.' }),
  mode: z.enum(FEED_MODES, { error: 'Choose Incremental or Full.' }),
  confirmFull: z.boolean().optional(),
});
export type FeedScheduleRequest = z.infer<typeof feedScheduleRequest>;

export const feedFetchSchema = z.object({
  id: safeText(),
  trigger: z.enum(FEED_FETCH_TRIGGERS),
  status: z.enum(FEED_FETCH_STATUSES),
  mode: z.enum(FEED_MODES),
  url: safeText(),
  createdAt: safeText(),
  startedAt: safeText().nullable(),
  finishedAt: safeText().nullable(),
  /** The import the run made (its errors, its dry run); null when nothing was fetched. */
  importId: safeText().nullable(),
  newItems: z.number().int(),
  updated: z.number().int(),
  outOfStock: z.number().int(),
  errors: z.number().int(),
  /** Why it failed or was held, in the owner's words. */
  message: safeText().nullable(),
});
export type FeedFetch = z.infer<typeof feedFetchSchema>;

export const feedScheduleResponse = envelopeSchema(
  successEnvelopeSchema({ result: feedScheduleSchema }),
);
export const feedFetchesResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(feedFetchSchema) }),
);
export const feedFetchResponse = envelopeSchema(successEnvelopeSchema({ result: feedFetchSchema }));
