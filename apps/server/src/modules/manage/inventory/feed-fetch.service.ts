import {
  FEED_FETCH_HISTORY_SIZE,
  FEED_FETCH_HOLD_SHARE,
  FEED_FETCH_INTERVAL_MS,
  type FeedFetch,
  type FeedFetchTrigger,
  type FeedSchedule,
  type FeedScheduleRequest,
  feedFetchMessages,
  isFeedFetchFinished,
} from '@localmart/contract';
import { and, desc, eq, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  inventoryFeedFetches,
  inventoryFeedSchedules,
  type inventoryImports,
  offers,
} from '../../../db/schema/index.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { applyPreview, dropStalePreviews } from './feed-dry-run.ts';
import {
  type FeedFetchLimits,
  type FeedUrlPolicy,
  feedUrlProblem,
  fetchFeedFile,
} from './feed-fetch-http.ts';
import { createFeedImport, runFeedImport } from './feed-import.service.ts';

/**
 * Scheduled feed fetch (docs/decisions/0023-scheduled-feed-fetch.md). A run is a row of
 * inventory_feed_fetches queued with its pg-boss job in one transaction (by the `feed-fetch-due`
 * cron for schedules, by "Fetch now" for the owner). The job fetches the file, makes an import of
 * it as an upload's dry run does (same parser, same remembered mapping, same counts), then applies
 * that preview through the same path an owner's Apply takes, with the owner's standing
 * confirmation: Incremental always, Full only when the owner confirmed the schedule and the run
 * would not set more than FEED_FETCH_HOLD_SHARE of the items in stock out of stock; otherwise the
 * run is `held` and its preview waits for the owner's review.
 */

type ScheduleRow = typeof inventoryFeedSchedules.$inferSelect;
type FetchRow = typeof inventoryFeedFetches.$inferSelect;

/** A run still queued or running after this is taken as interrupted (its worker died). */
const STALE_RUN_MS = 30 * 60 * 1000;

export function toFeedSchedule(row: ScheduleRow | undefined): FeedSchedule {
  return {
    url: row?.url ?? null,
    schedule: row?.schedule ?? 'off',
    mode: row?.mode ?? 'incremental',
    fullConfirmedAt: row?.fullConfirmedAt?.toISOString() ?? null,
    nextFetchAt: row?.nextFetchAt?.toISOString() ?? null,
  };
}

export function toFeedFetch(row: FetchRow): FeedFetch {
  return {
    id: row.id,
    trigger: row.trigger,
    status: row.status,
    mode: row.mode,
    url: row.url,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    importId: row.importId,
    newItems: row.newItems,
    updated: row.updated,
    outOfStock: row.outOfStock,
    errors: row.errors,
    message: row.message,
  };
}

export async function scheduleOf(
  db: Database,
  businessId: string,
): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .select()
    .from(inventoryFeedSchedules)
    .where(eq(inventoryFeedSchedules.businessId, businessId));
  return row;
}

/**
 * The owner sets the address, how often and the mode. A Full schedule needs `confirmFull` once:
 * saving it again with the same address keeps the confirmation, a new address asks again (another
 * file). The next run is one interval after the save ("Fetch now" runs at once).
 */
export async function saveSchedule(
  db: Database,
  input: {
    businessId: string;
    userId: string;
    request: FeedScheduleRequest;
    policy: FeedUrlPolicy;
    now: Date;
  },
): Promise<FeedSchedule> {
  const { request, now } = input;
  const problem = feedUrlProblem(request.url, input.policy);
  if (problem) throw new HttpError(400, problem);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(inventoryFeedSchedules)
      .where(eq(inventoryFeedSchedules.businessId, input.businessId))
      .for('update');
    const keepsConfirmation =
      current?.mode === 'full' && current.fullConfirmedAt !== null && current.url === request.url;
    let fullConfirmedBy: string | null = null;
    let fullConfirmedAt: Date | null = null;
    if (request.mode === 'full') {
      if (request.confirmFull === true) {
        fullConfirmedBy = input.userId;
        fullConfirmedAt = now;
      } else if (keepsConfirmation) {
        fullConfirmedBy = current.fullConfirmedBy;
        fullConfirmedAt = current.fullConfirmedAt;
      } else {
        throw new HttpError(400, feedFetchMessages.confirmFull);
      }
    }
    const nextFetchAt =
      request.schedule === 'off'
        ? null
        : current?.schedule === request.schedule && current.nextFetchAt
          ? current.nextFetchAt
          : new Date(now.getTime() + FEED_FETCH_INTERVAL_MS[request.schedule]);
    const values = {
      url: request.url,
      schedule: request.schedule,
      mode: request.mode,
      fullConfirmedBy,
      fullConfirmedAt,
      nextFetchAt,
      updatedBy: input.userId,
      updatedAt: now,
    };
    const [row] = await tx
      .insert(inventoryFeedSchedules)
      .values({ businessId: input.businessId, ...values })
      .onConflictDoUpdate({ target: inventoryFeedSchedules.businessId, set: values })
      .returning();
    return toFeedSchedule(row);
  });
}

