import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { executeRows } from '../modules/catalog/search/execute-rows.ts';
import { JOB_SCHEMA } from '../modules/jobs/jobs.plugin.ts';

export interface QueuedJob {
  id: string;
  state: string;
  data: Record<string, unknown>;
  /** Seconds from the database's now() until the job is due (negative: already due). */
  dueInSeconds: number;
}

/** The jobs of `queue` whose data holds `match` (jsonb containment), oldest first. */
export async function queuedJobs(
  db: Database,
  queue: string,
  match: Record<string, unknown> = {},
): Promise<QueuedJob[]> {
  return executeRows<QueuedJob>(
    db,
    sql`
    select id::text as id, state::text as state, data,
           extract(epoch from (start_after - now()))::float8 as "dueInSeconds"
    from ${sql.identifier(JOB_SCHEMA)}.job
    where name = ${queue} and data @> ${JSON.stringify(match)}::jsonb
    order by created_on, id`,
  );
}

/**
 * Time passes for the queue: the waiting jobs of `queue` matching `match` become due now, as they
 * would once their time came (the tests move the app's clock by as much).
 */
export async function makeJobsDue(
  db: Database,
  queue: string,
  match: Record<string, unknown> = {},
): Promise<number> {
  const rows = await executeRows<{ id: string }>(
    db,
    sql`
    update ${sql.identifier(JOB_SCHEMA)}.job set start_after = now()
    where name = ${queue} and state in ('created', 'retry')
      and data @> ${JSON.stringify(match)}::jsonb
    returning id`,
  );
  return rows.length;
}
