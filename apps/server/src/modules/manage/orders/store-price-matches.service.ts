import { type StorePriceMatch, storeOrderMessages as sm } from '@localmart/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { users } from '../../../db/schema/accounts.ts';
import { businesses, offers, priceMatchRequests, products } from '../../../db/schema/index.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { offerPriceColumns } from '../../commerce/cart/offer-price.ts';
import {
  decidePriceMatch,
  priceMatchRequestFields,
} from '../../commerce/price-match/price-match.service.ts';
import { publishLive, userAudience } from '../../live/publish-live.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createNotification } from '../../notifications/notifications.service.ts';
import type { Brand } from '../../mail/templates.ts';
import { priceMatchDecisionEmail } from './store-order-emails.ts';

/** Where a price-match decision's notification opens: the profile lists the shopper's requests. */
export const PRICE_MATCH_NOTIFICATION_LINK = '/profile';

/** The store's price-match queue: the shopper's name, the item, our price and theirs. */
function selectStoreMatches(db: Database) {
  return db
    .select({
      request: priceMatchRequests,
      shopperName: users.displayName,
      shopperEmail: users.email,
      productTitle: products.title,
      offer: offerPriceColumns,
    })
    .from(priceMatchRequests)
    .innerJoin(users, eq(users.id, priceMatchRequests.userId))
    .innerJoin(offers, eq(offers.id, priceMatchRequests.offerId))
    .innerJoin(products, eq(products.id, offers.productId));
}

type Row = Awaited<ReturnType<typeof selectStoreMatches>>[number];

function toStoreMatch(row: Row, now: Date): StorePriceMatch {
  return {
    ...priceMatchRequestFields(row, now),
    shopperName: row.shopperName,
    productTitle: row.productTitle,
  };
}

/** Pending requests first (oldest waiting is not the point: newest first within each group). */
export async function listStorePriceMatches(
  db: Database,
  businessId: string,
  now: Date,
): Promise<StorePriceMatch[]> {
  const rows = await selectStoreMatches(db)
    .where(eq(priceMatchRequests.businessId, businessId))
    .orderBy(
      sql`case when ${priceMatchRequests.status} = 'pending' then 0 else 1 end`,
      desc(priceMatchRequests.createdAt),
      desc(priceMatchRequests.id),
    )
    .limit(200);
  return rows.map((row) => toStoreMatch(row, now));
}

/**
 * Approve or decline (with a note) and tell the shopper by email: the decision and its email are
 * one transaction, so a decided request always has its email queued.
 */
export async function decideStorePriceMatch(
  deps: { db: Database; mailer: Mailer; brand: Brand; now: Date },
  input: { businessId: string; requestId: string; approve: boolean; note: string | null },
): Promise<StorePriceMatch> {
  return deps.db.transaction(async (tx) => {
    const outcome = await decidePriceMatch(tx, { ...input, now: deps.now });
    if (outcome.kind === 'not-found') throw new HttpError(404, sm.priceMatchNotFound);
    if (outcome.kind === 'already-decided') throw new HttpError(409, sm.priceMatchAlreadyDecided);
    const [row] = await selectStoreMatches(tx).where(
      and(
        eq(priceMatchRequests.id, input.requestId),
        eq(priceMatchRequests.businessId, input.businessId),
      ),
    );
    if (!row) throw new HttpError(404, sm.priceMatchNotFound);
    const match = toStoreMatch(row, deps.now);
    const [store] = await tx
      .select({ name: businesses.name })
      .from(businesses)
      .where(eq(businesses.id, input.businessId));
    await deps.mailer.send(
      priceMatchDecisionEmail(deps.brand, row.shopperEmail, {
        ...match,
        storeName: store?.name ?? '',
      }),
      { db: tx },
    );
    // The shopper's bell and open app hear of it with the same commit (issue 14). The profile lists
    // their price-match requests; not a push kind (it waits for the app to be opened).
    const approved = input.approve;
    await createNotification(tx, {
      userId: row.request.userId,
      kind: 'price_match_decided',
      orderId: null,
      dedupeKey: `price_match:${input.requestId}:decided`,
      facts: { storeName: store?.name ?? '', number: '', approved, productTitle: row.productTitle },
      link: PRICE_MATCH_NOTIFICATION_LINK,
      now: deps.now,
    });
    await publishLive(tx, userAudience(row.request.userId), {
      kind: 'price_match.decided',
      requestId: input.requestId,
      approved,
    });
    return match;
  });
}
