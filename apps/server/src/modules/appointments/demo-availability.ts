import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * The demo city's services get availability (issue 15), so the picker has something to show:
 * every service follows its store's opening hours; classes take 12 a slot of an hour with a
 * 12-hour change cut-off; one-to-one services take 1 a slot as long as the service (15 min to
 * 2 h), a lunch break 12:00-13:00 and a day's cut-off. Idempotent: a service that has its
 * availability keeps it (an owner's edits survive a re-seed). One set-based statement.
 */
export async function seedDemoAvailability(db: Database): Promise<void> {
  const isClass = sql`(s.name ilike '%class%')`;
  await db.execute(sql`
    insert into service_availability
      (service_id, business_id, weekly, slot_minutes, capacity, breaks, closures, cutoff_hours)
    select
      s.id,
      s.business_id,
      null,
      case when ${isClass} then 60 else least(greatest(s.duration_minutes, 15), 120) end,
      case when ${isClass} then 12 else 1 end,
      case when ${isClass} then '[]'::jsonb
        else '[{"start":"12:00","end":"13:00"}]'::jsonb end,
      '[]'::jsonb,
      case when ${isClass} then 12 else 24 end
    from services s
    on conflict (service_id) do nothing
  `);
}
