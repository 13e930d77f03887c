import { IN_STOCK_MIN_QUANTITY } from '@localmart/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { businesses, offers, products } from '../../db/schema/catalog.ts';
import { executeRows } from '../catalog/search/execute-rows.ts';
import { currentPriceSql } from '../catalog/shared/offer.ts';
import { shopperVisibleSql } from '../catalog/shared/shopper-visibility.ts';
import type { Jobs } from '../jobs/jobs.plugin.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { flyerLink, productLink } from './links.ts';

/**
 * Deal alerts (issue 17): the pg-boss queues that turn a store's offer changes and new flyers into
 * notifications for the shoppers who follow them. The requests that change offers only queue a job
 * after their commit (one insert), so they stay fast; the scan does the comparing.
 */
export const DEAL_SCAN_QUEUE = 'deal-scan';
export const DEAL_FLYER_QUEUE = 'deal-flyer';

/** One offer as the shopper saw it just before a change: its price now and whether it was in stock. */
export interface OfferBefore {
  offerId: string;
  priceAmount: number;
  inStock: boolean;
}

export interface DealScanJob {
  businessId: string;
  /**
   * What the changed offers were just before the change, when the writer knew it (an owner's
   * edit). Without it the scan compares with what it saw last (deal_offer_states): an import.
   */
  before?: OfferBefore[];
}

export interface DealFlyerJob {
  flyerId: string;
}

export const DEAL_JOB_OPTIONS = {
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
} as const;

interface WatchedOfferRow {
  offer_id: string;
  product_id: string;
  product_title: string;
  store_name: string;
  price: number;
  currency: string;
  in_stock: boolean;
  seen_price: number | null;
  seen_in_stock: boolean | null;
}

/** The day of `now` (UTC), for dedupe keys: one alert per offer, price and day. */
function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export interface ScanOutcome {
  priceDrops: number;
  backInStock: number;
  notified: number;
}

/**
 * Compares a store's followed offers (a product somebody has favourited or on their list) with what
 * was last seen of them, tells each follower of a price drop (the offer in stock and cheaper than
 * before) or of an offer back in stock, and records what it saw, in one transaction under a
 * per-store lock: two scans of one store run one after the other, so a change is told once.
 * Notifications are deduplicated by offer, price and day, so a retried job adds nothing.
 */
export async function scanStoreDeals(
  db: Database,
  job: DealScanJob,
  context: { now: Date; jobs?: Jobs | undefined },
): Promise<ScanOutcome> {
  const { now } = context;
  const outcome: ScanOutcome = { priceDrops: 0, backInStock: 0, notified: 0 };
  const before = new Map((job.before ?? []).map((entry) => [entry.offerId, entry]));
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('deal-scan'), hashtext(${job.businessId}))`,
    );
    const price = currentPriceSql(now);
    const rows = await executeRows<WatchedOfferRow>(
      tx,
      sql`select ${offers.id} as offer_id, ${offers.productId} as product_id,
          ${products.title} as product_title, ${businesses.name} as store_name,
          ${price} as price, ${offers.currency} as currency,
          ${offers.quantity} >= ${IN_STOCK_MIN_QUANTITY} as in_stock,
          s.price_amount as seen_price, s.in_stock as seen_in_stock
        from ${offers}
        join ${products} on ${products.id} = ${offers.productId}
        join ${businesses} on ${businesses.id} = ${offers.businessId}
        left join deal_offer_states s on s.offer_id = ${offers.id}
        where ${offers.businessId} = ${job.businessId} and ${shopperVisibleSql()}
          and (exists (select 1 from favourites f
                       where f.kind = 'product' and f.product_id = ${offers.productId})
            or exists (select 1 from shopping_list_items l
                       where l.product_id = ${offers.productId} and not l.checked))`,
    );
    for (const row of rows) {
      const seen = before.get(row.offer_id);
      const wasPrice =
        seen?.priceAmount ?? (row.seen_price === null ? null : Number(row.seen_price));
      const wasInStock = seen?.inStock ?? row.seen_in_stock;
      const nowPrice = Number(row.price);
      const kinds: ('deal_price_drop' | 'deal_back_in_stock')[] = [];
      if (row.in_stock && wasPrice !== null && nowPrice < wasPrice) kinds.push('deal_price_drop');
      if (row.in_stock && wasInStock === false) kinds.push('deal_back_in_stock');
      for (const kind of kinds) {
        if (kind === 'deal_price_drop') outcome.priceDrops++;
        else outcome.backInStock++;
        const followers = await executeRows<{ user_id: string }>(
          tx,
          sql`select f.user_id from favourites f
                where f.kind = 'product' and f.product_id = ${row.product_id}
              union
              select l.user_id from shopping_list_items l
                where l.product_id = ${row.product_id} and not l.checked`,
        );
        for (const follower of followers) {
          const id = await createNotification(tx, {
            userId: follower.user_id,
            kind,
            orderId: null,
            dedupeKey:
              kind === 'deal_price_drop'
                ? `deal:price_drop:${row.offer_id}:${nowPrice}:${dayOf(now)}`
                : `deal:back_in_stock:${row.offer_id}:${dayOf(now)}`,
            facts: {
              storeName: row.store_name,
              number: '',
              productTitle: row.product_title,
              price: nowPrice,
              ...(wasPrice !== null ? { wasPrice } : {}),
              currency: row.currency,
            },
            link: productLink(row.product_id),
            now,
            jobs: context.jobs,
          });
          if (id) outcome.notified++;
        }
      }
      await tx.execute(sql`insert into deal_offer_states (offer_id, price_amount, in_stock, seen_at)
        values (${row.offer_id}, ${nowPrice}, ${row.in_stock}, ${now.toISOString()}::timestamptz)
        on conflict (offer_id) do update set price_amount = excluded.price_amount,
          in_stock = excluded.in_stock, seen_at = excluded.seen_at`);
    }
  });
  return outcome;
}

/**
 * "New flyer" for the shoppers who favourite its store: once per flyer (dedupe key), when it has a
 * page to look at and has not ended on the store's calendar.
 */
export async function tellNewFlyer(
  db: Database,
  job: DealFlyerJob,
  context: { now: Date; jobs?: Jobs | undefined },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [flyer] = await executeRows<{ business_id: string; title: string; store_name: string }>(
      tx,
      sql`select fl.business_id, fl.title, b.name as store_name
        from flyers fl join businesses b on b.id = fl.business_id
        where fl.id = ${job.flyerId} and b.status = 'published'
          and exists (select 1 from flyer_pages p where p.flyer_id = fl.id)
          and fl.valid_to >= (${context.now.toISOString()}::timestamptz at time zone (b.hours->>'timeZone'))::date`,
    );
    if (!flyer) return 0;
    const followers = await executeRows<{ user_id: string }>(
      tx,
      sql`select user_id from favourites where kind = 'store' and business_id = ${flyer.business_id}`,
    );
    let told = 0;
    for (const follower of followers) {
      const id = await createNotification(tx, {
        userId: follower.user_id,
        kind: 'deal_new_flyer',
        orderId: null,
        dedupeKey: `deal:new_flyer:${job.flyerId}`,
        facts: { storeName: flyer.store_name, number: '', flyerTitle: flyer.title },
        link: flyerLink(job.flyerId),
        now: context.now,
        jobs: context.jobs,
      });
      if (id) told++;
    }
    return told;
  });
}
