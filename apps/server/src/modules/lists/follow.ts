import { IN_STOCK_MIN_QUANTITY } from '@localmart/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { offers } from '../../db/schema/catalog.ts';
import { currentPriceSql } from '../catalog/shared/offer.ts';

/**
 * The shoppers who follow a product: it is a favourite, or an unchecked item of their list. Deal
 * alerts about the product's offers go to them (deal-scan.ts).
 */
export function productFollowersSql(productId: unknown) {
  return sql`(select f.user_id from favourites f where f.kind = 'product' and f.product_id = ${productId}
    union
    select l.user_id from shopping_list_items l where l.product_id = ${productId} and not l.checked)`;
}

/**
 * Starts watching a product's offers: what each one costs and whether it is in stock now becomes the
 * deal scan's baseline (deal_offer_states), so the next change of an offer is compared with what
 * the shopper saw when they followed it. Offers already watched keep their state.
 */
export async function watchProductOffers(db: Database, productId: string, now: Date) {
  await db.execute(sql`insert into deal_offer_states (offer_id, price_amount, in_stock, seen_at)
    select ${offers.id}, ${currentPriceSql(now)}, ${offers.quantity} >= ${IN_STOCK_MIN_QUANTITY},
      ${now.toISOString()}::timestamptz
    from ${offers} where ${offers.productId} = ${productId}
    on conflict (offer_id) do nothing`);
}
