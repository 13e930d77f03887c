import type { LiveEventData } from '@localmart/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { executeRows } from '../catalog/search/execute-rows.ts';

/** The NOTIFY channel of live events; each payload is `<id> <audience>`. */
export const LIVE_CHANNEL = 'live_events';

/** Who hears an event: a store's members, or one user. */
export type LiveAudience = `store:${string}` | `user:${string}`;

export const storeAudience = (businessId: string): LiveAudience => `store:${businessId}`;
export const userAudience = (userId: string): LiveAudience => `user:${userId}`;

/**
 * Records a live event in the caller's transaction and announces it with NOTIFY in that same
 * transaction (ADR 0011): PostgreSQL (and PGlite) deliver a NOTIFY only when its transaction
 * commits, and never one rolled back, so the event leaves exactly when the change it tells about is
 * committed. One statement: the insert and the NOTIFY cost one round trip. Returns the event's id.
 *
 * Call it with the transaction of the change (`tx`), never after the commit: an event published
 * after it could be lost by a crash in between, and one published before it could tell of a change
 * that then rolled back.
 */
export async function publishLive(
  tx: Database,
  audience: LiveAudience,
  data: LiveEventData,
): Promise<string> {
  const rows = await executeRows<{ id: string }>(
    tx,
    sql`
    with inserted as (
      insert into live_events (audience, data) values (${audience}, ${JSON.stringify(data)}::jsonb)
      returning id
    )
    select id::text as id, pg_notify(${LIVE_CHANNEL}, id::text || ' ' || ${audience}) from inserted
  `,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('live event not recorded');
  return id;
}
