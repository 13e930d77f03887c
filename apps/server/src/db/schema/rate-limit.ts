import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * Fixed-window request counters shared by every instance on the database (modules/rate-limit).
 * Keys name the rule and the client (`login:ip:…`, `login:email:<hash>`); expired rows are reset
 * by the next hit and swept from time to time.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamptz('reset_at').notNull(),
  },
  (table) => [index('rate_limit_counters_reset_idx').on(table.resetAt)],
);
