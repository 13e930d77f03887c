import {
  appointmentMessages,
  type AppointmentView,
  FULFILMENT_LABELS,
  type FulfilmentMethod,
  formatMoney,
  formatStoreTime,
  MANAGE_SITE,
} from '@localmart/contract';
import { escapeHtml } from '../../../lib/html.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { Brand } from '../../mail/templates.ts';
import { manageOrderLink, storeEmailPage } from '../orders/store-order-emails.ts';
import { appointmentLines } from '../../appointments/appointment-mail.ts';

/**
 * The store's alert emails (issue 14): a new order, an order the 4-hour rule cancelled, an order
 * whose answer time is running out, a new price-match request. Plain text and HTML, every value
 * escaped in the HTML. Who receives each is store-alert-mail.ts' business.
 */

export const storeAlertSubjects = {
  orderPlaced: (number: string) => `New order ${number}: please answer it`,
  orderAutoCancelled: (number: string) =>
    `Order ${number} was cancelled: it was not answered in time`,
  deadlineSoon: (number: string) => `30 minutes left to answer order ${number}`,
  priceMatchRequested: (productTitle: string) => `Price-match request: ${productTitle}`,
} as const;

export interface StoreOrderFacts {
  orderId: string;
  number: string;
  businessId: string;
  storeName: string;
  fulfilment: FulfilmentMethod;
  totalAmount: number;
  currency: string;
  items: { title: string; quantity: number }[];
  /** The answer deadline (placement and warning emails). */
  dueAt: Date | null;
  timeZone: string;
  /** Service bookings: the appointment times (issue 15). */
  appointments?: AppointmentView[];
}

function itemLines(facts: StoreOrderFacts): string[] {
  const booked = appointmentLines(facts.appointments ?? []);
  return booked.length ? booked : facts.items.map((item) => `${item.quantity} × ${item.title}`);
}

function orderSummary(facts: StoreOrderFacts): string {
  const method = facts.appointments?.length
    ? appointmentMessages.appointmentHeading
    : FULFILMENT_LABELS[facts.fulfilment];
  return `${method} · ${formatMoney(facts.totalAmount, facts.currency)}`;
}

function orderEmail(
  brand: Brand,
  to: string,
  facts: StoreOrderFacts,
  subject: string,
  lines: { lead: string; after: string; action: string },
): MailMessage {
  const link = manageOrderLink(brand, facts.businessId, facts.orderId);
  const summary = orderSummary(facts);
  const items = itemLines(facts);
  const text = [
    `${facts.storeName}:`,
    lines.lead,
    '',
    summary,
    ...items,
    '',
    lines.after,
    '',
    `${lines.action}: ${link}`,
  ].join('\n');
  const html = storeEmailPage(
    brand,
    subject,
    `<p>${escapeHtml(facts.storeName)}:</p>
<p><strong>${escapeHtml(lines.lead)}</strong></p>
<p>${escapeHtml(summary)}</p>
<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>
<p>${escapeHtml(lines.after)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(lines.action)}</a></p>`,
  );
  return { to, subject, text, html };
}

function dueText(facts: StoreOrderFacts): string {
  return facts.dueAt ? formatStoreTime(facts.dueAt, facts.timeZone) : 'soon';
}

export function orderPlacedEmail(brand: Brand, to: string, facts: StoreOrderFacts): MailMessage {
  return orderEmail(brand, to, facts, storeAlertSubjects.orderPlaced(facts.number), {
    lead: `New order ${facts.number}: accept or decline it by ${dueText(facts)}.`,
    after:
      'If nobody answers by then, the order is cancelled automatically and the shopper is told.',
    action: 'Answer it',
  });
}

export function orderAutoCancelledEmail(
  brand: Brand,
  to: string,
  facts: StoreOrderFacts,
): MailMessage {
  return orderEmail(brand, to, facts, storeAlertSubjects.orderAutoCancelled(facts.number), {
    lead: `Order ${facts.number} was cancelled because nobody answered it in time.`,
    after:
      'The shopper was told, their payment was given back and the stock returned to your shelf.',
    action: 'See the order',
  });
}

export function deadlineSoonEmail(brand: Brand, to: string, facts: StoreOrderFacts): MailMessage {
  return orderEmail(brand, to, facts, storeAlertSubjects.deadlineSoon(facts.number), {
    lead: `Order ${facts.number} is still waiting: answer it by ${dueText(facts)}.`,
    after: 'In 30 minutes of opening time it is cancelled automatically and the shopper is told.',
    action: 'Answer it now',
  });
}

export interface PriceMatchFacts {
  businessId: string;
  storeName: string;
  productTitle: string;
  competitorName: string;
  competitorAmount: number;
  storeAmount: number;
  currency: string;
}

export function priceMatchRequestedEmail(
  brand: Brand,
  to: string,
  facts: PriceMatchFacts,
): MailMessage {
  const subject = storeAlertSubjects.priceMatchRequested(facts.productTitle);
  const link = `${brand.appUrl}${MANAGE_SITE}/stores/${encodeURIComponent(facts.businessId)}/price-matches`;
  const lead = `A shopper asks you to match ${facts.competitorName}'s price for ${facts.productTitle}.`;
  const prices = `Their price: ${formatMoney(facts.competitorAmount, facts.currency)} · yours: ${formatMoney(facts.storeAmount, facts.currency)}`;
  const text = [`${facts.storeName}:`, lead, prices, '', `Answer it: ${link}`].join('\n');
  const html = storeEmailPage(
    brand,
    subject,
    `<p>${escapeHtml(facts.storeName)}:</p>
<p><strong>${escapeHtml(lead)}</strong></p>
<p>${escapeHtml(prices)}</p>
<p><a href="${escapeHtml(link)}">Answer it</a></p>`,
  );
  return { to, subject, text, html };
}