export async function listFetches(db: Database, businessId: string): Promise<FeedFetch[]> {
  const rows = await db
    .select()
    .from(inventoryFeedFetches)
    .where(eq(inventoryFeedFetches.businessId, businessId))
    .orderBy(desc(inventoryFeedFetches.createdAt), desc(inventoryFeedFetches.id))
    .limit(FEED_FETCH_HISTORY_SIZE);
  return rows.map(toFeedFetch);
}

export type EnqueueFetch = (tx: Database, fetchId: string) => Promise<void>;

/**
 * Inserts a run and its job in one transaction. One run per store at a time: a run still queued or
 * running answers null (a stale one, whose worker died, is closed as interrupted first).
 */
export async function queueFetch(
  tx: Database,
  input: {
    schedule: ScheduleRow;
    trigger: FeedFetchTrigger;
    requestedBy: string | null;
    now: Date;
    enqueue: EnqueueFetch;
  },
): Promise<FetchRow | null> {
  const { schedule, now } = input;
  const open = await tx
    .select()
    .from(inventoryFeedFetches)
    .where(
      and(
        eq(inventoryFeedFetches.businessId, schedule.businessId),
        inArray(inventoryFeedFetches.status, ['queued', 'running']),
      ),
    )
    .for('update');
  const stale = open.filter((run) => now.getTime() - run.createdAt.getTime() > STALE_RUN_MS);
  if (stale.length < open.length) return null;
  if (stale.length > 0) {
    await tx
      .update(inventoryFeedFetches)
      .set({ status: 'failed', finishedAt: now, message: feedFetchMessages.interrupted })
      .where(
        inArray(
          inventoryFeedFetches.id,
          stale.map((run) => run.id),
        ),
      );
  }
  const [row] = await tx
    .insert(inventoryFeedFetches)
    .values({
      businessId: schedule.businessId,
      trigger: input.trigger,
      requestedBy: input.requestedBy,
      url: schedule.url,
      mode: schedule.mode,
      status: 'queued',
      createdAt: now,
    })
    .returning();
  await input.enqueue(tx, row!.id);
  return row!;
}

/** "Fetch now": the owner's run of the address saved; 409 while one is under way. */
export async function fetchNow(
  db: Database,
  input: { businessId: string; userId: string; now: Date; enqueue: EnqueueFetch },
): Promise<FeedFetch> {
  return db.transaction(async (tx) => {
    const [schedule] = await tx
      .select()
      .from(inventoryFeedSchedules)
      .where(eq(inventoryFeedSchedules.businessId, input.businessId))
      .for('update');
    if (!schedule) throw new HttpError(400, feedFetchMessages.urlMissing);
    const row = await queueFetch(tx, {
      schedule,
      trigger: 'manual',
      requestedBy: input.userId,
      now: input.now,
      enqueue: input.enqueue,
    });
    if (!row) throw new HttpError(409, feedFetchMessages.alreadyRunning);
    return toFeedFetch(row);
  });
}

/**
 * The cron's work: every schedule that is due gets a run, and its next time moves one interval on
 * from now, in the same transaction (SKIP LOCKED: two cron jobs never queue a schedule twice).
 * A store whose previous run is still going skips this slot. Answers how many runs were queued.
 */
export async function queueDueFetches(
  db: Database,
  now: Date,
  enqueue: EnqueueFetch,
  limit = 200,
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(inventoryFeedSchedules)
      .where(
        and(
          ne(inventoryFeedSchedules.schedule, 'off'),
          isNotNull(inventoryFeedSchedules.nextFetchAt),
          lte(inventoryFeedSchedules.nextFetchAt, now),
        ),
      )
      .orderBy(inventoryFeedSchedules.nextFetchAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    let queued = 0;
    for (const schedule of due) {
      if (schedule.schedule === 'off') continue;
      await tx
        .update(inventoryFeedSchedules)
        .set({ nextFetchAt: new Date(now.getTime() + FEED_FETCH_INTERVAL_MS[schedule.schedule]) })
        .where(eq(inventoryFeedSchedules.businessId, schedule.businessId));
      const row = await queueFetch(tx, {
        schedule,
        trigger: 'schedule',
        requestedBy: null,
        now,
        enqueue,
      });
      if (row) queued += 1;
    }
    return queued;
  });
}

async function finishRun(
  db: Database,
  fetchId: string,
  values: Partial<FetchRow> & { status: 'applied' | 'failed' | 'held'; finishedAt: Date },
): Promise<FetchRow> {
  const [row] = await db
    .update(inventoryFeedFetches)
    .set(values)
    .where(eq(inventoryFeedFetches.id, fetchId))
    .returning();
  return row!;
}

