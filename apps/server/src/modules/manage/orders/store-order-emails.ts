import {
  formatMoney,
  formatStoreTime,
  MANAGE_SITE,
  PRICE_MATCH_STATUS_LABELS,
  type StorePriceMatch,
  storeOrderMessages,
} from '@localmart/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { users } from '../../../db/schema/accounts.ts';
import { businessMembers } from '../../../db/schema/manage.ts';
import { escapeHtml } from '../../../lib/html.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { Brand } from '../../mail/templates.ts';

/**
 * Emails of the store's order inbox: the "please answer" reminder to the store (spec §9: every 30
 * minutes until it responds) and the price-match answer to the shopper. Values are escaped in HTML.
 */

/**
 * Everyone who can answer for the store, as one `to` list: the store's own address and every
 * member's, each once (lower-cased), so one message reaches them all.
 */
export async function storeRecipients(
  db: Database,
  businessId: string,
  storeEmail: string,
): Promise<string> {
  const members = await db
    .select({ email: users.email })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(eq(businessMembers.businessId, businessId))
    .orderBy(asc(users.email));
  const all = [storeEmail, ...members.map((member) => member.email)]
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email.length > 0);
  return [...new Set(all)].join(', ');
}

/** The manage site's page of one order (where the reminder leads). */
export function manageOrderLink(brand: Brand, businessId: string, orderId: string): string {
  return `${brand.appUrl}${MANAGE_SITE}/stores/${encodeURIComponent(businessId)}/orders/${encodeURIComponent(orderId)}`;
}

/** The frame every store email shares: the product name over the body (values escaped by the caller). */
export function storeEmailPage(brand: Brand, title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;padding:24px">
<h1 style="font-size:20px">${escapeHtml(brand.appName)}</h1>
${body}
</body></html>
`;
}

export interface ReminderFacts {
  orderId: string;
  number: string;
  businessId: string;
  storeName: string;
  dueAt: Date;
  timeZone: string;
}

export function responseReminderEmail(brand: Brand, to: string, facts: ReminderFacts): MailMessage {
  const due = formatStoreTime(facts.dueAt, facts.timeZone);
  const subject = storeOrderMessages.reminderSubject(facts.number);
  const line = storeOrderMessages.reminderLine(facts.number, due);
  const link = manageOrderLink(brand, facts.businessId, facts.orderId);
  const after = 'If you do not answer by then, the order is cancelled automatically.';
  const text = [`${facts.storeName}:`, line, after, '', `Answer it: ${link}`].join('\n');
  const html = storeEmailPage(
    brand,
    subject,
    `<p>${escapeHtml(facts.storeName)}:</p>
<p><strong>${escapeHtml(line)}</strong></p>
<p>${escapeHtml(after)}</p>
<p><a href="${escapeHtml(link)}">Answer it</a></p>`,
  );
  return { to, subject, text, html };
}

export function priceMatchDecisionEmail(
  brand: Brand,
  to: string,
  match: StorePriceMatch & { storeName: string },
): MailMessage {
  const label = PRICE_MATCH_STATUS_LABELS[match.status];
  const subject = `Price match ${label.toLowerCase()}: ${match.productTitle}`;
  const price = formatMoney(match.competitorPrice.amount, match.competitorPrice.currency);
  const first =
    match.status === 'approved'
      ? `${match.storeName} approved your price match: ${match.productTitle} at ${price}.`
      : `${match.storeName} declined your price match for ${match.productTitle}.`;
  const note = match.storeNote ? `Note from the store: ${match.storeNote}` : null;
  const text = [first, ...(note ? [note] : [])].join('\n');
  const html = storeEmailPage(
    brand,
    subject,
    `<p>${escapeHtml(first)}</p>${note ? `\n<p>${escapeHtml(note)}</p>` : ''}`,
  );
  return { to, subject, text, html };
}
