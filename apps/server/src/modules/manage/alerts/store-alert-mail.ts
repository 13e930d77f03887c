import type { OrderStatus, StoreEmailAlert } from '@localmart/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { businesses, offers, products } from '../../../db/schema/catalog.ts';
import { orderItems, orders, priceMatchRequests } from '../../../db/schema/commerce.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Brand } from '../../mail/templates.ts';
import {
  deadlineSoonEmail,
  orderAutoCancelledEmail,
  orderPlacedEmail,
  priceMatchRequestedEmail,
  type StoreOrderFacts,
} from './store-alert-emails.ts';
import { alertRecipients } from './store-alert-preferences.service.ts';
import { manageOrderLink } from '../orders/store-order-emails.ts';
import { orderAppointments } from '../../appointments/booking.service.ts';
import { orderInvite } from '../../appointments/appointment-mail.ts';

/**
 * Sends the store's alert emails (issue 14) inside the caller's transaction (`mailer.send(…, { db })`),
 * so each is queued exactly when the change it tells of commits. Recipients: the members who keep
 * the alert on (store-alert-preferences.service.ts) and, for placement, auto-cancel and the deadline
 * warning, the store's own address.
 */
export interface StoreAlertMailDeps {
  mailer: Mailer;
  brand: Brand;
}

async function orderFacts(
  db: Database,
  orderId: string,
): Promise<(StoreOrderFacts & { storeEmail: string }) | null> {
  const [order] = await db
    .select({
      orderId: orders.id,
      number: orders.number,
      businessId: orders.businessId,
      fulfilment: orders.fulfilment,
      totalAmount: orders.totalAmount,
      currency: orders.currency,
      dueAt: orders.responseDueAt,
      storeName: businesses.name,
      storeEmail: businesses.email,
      hours: businesses.hours,
    })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const items = await db
    .select({ title: orderItems.title, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.title));
  const { hours, ...rest } = order;
  const appointments = (await orderAppointments(db, [orderId])).get(orderId) ?? [];
  return { ...rest, items, timeZone: hours.timeZone, appointments };
}

const ORDER_ALERTS: Partial<
  Record<OrderStatus, { alert: StoreEmailAlert; email: typeof orderPlacedEmail }>
> = {
  placed: { alert: 'order_placed', email: orderPlacedEmail },
  auto_cancelled: { alert: 'order_auto_cancelled', email: orderAutoCancelledEmail },
};

/**
 * The store's email about an order's new status: a new order, or one the 4-hour rule cancelled;
 * nothing for other statuses (the store made those moves itself). Called with the shopper's email
 * of the same change (order-effects.ts), so the order-mail safety net covers both, once.
 */
export async function mailStoreAboutOrder(
  deps: StoreAlertMailDeps,
  db: Database,
  change: { orderId: string; to: OrderStatus },
): Promise<void> {
  const kind = ORDER_ALERTS[change.to];
  if (!kind) return;
  const facts = await orderFacts(db, change.orderId);
  if (!facts) return;
  const to = await alertRecipients(db, facts.businessId, kind.alert, facts.storeEmail);
  if (to.length === 0) return;
  const message = kind.email(deps.brand, to.join(', '), facts);
  // A booked service: the store's calendar gets the appointment too (issue 15).
  const invite = await orderInvite(
    db,
    facts.orderId,
    facts.appointments ?? [],
    manageOrderLink(deps.brand, facts.businessId, facts.orderId),
    new Date(),
  );
  await deps.mailer.send(invite ? { ...message, icalEvent: invite } : message, { db });
}

/**
 * The "30 minutes left" email of an unanswered order (the response rule's run that reached its
 * warning time). Answers who got it, so the reminder of the same slot skips them: one email each.
 */
export async function mailDeadlineWarning(
  deps: StoreAlertMailDeps,
  db: Database,
  orderId: string,
): Promise<string[]> {
  const facts = await orderFacts(db, orderId);
  if (!facts) return [];
  const to = await alertRecipients(db, facts.businessId, 'order_deadline_soon', facts.storeEmail);
  if (to.length > 0)
    await deps.mailer.send(deadlineSoonEmail(deps.brand, to.join(', '), facts), { db });
  return to;
}

/** The members' email about a new price-match request (they choose it; the store's address does not get it). */
export async function mailPriceMatchRequested(
  deps: StoreAlertMailDeps,
  db: Database,
  requestId: string,
): Promise<void> {
  const [request] = await db
    .select({
      businessId: priceMatchRequests.businessId,
      competitorName: priceMatchRequests.competitorName,
      competitorAmount: priceMatchRequests.competitorAmount,
      currency: priceMatchRequests.currency,
      storeAmount: offers.priceAmount,
      productTitle: products.title,
      storeName: businesses.name,
    })
    .from(priceMatchRequests)
    .innerJoin(offers, eq(offers.id, priceMatchRequests.offerId))
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(businesses, eq(businesses.id, priceMatchRequests.businessId))
    .where(eq(priceMatchRequests.id, requestId));
  if (!request) return;
  const to = await alertRecipients(db, request.businessId, 'price_match_requested', null);
  if (to.length === 0) return;
  await deps.mailer.send(priceMatchRequestedEmail(deps.brand, to.join(', '), request), { db });
}

/**
 * Who gets the copy of a contact-form message: the store's address (as before issue 14) and the
 * members who keep `message_received` on.
 */
export async function messageRecipients(
  db: Database,
  businessId: string,
  storeEmail: string,
): Promise<string> {
  return (await alertRecipients(db, businessId, 'message_received', storeEmail)).join(', ');
}