export interface RunFetchDeps {
  db: Database;
  now: () => Date;
  policy: FeedUrlPolicy;
  limits: FeedFetchLimits;
  batchRows: number;
  /** Called after a run applied something (deal alerts follow the store's offers). */
  offersChanged?: (businessId: string) => Promise<void>;
  log?: { warn: (object: object, message: string) => void };
}

/** The run's job: fetch, check, apply or hold, and record what happened. Idempotent per run. */
export async function runFetch(deps: RunFetchDeps, fetchId: string): Promise<FetchRow | undefined> {
  const { db } = deps;
  const [claimed] = await db
    .update(inventoryFeedFetches)
    .set({ status: 'running', startedAt: deps.now() })
    .where(and(eq(inventoryFeedFetches.id, fetchId), eq(inventoryFeedFetches.status, 'queued')))
    .returning();
  if (!claimed) {
    // Already run (a doubled job), or a retry of a run whose worker died halfway: close it.
    const [current] = await db
      .select()
      .from(inventoryFeedFetches)
      .where(eq(inventoryFeedFetches.id, fetchId));
    if (!current || isFeedFetchFinished(current.status)) return current;
    return finishRun(db, fetchId, {
      status: 'failed',
      finishedAt: deps.now(),
      message: feedFetchMessages.interrupted,
    });
  }
  const businessId = claimed.businessId;
  const failed = (message: string) =>
    finishRun(db, fetchId, { status: 'failed', finishedAt: deps.now(), message });

  const schedule = await scheduleOf(db, businessId);
  if (claimed.mode === 'full' && !schedule?.fullConfirmedAt) {
    return finishRun(db, fetchId, {
      status: 'held',
      finishedAt: deps.now(),
      message: feedFetchMessages.fullNotConfirmed,
    });
  }

  const fetched = await fetchFeedFile(claimed.url, deps.policy, deps.limits);
  if (!fetched.ok) {
    deps.log?.warn({ fetchId, businessId, detail: fetched.detail }, 'feed fetch failed');
    return failed(fetched.message);
  }

  let preview: typeof inventoryImports.$inferSelect;
  try {
    await dropStalePreviews(db, businessId, deps.now());
    preview = await createFeedImport(
      db,
      {
        businessId,
        bytes: fetched.bytes,
        filename: fetched.filename,
        mode: claimed.mode,
        source: 'url',
        uploadedBy: null,
        apiKeyId: null,
        now: deps.now(),
      },
      { batchRows: deps.batchRows, preview: true },
    );
  } catch (error) {
    // A file that is not a feed: the parser's words ("The file is missing these columns…").
    if (error instanceof HttpError && error.statusCode < 500) return failed(error.message);
    throw error;
  }
  const dryRun = preview.dryRun!;
  const counts = {
    importId: preview.id,
    bytes: fetched.bytes.length,
    newItems: dryRun.newItems,
    updated: dryRun.updated,
    outOfStock: dryRun.outOfStock,
    errors: dryRun.errors,
  };

  if (claimed.mode === 'full' && dryRun.outOfStock > 0) {
    const [stock] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(offers)
      .where(and(eq(offers.businessId, businessId), ne(offers.quantity, 0)));
    const inStock = stock?.n ?? 0;
    if (dryRun.outOfStock > inStock * FEED_FETCH_HOLD_SHARE) {
      // Held: the preview stays for the owner to review and apply (for its hour), nothing written.
      return finishRun(db, fetchId, {
        ...counts,
        status: 'held',
        finishedAt: deps.now(),
        message: feedFetchMessages.held(dryRun.outOfStock, inStock),
      });
    }
  }

  // The owner's standing confirmation (a Full schedule confirmed, or Incremental): the same
  // Apply an owner presses, with the count the dry run found.
  await applyPreview(db, {
    businessId,
    importId: preview.id,
    access: 'owner',
    userId: claimed.mode === 'full' ? (schedule?.fullConfirmedBy ?? null) : claimed.requestedBy,
    confirmOutOfStock: claimed.mode === 'full' ? dryRun.outOfStock : undefined,
    now: deps.now(),
  });
  const applied = await runFeedImport(db, preview.id, { now: deps.now });
  if (applied.status === 'failed') {
    return finishRun(db, fetchId, {
      ...counts,
      status: 'failed',
      finishedAt: deps.now(),
      message: applied.failure ?? feedFetchMessages.applyFailed,
    });
  }
  if (applied.rowsChanged > 0 || applied.offersZeroed > 0) {
    // Deal alerts follow the offers; the feed is applied whatever happens to that queue.
    await deps
      .offersChanged?.(businessId)
      .catch((error: unknown) =>
        deps.log?.warn({ err: error, businessId }, 'deal alerts not queued after a feed fetch'),
      );
  }
  return finishRun(db, fetchId, {
    ...counts,
    outOfStock: applied.offersZeroed,
    errors: applied.rowsFailed,
    status: 'applied',
    finishedAt: deps.now(),
  });
}
