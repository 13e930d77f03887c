import type { SubstituteOffer } from '@localmart/contract';
import { and, asc, eq, gt, ilike } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { offers, products } from '../../../db/schema/catalog.ts';
import { offerPriceAt, offerPriceColumns } from '../cart/offer-price.ts';

const LIMIT = 20;

/** The store's own offers in stock whose title matches `q`: what it can propose as a substitute. */
export async function listSubstituteOffers(
  db: Database,
  businessId: string,
  q: string,
  now: Date,
): Promise<SubstituteOffer[]> {
  const conditions = [eq(offers.businessId, businessId), gt(offers.quantity, 0)];
  const words = q.replace(/[%_\\]/g, ' ').trim();
  if (words) conditions.push(ilike(products.title, `%${words}%`));
  const rows = await db
    .select({
      offerId: offers.id,
      title: products.title,
      images: products.images,
      quantity: offers.quantity,
      ...offerPriceColumns,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(and(...conditions))
    .orderBy(asc(products.title), asc(offers.id))
    .limit(LIMIT);
  return rows.map((row) => ({
    offerId: row.offerId,
    title: row.title,
    image: row.images[0] ?? null,
    unitPrice: offerPriceAt(row, now).price,
    quantity: row.quantity,
  }));
}
