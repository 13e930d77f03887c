import {
  DEFAULT_READY_MINUTES,
  formatMoney,
  lineChangeText,
  type OrderChangesRequest,
  type OrderStatus,
  readyTimeAt,
  storeOrderMessages,
  SUBSTITUTION_DECISION_MINUTES,
  type SubstitutionPreference,
  substitutionMessages as sm,
  substitutionText,
} from '@localmart/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { users } from '../../../db/schema/accounts.ts';
import { businesses, offers, products } from '../../../db/schema/catalog.ts';
import {
  coupons,
  orderEvents,
  orderItems,
  orders,
  paymentActions,
} from '../../../db/schema/commerce.ts';
import { orderSubstitutions } from '../../../db/schema/fulfilment.ts';
import { HttpError } from '../../../plugins/errors.ts';
import type { Jobs } from '../../jobs/jobs.plugin.ts';
import { publishLive, storeAudience, userAudience } from '../../live/publish-live.ts';
import { createNotification } from '../../notifications/notifications.service.ts';
import { offerPriceAt, offerPriceColumns } from '../cart/offer-price.ts';
import { storeMoney } from '../checkout/store-money.ts';
import { discountOf } from '../coupons/coupon-rules.ts';
import { applyOrderEffects, type OrderEffectsDeps } from '../orders/order-effects.ts';
import { orderDetailsLink } from '../orders/order-emails.ts';
import { eventActor, type OrderTransition, transitionOrder } from '../orders/order-transitions.ts';
import { firstCheckAt, queuePaymentActionJob } from '../orders/payment-action-queue.ts';
import { runPaymentAction } from '../orders/payment-actions.ts';
import { escapeHtml } from '../../../lib/html.ts';
import { handedAmount, handedOver } from './order-changes-view.ts';
import { queueSubstitutionExpiry } from './substitution-expiry-queue.ts';

/**
 * Partial fulfilment and substitutions (issue 15, ADR 0012). The store hands over fewer units of a
 * line (or none) and may propose one of its own offers instead; the shopper answers a proposal
 * within SUBSTITUTION_DECISION_MINUTES, after which the line's preference applies. Each change is
 * one transaction: the lines, the stock, the order's totals, the timeline, the shopper's
 * notification, live events and email, and the `adjust` payment action that gives back what the
 * order no longer needs (released from the hold, or refunded once charged). The order's total never
 * goes above what the card holds for it (authorised less released and refunded) and never below 0.
 */

type Tx = Database;
type OrderRow = typeof orders.$inferSelect;

/** Orders the store can still change lines of: answered or being answered, not yet ready. */
const CHANGEABLE: ReadonlySet<OrderStatus> = new Set(['placed', 'accepted']);
/** Orders still going on: a decision or its time box applies to them. */
const LIVE: ReadonlySet<OrderStatus> = new Set([
  'placed',
  'accepted',
  'ready_for_pickup',
  'out_for_delivery',
]);

/** What the card still holds or has charged for this order: its total can never go above it. */
export function orderMoneyRoom(order: OrderRow): number {
  if (!order.paymentId) return order.totalAmount;
  return order.authorisedAmount - order.releasedAmount - order.refundedAmount;
}

/**
 * Prices the order again from its lines: the units handed over, approved substitutes, and proposed
 * substitutes as if accepted (the hold keeps room for them until answered). The coupon is applied
 * again to the new goods (a percent coupon keeps its rate; a fixed one at most the goods); the
 * delivery fee stays; tax on the result. Writes the order's amounts; answers the new total.
 */
export async function repriceOrder(tx: Tx, order: OrderRow): Promise<number> {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const proposed = await tx
    .select({ lineAmount: orderSubstitutions.lineAmount })
    .from(orderSubstitutions)
    .where(
      and(eq(orderSubstitutions.orderId, order.id), eq(orderSubstitutions.status, 'proposed')),
    );
  const subtotal =
    items.reduce((sum, item) => sum + handedAmount(item), 0) +
    proposed.reduce((sum, sub) => sum + sub.lineAmount, 0);
  let discount = Math.min(order.discountAmount, subtotal);
  if (order.couponId && order.discountAmount > 0) {
    const [coupon] = await tx
      .select({ kind: coupons.kind, value: coupons.value })
      .from(coupons)
      .where(eq(coupons.id, order.couponId));
    if (coupon) discount = Math.min(discountOf(coupon, subtotal), order.discountAmount);
  }
  const amounts = storeMoney({
    subtotal,
    discount,
    deliveryFee: order.deliveryFeeAmount,
    taxRateBps: order.taxRateBps,
  });
  await tx
    .update(orders)
    .set({
      subtotalAmount: amounts.subtotal,
      discountAmount: amounts.discount,
      taxAmount: amounts.tax,
      totalAmount: amounts.total,
    })
    .where(eq(orders.id, order.id));
  return amounts.total;
}

