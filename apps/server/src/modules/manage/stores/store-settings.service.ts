import {
  type OpeningHours,
  STORE_PAUSE_MAX_DAYS,
  storeMessages,
  type storeFulfilmentRequest,
  type updateStoreRequest,
} from '@localmart/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { businesses } from '../../../db/schema/catalog.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { isUniqueViolation } from './onboarding.service.ts';
import { addressLineOf, businessRow } from './store-detail.ts';

type ProfileChanges = z.output<typeof updateStoreRequest>;
type FulfilmentSettings = z.output<typeof storeFulfilmentRequest>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * PATCH profile: the fields given, nothing else. A store code another store uses is refused with a
 * clear message, checked first for the message and caught at the insert for the race; either way
 * the row is left as it was (one statement).
 */
export async function updateStoreProfile(
  db: Database,
  businessId: string,
  changes: ProfileChanges,
  now: Date,
): Promise<void> {
  const current = await businessRow(db, businessId);
  if (changes.storeCode !== undefined && changes.storeCode !== current.storeCode) {
    const [taken] = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(and(eq(businesses.storeCode, changes.storeCode), ne(businesses.id, businessId)));
    if (taken) throw new HttpError(409, storeMessages.storeCodeTaken);
  }
  const values: Partial<typeof businesses.$inferInsert> = { updatedAt: now };
  for (const [field, value] of Object.entries(changes)) {
    if (value !== undefined) Object.assign(values, { [field]: value });
  }
  if (changes.address) values.addressLine = addressLineOf(changes.address);
  const deliveryCurrency = current.delivery?.fee.currency;
  if (changes.currency && deliveryCurrency && deliveryCurrency !== changes.currency) {
    throw new HttpError(
      400,
      `currency: set delivery amounts in ${changes.currency} first (they are in ${deliveryCurrency})`,
    );
  }
  try {
    await db.update(businesses).set(values).where(eq(businesses.id, businessId));
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, storeMessages.storeCodeTaken);
    throw error;
  }
}

export async function setStoreHours(
  db: Database,
  businessId: string,
  hours: OpeningHours,
  now: Date,
): Promise<void> {
  await db.update(businesses).set({ hours, updatedAt: now }).where(eq(businesses.id, businessId));
}

export async function setStoreFulfilment(
  db: Database,
  businessId: string,
  settings: FulfilmentSettings,
  now: Date,
): Promise<void> {
  const current = await businessRow(db, businessId);
  if (settings.delivery && settings.delivery.fee.currency !== current.currency) {
    throw new HttpError(
      400,
      `delivery: delivery amounts must be in the store's currency (${current.currency})`,
    );
  }
  await db
    .update(businesses)
    .set({ ...settings, updatedAt: now })
    .where(eq(businesses.id, businessId));
}

/** Pause new orders until `until`: in the future, and at most STORE_PAUSE_MAX_DAYS away. */
export async function pauseStore(
  db: Database,
  businessId: string,
  until: Date,
  now: Date,
): Promise<void> {
  if (until.getTime() <= now.getTime()) throw new HttpError(400, storeMessages.pauseInPast);
  if (until.getTime() - now.getTime() > STORE_PAUSE_MAX_DAYS * DAY_MS) {
    throw new HttpError(400, storeMessages.pauseTooLong);
  }
  await db
    .update(businesses)
    .set({ pausedUntil: until, updatedAt: now })
    .where(eq(businesses.id, businessId));
}

export async function resumeStore(db: Database, businessId: string, now: Date): Promise<void> {
  await db
    .update(businesses)
    .set({ pausedUntil: null, updatedAt: now })
    .where(eq(businesses.id, businessId));
}

/**
 * Ask for approval again: only a rejected store goes back to pending. The condition sits in the
 * UPDATE itself, so two submits at once cannot both succeed.
 */
export async function submitStore(db: Database, businessId: string, now: Date): Promise<void> {
  const updated = await db
    .update(businesses)
    .set({ status: 'pending', submittedAt: now, updatedAt: now })
    .where(and(eq(businesses.id, businessId), eq(businesses.status, 'rejected')))
    .returning({ id: businesses.id });
  if (updated.length > 0) return;
  const current = await businessRow(db, businessId);
  throw new HttpError(
    409,
    current.status === 'published' ? storeMessages.alreadyPublished : storeMessages.alreadyPending,
  );
}
