import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { generatedId, timestamptz } from './columns.ts';

/**
 * The dev outbox: without SMTP_URL, outside production, mail is kept here instead of being sent,
 * so a developer (and the browser tests) can read codes and links (modules/mail).
 */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: generatedId(),
    /** Insertion order: "newest first" must not depend on two messages' timestamps differing. */
    seq: integer('seq').generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('dev_outbox_to_idx').on(table.to, table.seq)],
);