/**
 * Records (or re-arms) the order's `adjust` call when its money exceeds its new total, with its job,
 * in the change's transaction; answers its id to run after the commit. One row per order: a done
 * call is made pending again for the next change, a pending one computes the amount when it runs.
 */
async function recordAdjustment(
  tx: Tx,
  order: OrderRow,
  total: number,
  now: Date,
  jobs: Jobs | undefined,
): Promise<string | null> {
  if (!order.paymentId) return null;
  const [fresh] = await tx.select().from(orders).where(eq(orders.id, order.id));
  if (!fresh) return null;
  const held = fresh.authorisedAmount - fresh.capturedAmount - fresh.releasedAmount;
  const net = fresh.capturedAmount - fresh.refundedAmount;
  if (held + net <= total) return null;
  await tx
    .insert(paymentActions)
    .values({ orderId: order.id, paymentId: order.paymentId, action: 'adjust', nextAttemptAt: now })
    .onConflictDoUpdate({
      target: [paymentActions.orderId, paymentActions.action],
      set: { status: 'pending', attempts: 0, nextAttemptAt: now, lastError: null, updatedAt: now },
      setWhere: sql`${paymentActions.status} <> 'pending'`,
    });
  const [row] = await tx
    .select({ id: paymentActions.id })
    .from(paymentActions)
    .where(and(eq(paymentActions.orderId, order.id), eq(paymentActions.action, 'adjust')));
  if (!row) return null;
  if (jobs) {
    await queuePaymentActionJob(
      jobs,
      tx,
      row.id,
      firstCheckAt(now),
      now,
      `adjust:${now.toISOString()}`,
    );
  }
  return row.id;
}

/** A timeline entry for a change that keeps the status ("Changed: Bread not available"). */
async function timelineNote(
  tx: Tx,
  order: OrderRow,
  note: string,
  actor: 'store' | 'shopper' | 'system',
  now: Date,
  /** The store member who made the change: the timeline names them (issue 15). */
  actorUserId?: string,
) {
  const [current] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, order.id));
  await tx.insert(orderEvents).values({
    orderId: order.id,
    status: current?.status ?? order.status,
    actor,
    ...(await eventActor(tx, actorUserId)),
    note: note.slice(0, 500),
    at: now,
  });
}

/** Tells the shopper (bell, push, live) and the store's open pages that the order changed. */
async function tellOfChange(
  tx: Tx,
  order: OrderRow,
  now: Date,
  jobs: Jobs | undefined,
  notify: boolean,
) {
  const [row] = await tx
    .select({ status: orders.status, storeName: businesses.name })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(eq(orders.id, order.id));
  if (!row) return;
  const ref = { orderId: order.id, number: order.number, status: row.status };
  await publishLive(tx, userAudience(order.userId), {
    kind: 'order.status',
    ...ref,
    storeName: row.storeName,
  });
  await publishLive(tx, userAudience(order.userId), {
    kind: 'order.money',
    orderId: order.id,
    number: order.number,
  });
  await publishLive(tx, storeAudience(order.businessId), {
    kind: 'order.updated',
    businessId: order.businessId,
    ...ref,
  });
  if (notify) {
    await createNotification(tx, {
      userId: order.userId,
      kind: 'order_changed',
      orderId: order.id,
      dedupeKey: `order:${order.id}:changed:${now.toISOString()}`,
      facts: { storeName: row.storeName, number: order.number },
      link: `/order-details/${order.id}`,
      now,
      jobs,
    });
  }
}

