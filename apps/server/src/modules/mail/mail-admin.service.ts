import type { AdminMailJob } from '@localmart/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { JOB_SCHEMA } from '../jobs/jobs.plugin.ts';
import { MAIL_QUEUE } from './mail-queue.ts';

interface MailJobRow {
  id: string;
  to: string | null;
  subject: string | null;
  state: 'retry' | 'failed';
  retry_count: number;
  last_error: string | null;
  start_after: Date | string;
  created_on: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Emails in trouble, newest first: waiting for a retry after a failed attempt, or given up. Read
 * from pg-boss's job table (schema `pgboss`; failed jobs are kept 14 days, jobs.plugin.ts).
 */
export async function listTroubledMail(db: Database, limit = 100): Promise<AdminMailJob[]> {
  const result = (await db.execute(sql`
    select id::text as id, data->'message'->>'to' as "to", data->'message'->>'subject' as subject,
      state::text as state, retry_count, output->>'message' as last_error, start_after, created_on
    from ${sql.raw(JOB_SCHEMA)}.job
    where name = ${MAIL_QUEUE} and (state = 'failed' or (state = 'retry' and retry_count > 0))
    order by created_on desc
    limit ${limit}`)) as { rows: MailJobRow[] };
  return result.rows.map((row) => ({
    id: row.id,
    to: row.to ?? '',
    subject: row.subject ?? '',
    status: row.state,
    // retry_count counts the retries already made or scheduled: the attempts that failed.
    attempts: row.state === 'failed' ? row.retry_count + 1 : row.retry_count,
    lastError: row.last_error,
    nextAttemptAt: row.state === 'retry' ? iso(row.start_after) : null,
    createdAt: iso(row.created_on),
  }));
}

/**
 * Send a troubled email again now: a given-up one gets one more attempt (as pg-boss's own retry
 * does), a waiting one is due at once. False when it is not in trouble (unknown, or sent meanwhile).
 */
export async function retryMailNow(db: Database, jobId: string): Promise<boolean> {
  const result = (await db.execute(sql`
    update ${sql.raw(JOB_SCHEMA)}.job
    set state = 'retry', start_after = now(),
      retry_limit = case when state = 'failed' then retry_limit + 1 else retry_limit end
    where name = ${MAIL_QUEUE} and id = ${jobId}::uuid and state in ('retry', 'failed')
    returning id`)) as { rows: unknown[] };
  return result.rows.length === 1;
}
