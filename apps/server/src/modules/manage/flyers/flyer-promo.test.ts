import {
  cartResponse,
  commercePaths,
  flyerEditMessages,
  managedFlyerResponse,
  type ManagedFlyer,
  managePaths,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { flyerItemPromos, offers } from '../../../db/schema/index.ts';
import { multipartFile, testClock } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { shopperClient, signedInShopper } from '../../commerce/cart/commerce-test-support.ts';
import { manageCast, manageClient } from '../manage-test-support.ts';
import { amountsIn } from './flyer-editing.ts';

/** CITY_NOW is Thursday 2026-11-19 in Toronto: this flyer week runs to Wednesday the 25th. */
const THIS_WEEK = { validFrom: '2026-11-19', validTo: '2026-11-25' };
/** The store's midnights (Toronto, UTC-5 in November) around the flyer's days. */
const WEEK_STARTS = '2026-11-19T05:00:00.000Z';
const WEEK_ENDS = '2026-11-26T05:00:00.000Z';
const BOX = { left: 0.1, top: 0.1, width: 0.3, height: 0.2 };

function flyerOf(body: unknown): ManagedFlyer {
  const answer = managedFlyerResponse.parse(body);
  if (answer.status !== 1) throw new Error(answer.message);
  return answer.result;
}

describe('deal prices named by a flyer', () => {
  it('reads amounts with a sign or cents, never counts or percentages', () => {
    expect(amountsIn('$7.99')).toEqual([799]);
    expect(amountsIn('Now 7,99')).toEqual([799]);
    expect(amountsIn('$5')).toEqual([500]);
    expect(amountsIn('2 for $5')).toEqual([500]);
    expect(amountsIn('20% off')).toEqual([]);
    expect(amountsIn('Buy 1 get 1')).toEqual([]);
  });
});

for (const backend of testDatabases()) {
  describe(`flyer promo prices on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const city = useCatalogCity(getDb);
    const makeApp = useTestApp(getDb);

    async function world() {
      const clock = testClock(CITY_NOW);
      const app = await makeApp({ now: clock.now });
      const [store, otherStore] = city().businesses.filter((b) => b.kind === 'retail');
      const db = getDb().db;
      const cast = await manageCast(db, CITY_NOW, {
        storeId: store!.id,
        otherStoreId: otherStore!.id,
      });
      const [offer] = await db
        .select({ id: offers.id })
        .from(offers)
        .where(eq(offers.businessId, store!.id))
        .limit(1);
      // $8.95, no sale, in stock: what the flyer's $7.99 must beat.
      await db
        .update(offers)
        .set({
          priceAmount: 895,
          saleAmount: null,
          saleStartsAt: null,
          saleEndsAt: null,
          quantity: 20,
        })
        .where(eq(offers.id, offer!.id));
      const staff = manageClient(app, cast.staff);
      const created = await staff.post(managePaths.flyers(store!.id), {
        title: 'Weekly deals',
        ...THIS_WEEK,
      });
      const flyer = flyerOf(created.json());
      const png = await sharp({
        create: { width: 400, height: 600, channels: 3, background: { r: 250, g: 250, b: 250 } },
      })
        .png()
        .toBuffer();
      const form = multipartFile('image', 'page.png', 'image/png', png);
      const paged = await app.inject({
        method: 'POST',
        url: managePaths.flyerPages(store!.id, flyer.id),
        headers: { ...form.headers, authorization: `Bearer ${cast.staff.token}` },
        payload: form.payload,
      });
      expect(paged.statusCode, paged.body).toBe(201);
      const pageId = flyerOf(paged.json()).pages[0]!.id;
      const saveItems = (items: object[]) =>
        staff.put(managePaths.flyerPageItems(store!.id, pageId), { items });
      const offerRow = async () => {
        const [row] = await db.select().from(offers).where(eq(offers.id, offer!.id));
        return row!;
      };
      return { app, db, clock, storeId: store!.id, offerId: offer!.id, saveItems, offerRow };
    }

    it('a promo price becomes the offer’s sale for the flyer’s days, and checkout charges it only then', async () => {
      const { app, db, clock, offerId, saveItems, offerRow } = await world();
      const saved = await saveItems([
        { box: BOX, title: 'Coffee', priceText: 'Now only', offerId, promoPrice: 799 },
      ]);
      expect(saved.statusCode, saved.body).toBe(200);
      const item = flyerOf(saved.json()).pages[0]!.items[0]!;
      expect(item).toMatchObject({
        priceText: '$7.99',
        promoPrice: 799,
        priceMismatch: null,
        offer: {
          id: offerId,
          price: { amount: 895, currency: 'CAD' },
          chargedPrice: { amount: 799, currency: 'CAD' },
        },
      });
      const offer = await offerRow();
      expect(offer).toMatchObject({ priceAmount: 895, saleAmount: 799 });
      expect(offer.saleStartsAt?.toISOString()).toBe(WEEK_STARTS);
      expect(offer.saleEndsAt?.toISOString()).toBe(WEEK_ENDS);

      // Checkout's price: the cart a shopper fills during the flyer, then after it ended.
      const shopper = await signedInShopper(db, CITY_NOW);
      const api = shopperClient(app, shopper);
      const added = await api.post(commercePaths.cartItems, {
        kind: 'product',
        itemId: offerId,
        quantity: 2,
      });
      expect(added.statusCode, added.body).toBe(200);
      const during = cartResponse.parse(added.json());
      if (during.status !== 1) throw new Error(during.message);
      expect(during.results[0]).toMatchObject({
        unitPrice: { amount: 799 },
        lineTotal: { amount: 1598 },
      });
      // The last minute of Wednesday the 25th (Toronto) is still the flyer's.
      clock.advance(Date.parse(WEEK_ENDS) - 60_000 - clock.now().getTime());
      const lastMinute = cartResponse.parse((await api.get(commercePaths.cart)).json());
      if (lastMinute.status !== 1) throw new Error(lastMinute.message);
      expect(lastMinute.results[0]).toMatchObject({ unitPrice: { amount: 799 } });
      clock.advance(60_000);
      const after = cartResponse.parse((await api.get(commercePaths.cart)).json());
      if (after.status !== 1) throw new Error(after.message);
      expect(after.results[0]).toMatchObject({ unitPrice: { amount: 895 } });
    });

    it('refuses a promo not below the regular price or without a product, changing nothing', async () => {
      const { offerId, saveItems, offerRow } = await world();
      const before = await offerRow();
      const tooHigh = await saveItems([
        { box: BOX, title: 'Coffee', priceText: '$9.50', offerId, promoPrice: 950 },
      ]);
      expect(tooHigh.statusCode).toBe(400);
      expect(tooHigh.json()).toEqual({
        status: 0,
        message: expect.stringMatching(
          /^The promo price for .+ must be lower than its regular price, \$8\.95\.$/,
        ),
      });
      const unlinked = await saveItems([
        { box: BOX, title: 'Coffee', priceText: '$7.99', promoPrice: 799 },
      ]);
      expect(unlinked.statusCode).toBe(400);
      expect(unlinked.json()).toMatchObject({ message: flyerEditMessages.promoNeedsOffer });
      expect(await offerRow()).toEqual(before);
    });

    it('flags a deal whose words checkout does not honour, and removing a promo ends its sale', async () => {
      const { db, offerId, saveItems, offerRow } = await world();
      await saveItems([
        { box: BOX, title: 'Coffee', priceText: '$7.99', offerId, promoPrice: 799 },
      ]);
      expect((await offerRow()).saleAmount).toBe(799);

      // The promo taken off, the words left: the sale the flyer set ends, and the editor flags it.
      const withoutPromo = await saveItems([
        { box: BOX, title: 'Coffee', priceText: '$7.99', offerId },
      ]);
      expect(withoutPromo.statusCode).toBe(200);
      const item = flyerOf(withoutPromo.json()).pages[0]!.items[0]!;
      expect(item).toMatchObject({
        promoPrice: null,
        priceMismatch: flyerEditMessages.priceMismatch('$7.99', '$8.95'),
        offer: { chargedPrice: { amount: 895 } },
      });
      expect(await offerRow()).toMatchObject({ saleAmount: null, saleStartsAt: null });
      expect(
        await db.select().from(flyerItemPromos).where(eq(flyerItemPromos.offerId, offerId)),
      ).toEqual([]);

      // A sale the store set itself is not the flyer's to end.
      await saveItems([
        { box: BOX, title: 'Coffee', priceText: '$7.99', offerId, promoPrice: 799 },
      ]);
      await db.update(offers).set({ saleAmount: 750 }).where(eq(offers.id, offerId));
      await saveItems([{ box: BOX, title: 'Coffee', priceText: '$7.50', offerId }]);
      expect(await offerRow()).toMatchObject({ saleAmount: 750 });
    });
  });
}
