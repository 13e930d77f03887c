import type { OutboxMessage } from '@localmart/contract';
import { desc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { devOutbox } from '../../db/schema/index.ts';
import type { MailMessage } from './mailer.ts';

export const OUTBOX_PAGE_SIZE = 50;

export async function saveToOutbox(db: Database, message: MailMessage): Promise<void> {
  await db.insert(devOutbox).values({
    to: message.to.toLowerCase(),
    subject: message.subject,
    // The dev outbox has no attachment column: a calendar event is kept after the text.
    text: message.icalEvent
      ? `${message.text}\n\n--- ${message.icalEvent.filename} ---\n${message.icalEvent.content}`
      : message.text,
    html: message.html,
  });
}

/**
 * Newest first; only messages to `to` when given (addresses are kept lower-case), including those
 * it received with others (a store's alert to its address and members is one message, `a, b`).
 */
export async function listOutbox(
  db: Database,
  { to, limit = OUTBOX_PAGE_SIZE }: { to?: string | undefined; limit?: number } = {},
): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(devOutbox)
    .where(
      to === undefined
        ? undefined
        : sql`position(${`, ${to.trim().toLowerCase()}, `} in ', ' || ${devOutbox.to} || ', ') > 0`,
    )
    .orderBy(desc(devOutbox.seq))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    created_at: row.createdAt.toISOString(),
  }));
}
