import type { AppointmentView, OrderStatus } from '@localmart/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { appointments, businesses, orders, users } from '../../db/schema/index.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { MailMessage } from '../mail/mailer.ts';

/**
 * What order emails say about appointments (issue 15): the time in words, and the calendar event
 * (.ics, RFC 5545) the shopper's and the store's mail carry, one VEVENT per appointment whose UID
 * stays the same through reschedules (SEQUENCE counts them) so a calendar moves its entry.
 */

/** "Appointment: Drop-In Class, Fri Nov 27, 15:00–16:00 (2 places)". */
export function appointmentLines(views: readonly AppointmentView[]): string[] {
  return views
    .filter((view) => !view.released)
    .map(
      (view) =>
        `Appointment: ${view.title}, ${view.label}${view.places > 1 ? ` (${view.places} places)` : ''}`,
    );
}

export function appointmentLinesHtml(views: readonly AppointmentView[]): string {
  const lines = appointmentLines(views);
  return lines.length ? `<p><strong>${lines.map(escapeHtml).join('<br>')}</strong></p>\n` : '';
}

/** Text of an iCalendar property value: backslash, semicolon, comma and newlines escaped. */
function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n/g, '\\n');
}

/** '20261127T200000Z' */
function icsInstant(iso: string): string {
  return iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** Lines of at most 75 characters, continued with a leading space (RFC 5545 §3.1). */
function fold(line: string): string {
  const parts: string[] = [];
  let rest = line;
  while (rest.length > 75) {
    parts.push(rest.slice(0, 75));
    rest = ` ${rest.slice(75)}`;
  }
  parts.push(rest);
  return parts.join('\r\n');
}

export interface InviteFacts {
  storeName: string;
  storeAddress: string;
  orderNumber: string;
  link: string;
  now: Date;
  /** Sequence per appointment id (reschedules); 0 when absent. */
  sequence?: ReadonlyMap<string, number>;
}

/** The .ics of an order's appointments; cancelled ones (released) are sent as STATUS:CANCELLED. */
export function appointmentInvite(
  views: readonly AppointmentView[],
  facts: InviteFacts,
): MailMessage['icalEvent'] | undefined {
  const events = views.filter((view) => view.id);
  if (events.length === 0) return undefined;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Localmart//Appointments//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  for (const view of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${view.id}@appointments.localmart`,
      `SEQUENCE:${facts.sequence?.get(view.id!) ?? 0}`,
      `DTSTAMP:${icsInstant(facts.now.toISOString())}`,
      `DTSTART:${icsInstant(view.startsAt)}`,
      `DTEND:${icsInstant(view.endsAt)}`,
      `SUMMARY:${icsText(`${view.title} at ${facts.storeName}`)}`,
      `LOCATION:${icsText(facts.storeAddress)}`,
      `DESCRIPTION:${icsText(`Order ${facts.orderNumber}. ${facts.link}`)}`,
      `URL:${icsText(facts.link)}`,
      `STATUS:${view.released ? 'CANCELLED' : 'CONFIRMED'}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return {
    filename: 'appointment.ics',
    method: 'PUBLISH',
    content: `${lines.map(fold).join('\r\n')}\r\n`,
  };
}

/** The facts the invite needs of an order (store name and address, number). */
export async function inviteFactsOf(
  db: Database,
  orderId: string,
): Promise<{ storeName: string; storeAddress: string; orderNumber: string } | null> {
  const [row] = await db
    .select({
      storeName: businesses.name,
      storeAddress: businesses.addressLine,
      orderNumber: orders.number,
    })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/** After a reschedule: the shopper and the store each get the new time with its calendar event. */
export async function mailReschedule(
  app: FastifyInstance,
  config: Config,
  log: FastifyBaseLogger,
  input: { orderId: string; appointment: AppointmentView; sequence: number },
): Promise<void> {
  const [row] = await app.db
    .select({
      number: orders.number,
      businessId: orders.businessId,
      storeName: businesses.name,
      storeEmail: businesses.email,
      storeAddress: businesses.addressLine,
      shopperEmail: users.email,
      shopperName: users.displayName,
    })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, input.orderId));
  if (!row) return;
  const appUrl = config.appUrl;
  const shopperLink = `${appUrl}/order-details/${encodeURIComponent(input.orderId)}`;
  const storeLink = `${appUrl}/manage/stores/${encodeURIComponent(row.businessId)}/orders/${encodeURIComponent(input.orderId)}`;
  const when = `${input.appointment.title}, ${input.appointment.label}`;
  const sequence = new Map([[input.appointment.id!, input.sequence]]);
  const invite = (link: string) =>
    appointmentInvite([input.appointment], {
      storeName: row.storeName,
      storeAddress: row.storeAddress,
      orderNumber: row.number,
      link,
      now: app.now(),
      sequence,
    });
  const mail = (to: string, lead: string, link: string): MailMessage => {
    const subject = `Order ${row.number}: appointment moved`;
    const icalEvent = invite(link);
    return {
      to,
      subject,
      text: [lead, `New time: ${when}.`, '', `See the order: ${link}`].join('\n'),
      html: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;padding:24px">
<h1 style="font-size:20px">${escapeHtml(config.appName)}</h1>
<p>${escapeHtml(lead)}</p>
<p><strong>New time: ${escapeHtml(when)}.</strong></p>
<p><a href="${escapeHtml(link)}">See the order</a></p>
</body></html>
`,
      ...(icalEvent ? { icalEvent } : {}),
    };
  };
  try {
    await app.mailer.send(
      mail(
        row.shopperEmail,
        `Your appointment with ${row.storeName} (order ${row.number}) was moved.`,
        shopperLink,
      ),
    );
    if (row.storeEmail) {
      await app.mailer.send(
        mail(
          row.storeEmail,
          `${row.shopperName} moved their appointment (order ${row.number}).`,
          storeLink,
        ),
      );
    }
  } catch (error) {
    log.warn({ err: error }, 'appointment reschedule email could not be queued');
  }
}

/** The changes whose emails carry the calendar event: booked, or no longer happening. */
export const INVITE_STATUSES: ReadonlySet<OrderStatus> = new Set([
  'placed',
  'declined',
  'cancelled',
  'auto_cancelled',
]);

/** The .ics of an order's appointments for its email, or undefined when it has none. */
export async function orderInvite(
  db: Database,
  orderId: string,
  views: readonly AppointmentView[],
  link: string,
  now: Date,
): Promise<MailMessage['icalEvent'] | undefined> {
  if (views.length === 0) return undefined;
  const facts = await inviteFactsOf(db, orderId);
  if (!facts) return undefined;
  const rows = await db
    .select({ id: appointments.id, sequence: appointments.sequence })
    .from(appointments)
    .where(eq(appointments.orderId, orderId));
  // A cancellation is a later version of the same event than the booking.
  const sequence = new Map(
    rows.map((row) => [row.id, row.sequence + (views.some((view) => view.released) ? 1 : 0)]),
  );
  return appointmentInvite(views, { ...facts, link, now, sequence });
}
