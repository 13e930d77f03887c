import {
  type AppointmentView,
  formatMoney,
  formatStoreTime,
  type OrderMoney,
  orderMoneyEventLabel,
  orderMoneyPendingLabel,
  orderStatusLabel,
  type OrderStatus,
} from '@localmart/contract';
import { escapeHtml } from '../../../lib/html.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { Brand } from '../../mail/templates.ts';
import { appointmentLines, appointmentLinesHtml } from '../../appointments/appointment-mail.ts';

export interface OrderEmailItem {
  title: string;
  quantity: number;
  lineAmount: number;
}

export interface OrderEmailFacts {
  id: string;
  number: string;
  storeName: string;
  status: OrderStatus;
  currency: string;
  totalAmount: number;
  items: OrderEmailItem[];
  /** Accepted orders: the time the store promised, told in the store's time zone. */
  readyBy?: Date | null;
  timeZone?: string;
  /** This order's own money: what is held, charged, released or refunded, and when. */
  money?: OrderMoney;
  /** Service bookings: the appointment times (issue 15), said instead of a ready time. */
  appointments?: AppointmentView[];
}

/** "Payment: Refunded · $8.42" then each movement with its time, then calls on their way. */
function moneyLines(order: OrderEmailFacts): string[] {
  if (!order.money) return [];
  const when = (at: string) =>
    order.timeZone ? ` (${formatStoreTime(new Date(at), order.timeZone)})` : '';
  return [
    `Payment: ${order.money.label}`,
    ...order.money.events.map((event) => `- ${orderMoneyEventLabel(event)}${when(event.at)}`),
    ...order.money.pending.map((call) => `- ${orderMoneyPendingLabel(call)}`),
  ];
}

/** "The store expects it ready by Mon Nov 23, 12:00." once the store has accepted with a ready time. */
function readyLine(order: OrderEmailFacts): string | null {
  if (order.status !== 'accepted' || !order.readyBy || !order.timeZone) return null;
  if (order.appointments?.length) return null;
  return `The store expects it ready by ${formatStoreTime(order.readyBy, order.timeZone)}.`;
}

/** The order-details page of the web app: where every order email leads. */
export function orderDetailsLink(brand: Brand, orderId: string): string {
  return `${brand.appUrl}/order-details/${encodeURIComponent(orderId)}`;
}

/**
 * The shopper's email at every status change (issue 5: "email to the shopper at each state change"):
 * the number they quote at the counter, the new status in the words the app uses, what they bought
 * and a link to the order. Values are escaped in the HTML part: titles come from store catalogues.
 */
export function orderStatusEmail(brand: Brand, to: string, order: OrderEmailFacts): MailMessage {
  const label = orderStatusLabel(order.status, (order.appointments?.length ?? 0) > 0);
  const subject = `Order ${order.number}: ${label}`;
  const link = orderDetailsLink(brand, order.id);
  const money = (amount: number) => formatMoney(amount, order.currency);
  const itemLines = order.items.map(
    (item) => `${item.quantity} x ${item.title}  ${money(item.lineAmount)}`,
  );
  const ready = readyLine(order);
  const payment = moneyLines(order);
  const booked = appointmentLines(order.appointments ?? []);
  const text = [
    `Your order ${order.number} from ${order.storeName} is now: ${label}.`,
    ...booked,
    ...(ready ? [ready] : []),
    '',
    ...itemLines,
    `Total: ${money(order.totalAmount)}`,
    ...(payment.length ? ['', ...payment] : []),
    '',
    `See your order: ${link}`,
  ].join('\n');
  const rows = order.items
    .map(
      (item) =>
        `<tr><td style="padding:4px 0">${item.quantity} x ${escapeHtml(item.title)}</td><td align="right">${escapeHtml(money(item.lineAmount))}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;padding:24px">
<h1 style="font-size:20px">${escapeHtml(brand.appName)}</h1>
<p>Your order <strong>${escapeHtml(order.number)}</strong> from ${escapeHtml(order.storeName)} is now: <strong>${escapeHtml(label)}</strong>.</p>
${appointmentLinesHtml(order.appointments ?? [])}${ready ? `<p>${escapeHtml(ready)}</p>\n` : ''}<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows}
<tr><td style="padding-top:8px"><strong>Total</strong></td><td align="right"><strong>${escapeHtml(money(order.totalAmount))}</strong></td></tr></table>
${payment.length ? `<p>${payment.map((line) => escapeHtml(line)).join('<br>')}</p>\n` : ''}<p><a href="${escapeHtml(link)}">See your order</a></p>
</body></html>
`;
  return { to, subject, text, html };
}