/** The shopper's "your order changed" email, queued in the change's transaction. */
async function mailChange(
  deps: OrderEffectsDeps,
  tx: Tx,
  order: OrderRow,
  lines: string[],
  total: number,
): Promise<void> {
  const [row] = await tx
    .select({ email: users.email, storeName: businesses.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(eq(orders.id, order.id));
  if (!row) return;
  const link = orderDetailsLink(deps.brand, order.id);
  const before = formatMoney(orderMoneyRoomOrTotal(order), order.currency);
  const after = formatMoney(total, order.currency);
  const subject = `Order ${order.number}: your order changed`;
  const text = [
    `${row.storeName} changed your order ${order.number}:`,
    ...lines.map((line) => `- ${line}`),
    '',
    `New total: ${after} (was ${before}). You are charged only for what you get; the rest is released or refunded to your card.`,
    '',
    `See your order: ${link}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;padding:24px">
<h1 style="font-size:20px">${escapeHtml(deps.brand.appName)}</h1>
<p>${escapeHtml(row.storeName)} changed your order <strong>${escapeHtml(order.number)}</strong>:</p>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>New total: <strong>${escapeHtml(after)}</strong> (was ${escapeHtml(before)}). You are charged only for what you get; the rest is released or refunded to your card.</p>
<p><a href="${escapeHtml(link)}">See your order</a></p>
</body></html>
`;
  await deps.mailer.send({ to: row.email, subject, text, html }, { db: tx });
}

function orderMoneyRoomOrTotal(order: OrderRow): number {
  return order.authorisedAmount > 0 ? order.authorisedAmount : order.totalAmount;
}

/** Runs the calls a committed change owes: the accept's effects, then the adjustment. */
async function afterCommit(
  deps: OrderEffectsDeps,
  accepted: OrderTransition | null,
  adjustId: string | null,
): Promise<void> {
  if (accepted) await applyOrderEffects(deps, [accepted]);
  if (adjustId) {
    try {
      await runPaymentAction(deps, adjustId, deps.now(), { firstAttempt: true });
    } catch (error) {
      deps.log.error({ err: error, actionId: adjustId }, 'adjustment after an order change failed');
    }
  }
}

async function defaultReadyBy(tx: Tx, businessId: string, now: Date): Promise<Date> {
  const [store] = await tx
    .select({ minutes: businesses.pickupReadyMinutes, hours: businesses.hours })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  const minutes = store?.minutes ?? DEFAULT_READY_MINUTES;
  return (
    (store && readyTimeAt(store.hours, now, minutes)) ?? new Date(now.getTime() + minutes * 60_000)
  );
}

/**
 * The store's change to an order's lines: hand over fewer units (0: unavailable), propose
 * substitutes. A new order is accepted in the same transaction ("accept with changes").
 */
export async function changeOrderLines(
  deps: OrderEffectsDeps,
  businessId: string,
  orderId: string,
  body: OrderChangesRequest,
  actorUserId?: string,
): Promise<{ accepted: boolean }> {
  const now = deps.now();
  const ids = body.lines.map((line) => line.itemId);
  if (new Set(ids).size !== ids.length) throw new HttpError(400, sm.lineTwice);
  let readyBy: Date | undefined;
  if (body.readyBy) {
    readyBy = new Date(body.readyBy);
    if (readyBy.getTime() <= now.getTime())
      throw new HttpError(400, storeOrderMessages.readyByInPast);
  }
  const result = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.businessId, businessId)))
      .for('update');
    if (!order || order.placedAt === null)
      throw new HttpError(404, storeOrderMessages.orderNotFound);
    if (!CHANGEABLE.has(order.status)) throw new HttpError(409, sm.cannotChangeNow);
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const byId = new Map(items.map((item) => [item.id, item]));
    const existing = await tx
      .select({ orderItemId: orderSubstitutions.orderItemId })
      .from(orderSubstitutions)
      .where(eq(orderSubstitutions.orderId, order.id));
    const substituted = new Set(existing.map((row) => row.orderItemId));
    const told: string[] = [];
    let changed = false;
    for (const line of body.lines) {
      const item = byId.get(line.itemId);
      if (!item) throw new HttpError(400, sm.itemNotInOrder);
      const current = handedOver(item);
      if (line.handOver > current) throw new HttpError(400, sm.handOverTooMany);
      if (line.handOver < current) {
        changed = true;
        const removed = item.quantity - line.handOver;
        await tx
          .update(orderItems)
          .set({ removedQuantity: removed })
          .where(eq(orderItems.id, item.id));
        // The units not handed over go back on the shelf.
        if (item.offerId) {
          await tx
            .update(offers)
            .set({ quantity: sql`${offers.quantity} + ${current - line.handOver}` })
            .where(eq(offers.id, item.offerId));
        }
        told.push(
          lineChangeText({ title: item.title, ordered: item.quantity, handedOver: line.handOver }),
        );
      }
      if (line.substituteOfferId) {
        if (item.substitution === 'refund') throw new HttpError(409, sm.substituteRefused);
        if (substituted.has(item.id) || item.substituteForItemId) {
          throw new HttpError(409, sm.lineHasSubstitute);
        }
        if (line.handOver >= item.quantity) throw new HttpError(400, sm.substituteNeedsUnavailable);
        const [offer] = await tx
          .select({
            id: offers.id,
            productId: offers.productId,
            ...offerPriceColumns,
            title: products.title,
            images: products.images,
          })
          .from(offers)
          .innerJoin(products, eq(products.id, offers.productId))
          .where(and(eq(offers.id, line.substituteOfferId), eq(offers.businessId, businessId)));
        if (!offer || offer.currency !== order.currency || offer.id === item.offerId) {
          throw new HttpError(400, sm.substituteNotFound);
        }
        const quantity = line.substituteQuantity ?? item.quantity - line.handOver;
        // Reserved now, as placing reserves: the same conditional decrement.
        const reserved = await tx
          .update(offers)
          .set({ quantity: sql`${offers.quantity} - ${quantity}` })
          .where(and(eq(offers.id, offer.id), sql`${offers.quantity} >= ${quantity}`))
          .returning({ id: offers.id });
        if (reserved.length === 0) throw new HttpError(409, sm.substituteNotEnoughStock);
        const unit = offerPriceAt(offer, now).price.amount;
        const expiresAt = new Date(now.getTime() + SUBSTITUTION_DECISION_MINUTES * 60_000);
        const [sub] = await tx
          .insert(orderSubstitutions)
          .values({
            orderId: order.id,
            orderItemId: item.id,
            offerId: offer.id,
            title: offer.title,
            image: offer.images[0] ?? null,
            quantity,
            unitAmount: unit,
            lineAmount: unit * quantity,
            currency: order.currency,
            proposedAt: now,
            expiresAt,
          })
          .returning({ id: orderSubstitutions.id });
        substituted.add(item.id);
        if (deps.jobs) await queueSubstitutionExpiry(deps.jobs, tx, sub!.id, expiresAt, now);
        changed = true;
        told.push(
          `Suggested: ${substitutionText({
            forTitle: item.title,
            title: offer.title,
            quantity,
            lineTotal: { amount: unit * quantity, currency: order.currency },
          })}. Please answer in the app within ${SUBSTITUTION_DECISION_MINUTES} minutes.`,
        );
      }
    }
    if (!changed) throw new HttpError(400, sm.nothingChanged);
    const after = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const proposedLeft = await tx
      .select({ id: orderSubstitutions.id })
      .from(orderSubstitutions)
      .where(
        and(eq(orderSubstitutions.orderId, order.id), eq(orderSubstitutions.status, 'proposed')),
      );
    if (after.every((item) => handedOver(item) === 0) && proposedLeft.length === 0) {
      throw new HttpError(400, sm.nothingLeft);
    }
    let accepted: OrderTransition | null = null;
    if (order.status === 'placed') {
      accepted = await transitionOrder(tx, {
        orderId: order.id,
        businessId,
        to: 'accepted',
        actor: 'store',
        actorUserId,
        now,
        jobs: deps.jobs,
        readyBy: readyBy ?? (await defaultReadyBy(tx, businessId, now)),
      });
    }
    const total = await repriceOrder(tx, order);
    const room = orderMoneyRoom(order);
    if (total > room) throw new HttpError(409, sm.overHold(formatMoney(room, order.currency)));
    if (total < 0) throw new HttpError(409, sm.nothingLeft);
    await timelineNote(tx, order, `Changed: ${told.join('; ')}`, 'store', now, actorUserId);
    const adjustId = await recordAdjustment(tx, order, total, now, deps.jobs);
    await tellOfChange(tx, order, now, deps.jobs, true);
    await mailChange(deps, tx, order, told, total);
    return { accepted, adjustId };
  });
  await afterCommit(deps, result.accepted, result.adjustId);
  return { accepted: result.accepted !== null };
}

