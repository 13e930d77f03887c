import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appSettings } from '../../db/schema/index.ts';

export const COOKIE_SECRET_SETTING = 'cookie_secret';

/**
 * Read a setting, creating it with `initialValue()` when absent. Insert-if-absent then read means
 * concurrent first starts of several instances all end up with the one value that won.
 */
export async function getOrCreateSetting(
  db: Database,
  key: string,
  initialValue: () => string,
): Promise<string> {
  await db
    .insert(appSettings)
    .values({ key, value: initialValue() })
    .onConflictDoNothing({ target: appSettings.key });
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  if (!row) throw new Error(`app setting ${key} vanished right after it was written`);
  return row.value;
}

/** The cookie secret used when COOKIE_SECRET is not configured: 32 random bytes, generated once. */
export function getOrCreateCookieSecret(db: Database): Promise<string> {
  return getOrCreateSetting(db, COOKIE_SECRET_SETTING, () => randomBytes(32).toString('base64url'));
}
