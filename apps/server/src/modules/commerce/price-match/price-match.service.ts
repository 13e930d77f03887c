import {
  commerceMessages,
  PRICE_MATCH_VALID_DAYS,
  type PriceMatch,
  type priceMatchRequestSchema,
} from '@localmart/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { businesses, offers, priceMatchRequests, products } from '../../../db/schema/index.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { offerPriceAt, offerPriceColumns, type OfferPriceRow } from '../cart/offer-price.ts';
import { lockShopper } from '../cart/shopper-lock.ts';
import { publishLive, storeAudience } from '../../live/publish-live.ts';
import {
  mailPriceMatchRequested,
  type StoreAlertMailDeps,
} from '../../manage/alerts/store-alert-mail.ts';

export type NewPriceMatch = z.output<typeof priceMatchRequestSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Requests with their offer, product and store, as the shopper's list shows them. */
function selectPriceMatches(db: Database) {
  return db
    .select({
      request: priceMatchRequests,
      businessName: businesses.name,
      productId: offers.productId,
      productTitle: products.title,
      offer: offerPriceColumns,
    })
    .from(priceMatchRequests)
    .innerJoin(offers, eq(offers.id, priceMatchRequests.offerId))
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(businesses, eq(businesses.id, priceMatchRequests.businessId));
}

type PriceMatchRow = Awaited<ReturnType<typeof selectPriceMatches>>[number];

/**
 * A request's own fields with the store's price now, as the shopper's list and the store's queue
 * both show them (each adds who and what the request is about).
 */
export function priceMatchRequestFields(
  { request, offer }: { request: typeof priceMatchRequests.$inferSelect; offer: OfferPriceRow },
  now: Date,
): Omit<PriceMatch, 'businessId' | 'businessName' | 'productId' | 'productTitle'> {
  return {
    id: request.id,
    offerId: request.offerId,
    competitorName: request.competitorName,
    competitorPrice: { amount: request.competitorAmount, currency: request.currency },
    storePrice: offerPriceAt(offer, now).price,
    evidenceUrl: request.evidenceUrl,
    status: request.status,
    storeNote: request.storeNote,
    createdAt: request.createdAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
    expiresAt: request.expiresAt?.toISOString() ?? null,
  };
}

function toPriceMatch(row: PriceMatchRow, now: Date): PriceMatch {
  return {
    ...priceMatchRequestFields(row, now),
    businessId: row.request.businessId,
    businessName: row.businessName,
    productId: row.productId,
    productTitle: row.productTitle,
  };
}

/** The shopper's price-match requests, newest first. */
export async function listPriceMatches(
  db: Database,
  userId: string,
  now: Date,
): Promise<PriceMatch[]> {
  const rows = await selectPriceMatches(db)
    .where(eq(priceMatchRequests.userId, userId))
    .orderBy(desc(priceMatchRequests.createdAt), desc(priceMatchRequests.id));
  return rows.map((row) => toPriceMatch(row, now));
}

/**
 * Ask the offer's store to match a competitor's price. Only a lower price is worth asking for, and
 * one open request per shopper and offer is enough for the store's queue.
 */
export function requestPriceMatch(
  db: Database,
  userId: string,
  input: NewPriceMatch,
  now: Date,
  /** The store members' email about it (issue 14), queued in the request's transaction. */
  alerts?: StoreAlertMailDeps,
): Promise<PriceMatch> {
  return db.transaction(async (tx) => {
    // Two requests sent at once queue here, so the pending check below holds.
    await lockShopper(tx, userId);
    const [offer] = await tx
      .select({
        businessId: offers.businessId,
        priceAmount: offers.priceAmount,
        currency: offers.currency,
        saleAmount: offers.saleAmount,
        saleStartsAt: offers.saleStartsAt,
        saleEndsAt: offers.saleEndsAt,
      })
      .from(offers)
      .where(eq(offers.id, input.offerId));
    if (!offer) throw new HttpError(404, commerceMessages.itemNotFound);
    const storePrice = offerPriceAt(offer, now).price;
    if (input.competitorPrice >= storePrice.amount) {
      throw new HttpError(400, commerceMessages.priceMatchNotLower);
    }
    const [pending] = await tx
      .select({ id: priceMatchRequests.id })
      .from(priceMatchRequests)
      .where(
        and(
          eq(priceMatchRequests.userId, userId),
          eq(priceMatchRequests.offerId, input.offerId),
          eq(priceMatchRequests.status, 'pending'),
        ),
      )
      .limit(1);
    if (pending) throw new HttpError(409, commerceMessages.priceMatchPending);

    const [created] = await tx
      .insert(priceMatchRequests)
      .values({
        userId,
        offerId: input.offerId,
        businessId: offer.businessId,
        competitorName: input.competitorName,
        competitorAmount: input.competitorPrice,
        currency: storePrice.currency,
        evidenceUrl: input.evidenceUrl,
        createdAt: now,
      })
      .returning({ id: priceMatchRequests.id });
    if (!created) throw new Error('insert returned no price match');
    await publishLive(tx, storeAudience(offer.businessId), {
      kind: 'price_match.requested',
      businessId: offer.businessId,
      requestId: created.id,
    });
    if (alerts) await mailPriceMatchRequested(alerts, tx, created.id);
    const [row] = await selectPriceMatches(tx).where(eq(priceMatchRequests.id, created.id));
    if (!row) throw new Error('price match vanished inside its transaction');
    return toPriceMatch(row, now);
  });
}

export interface PriceMatchDecision {
  requestId: string;
  /** The deciding store: a request of another store is not found. */
  businessId: string;
  approve: boolean;
  note: string | null;
  now: Date;
}

export type DecideOutcome =
  { kind: 'decided'; priceMatch: PriceMatch } | { kind: 'not-found' } | { kind: 'already-decided' };

/**
 * The store's answer (store-owner site, next issue). Only a pending request can be decided, so a
 * second click never moves an approval's expiry; an approval applies for PRICE_MATCH_VALID_DAYS.
 * The outcome is the caller's to word (the store-owner site has its own messages).
 */
export function decidePriceMatch(
  db: Database,
  { requestId, businessId, approve, note, now }: PriceMatchDecision,
): Promise<DecideOutcome> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select({ status: priceMatchRequests.status })
      .from(priceMatchRequests)
      .where(
        and(eq(priceMatchRequests.id, requestId), eq(priceMatchRequests.businessId, businessId)),
      )
      .for('update');
    if (!request) return { kind: 'not-found' } as const;
    if (request.status !== 'pending') return { kind: 'already-decided' } as const;
    await tx
      .update(priceMatchRequests)
      .set({
        status: approve ? 'approved' : 'declined',
        storeNote: note,
        decidedAt: now,
        expiresAt: approve ? new Date(now.getTime() + PRICE_MATCH_VALID_DAYS * DAY_MS) : null,
      })
      .where(eq(priceMatchRequests.id, requestId));
    const [row] = await selectPriceMatches(tx).where(eq(priceMatchRequests.id, requestId));
    if (!row) throw new Error('price match vanished inside its transaction');
    return { kind: 'decided', priceMatch: toPriceMatch(row, now) } as const;
  });
}
