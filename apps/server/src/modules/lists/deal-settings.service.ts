import type { DealAlertSettings } from '@localmart/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { dealAlertSettings } from '../../db/schema/lists.ts';

/** The shopper's deal alert settings; the weekly digest is off until they turn it on. */
export async function getDealAlertSettings(
  db: Database,
  userId: string,
): Promise<DealAlertSettings> {
  const [row] = await db
    .select({ weeklyDigest: dealAlertSettings.weeklyDigest })
    .from(dealAlertSettings)
    .where(eq(dealAlertSettings.userId, userId));
  return { weeklyDigest: row?.weeklyDigest ?? false };
}

export async function saveDealAlertSettings(
  db: Database,
  userId: string,
  settings: DealAlertSettings,
  now: Date,
): Promise<DealAlertSettings> {
  await db
    .insert(dealAlertSettings)
    .values({ userId, weeklyDigest: settings.weeklyDigest, updatedAt: now })
    .onConflictDoUpdate({
      target: dealAlertSettings.userId,
      set: { weeklyDigest: settings.weeklyDigest, updatedAt: now },
    });
  return getDealAlertSettings(db, userId);
}
