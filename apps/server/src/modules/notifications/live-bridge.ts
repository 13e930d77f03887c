import type { LiveEventData } from '@localmart/contract';
import type { Database } from '../../db/client.ts';
import { publishLive, userAudience } from '../live/publish-live.ts';

/**
 * The one place this module tells a shopper's live stream something (`user:<id>`), inside the
 * caller's transaction so it leaves only after the commit (modules/live).
 */
export async function tellShopper(
  db: Database,
  userId: string,
  data: LiveEventData,
): Promise<void> {
  await publishLive(db, userAudience(userId), data);
}
