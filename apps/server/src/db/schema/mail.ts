import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The dev outbox: without SMTP_URL, outside production, mail is kept here instead of being sent,
 * so a developer (and the browser tests) can read codes and links (modules/mail).
 */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Insertion order: "newest first" must not depend on two messages' timestamps differing. */
    seq: integer('seq').generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dev_outbox_to_idx').on(table.to, table.seq)],
);