/**
 * Applies an answer to a proposal (the shopper's, or the time box's), inside `tx` with the order
 * locked: approved, the substitute becomes an order line; rejected, its reserved units go back. The
 * order is priced again and whatever it no longer needs is given back.
 */
async function applyDecision(
  deps: Pick<OrderEffectsDeps, 'jobs'>,
  tx: Tx,
  order: OrderRow,
  sub: typeof orderSubstitutions.$inferSelect,
  approve: boolean,
  decidedBy: 'shopper' | 'timer',
  now: Date,
): Promise<string | null> {
  let substituteItemId: string | null = null;
  if (approve) {
    const [offer] = sub.offerId
      ? await tx
          .select({ productId: offers.productId })
          .from(offers)
          .where(eq(offers.id, sub.offerId))
      : [];
    const [item] = await tx
      .insert(orderItems)
      .values({
        orderId: order.id,
        kind: 'product',
        offerId: sub.offerId,
        productId: offer?.productId ?? null,
        title: sub.title,
        subtitle: 'Substitute',
        image: sub.image,
        options: [],
        quantity: sub.quantity,
        unitAmount: sub.unitAmount,
        regularUnitAmount: sub.unitAmount,
        lineAmount: sub.lineAmount,
        substitution: 'refund',
        substituteForItemId: sub.orderItemId,
      })
      .returning({ id: orderItems.id });
    substituteItemId = item!.id;
  } else if (sub.offerId) {
    await tx
      .update(offers)
      .set({ quantity: sql`${offers.quantity} + ${sub.quantity}` })
      .where(eq(offers.id, sub.offerId));
  }
  await tx
    .update(orderSubstitutions)
    .set({ status: approve ? 'approved' : 'rejected', decidedBy, decidedAt: now, substituteItemId })
    .where(eq(orderSubstitutions.id, sub.id));
  if (!LIVE.has(order.status)) return null;
  const total = await repriceOrder(tx, order);
  const who = decidedBy === 'shopper' ? 'by the shopper' : 'when the time to answer ran out';
  await timelineNote(
    tx,
    order,
    `Substitute ${approve ? 'accepted' : 'declined'} ${who}: ${sub.quantity} × ${sub.title}`,
    decidedBy === 'shopper' ? 'shopper' : 'system',
    now,
  );
  const adjustId = await recordAdjustment(tx, order, total, now, deps.jobs);
  await tellOfChange(tx, order, now, deps.jobs, decidedBy === 'timer');
  return adjustId;
}

