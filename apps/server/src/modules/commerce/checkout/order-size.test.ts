import { randomUUID } from 'node:crypto';
import {
  checkoutQuoteResponse,
  commerceMessages as m,
  commercePaths,
  PRICE_MAX_MINOR,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { offers } from '../../../db/schema/catalog.ts';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { cityShelf, shopperWithClient } from '../cart/commerce-test-support.ts';
import { addProduct, setStock, setStoreTerms, unusedStoreOffer } from './checkout-test-support.ts';

/**
 * Issue 13: every amount of an order lands in a PostgreSQL integer column. Each price is capped
 * (PRICE_MAX_MINOR) so one cart line always fits; a whole order of the dearest items with tax does
 * not, and is refused in words at the quote and at placing, never a database error.
 */
for (const backend of testDatabases()) {
  describe(`an order too large for its columns, ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    const city = useCatalogCity(getDb);
    const shelf = cityShelf(city);

    it('is refused in words when quoted and when placed', async () => {
      const app = await makeApp({ now: () => CITY_NOW, env: { RATE_LIMIT_MULTIPLIER: '100' } });
      const { api } = await shopperWithClient(app, getDb().db, CITY_NOW);
      const offer = unusedStoreOffer(shelf, new Set());
      await setStoreTerms(getDb().db, offer.businessId, {
        fulfilment: { reservePickup: true, buyOnlinePickup: true, sameDayDelivery: false },
        delivery: null,
        taxRateBps: 1300,
      });
      await setStock(getDb().db, offer.id, 40);
      // The dearest price a store can set, 20 times, plus 13 % tax: past what an integer holds.
      await getDb()
        .db.update(offers)
        .set({ priceAmount: PRICE_MAX_MINOR })
        .where(eq(offers.id, offer.id));
      await addProduct(api, offer, 20);
      const stores = [{ businessId: offer.businessId, fulfilment: 'reserve_pickup' }];

      const quoted = await api.post(commercePaths.checkoutQuote, { stores });
      expect(quoted.statusCode, quoted.body).toBe(200);
      const quote = checkoutQuoteResponse.parse(quoted.json());
      if (quote.status !== 1) throw new Error(quoted.body);
      expect(quote.result.problems).toContain(m.orderTooLarge);
      expect(quote.result.canPlace).toBe(false);

      const placed = await api.post(commercePaths.checkouts, {
        stores,
        idempotencyKey: `key-${randomUUID()}`,
      });
      expect(placed.statusCode, placed.body).toBe(409);
      expect(placed.json<{ message: string }>().message).toContain(m.orderTooLarge);
    });
  });
}