async function lockedProposal(
  tx: Tx,
  where: { orderId: string; substitutionId: string; userId?: string },
) {
  const conditions = [eq(orders.id, where.orderId)];
  if (where.userId) conditions.push(eq(orders.userId, where.userId));
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(...conditions))
    .for('update');
  if (!order) throw new HttpError(404, sm.substitutionNotFound);
  const [sub] = await tx
    .select()
    .from(orderSubstitutions)
    .where(
      and(
        eq(orderSubstitutions.id, where.substitutionId),
        eq(orderSubstitutions.orderId, order.id),
      ),
    );
  if (!sub) throw new HttpError(404, sm.substitutionNotFound);
  return { order, sub };
}

/** The shopper's answer to a proposed substitute, before its time box ends. */
export async function decideSubstitution(
  deps: OrderEffectsDeps,
  userId: string,
  orderId: string,
  substitutionId: string,
  approve: boolean,
): Promise<void> {
  const now = deps.now();
  const adjustId = await deps.db.transaction(async (tx) => {
    const { order, sub } = await lockedProposal(tx, { orderId, substitutionId, userId });
    if (sub.status !== 'proposed') throw new HttpError(409, sm.alreadyDecided);
    if (sub.expiresAt.getTime() <= now.getTime()) throw new HttpError(409, sm.timeBoxOver);
    if (!LIVE.has(order.status)) throw new HttpError(409, sm.cannotChangeNow);
    return applyDecision(deps, tx, order, sub, approve, 'shopper', now);
  });
  await afterCommit(deps, null, adjustId);
}

/** What the time box does with an unanswered proposal: the line's preference. */
export function expiryOutcome(preference: SubstitutionPreference): boolean {
  return preference === 'best_match';
}

/**
 * The `substitution-expiry` job: an unanswered proposal whose time box is over gets the line's
 * preference (best match: accepted; this specific item or refund: declined). A run that comes early
 * answers 'early' (the caller queues it again); an answered proposal is left alone.
 */
export async function expireSubstitution(
  deps: OrderEffectsDeps,
  substitutionId: string,
  now: Date,
): Promise<'done' | 'early' | 'nothing'> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [peek] = await tx
      .select({ orderId: orderSubstitutions.orderId })
      .from(orderSubstitutions)
      .where(eq(orderSubstitutions.id, substitutionId));
    if (!peek) return { kind: 'nothing' as const, adjustId: null };
    const { order, sub } = await lockedProposal(tx, { orderId: peek.orderId, substitutionId });
    if (sub.status !== 'proposed') return { kind: 'nothing' as const, adjustId: null };
    if (sub.expiresAt.getTime() > now.getTime()) return { kind: 'early' as const, adjustId: null };
    const [item] = await tx
      .select({ substitution: orderItems.substitution })
      .from(orderItems)
      .where(eq(orderItems.id, sub.orderItemId));
    // An order that ended meanwhile takes no substitute: its reserved units go back.
    const approve = LIVE.has(order.status) && expiryOutcome(item?.substitution ?? 'refund');
    const adjustId = await applyDecision(deps, tx, order, sub, approve, 'timer', now);
    return { kind: 'done' as const, adjustId };
  });
  await afterCommit(deps, null, outcome.adjustId);
  return outcome.kind;
}
