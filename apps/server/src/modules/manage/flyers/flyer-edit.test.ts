import {
  catalogPaths,
  FLYER_PAGE_MAX_SIDE,
  flyerEditMessages,
  flyerResponse,
  managedFlyerListResponse,
  managedFlyerResponse,
  type ManagedFlyer,
  managePaths,
  stockStatus,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { flyerItems, offers } from '../../../db/schema/index.ts';
import { multipartFile } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { manageCast, manageClient, type Person } from '../manage-test-support.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-00000000abcd';
/** CITY_NOW is Thursday 2026-11-19 in Toronto: this flyer week runs to Wednesday the 25th. */
const THIS_WEEK = { validFrom: '2026-11-19', validTo: '2026-11-25' };

/** A flat PNG page of `width` x `height`, generated (no fixture file). */
function pagePng(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 230, g: 40, b: 40 } },
  })
    .png()
    .toBuffer();
}

function flyerOf(body: unknown): ManagedFlyer {
  const answer = managedFlyerResponse.parse(body);
  if (answer.status !== 1) throw new Error(answer.message);
  return answer.result;
}

for (const backend of testDatabases()) {
  describe(`flyer editing on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const city = useCatalogCity(getDb);
    const makeApp = useTestApp(getDb);

    async function world() {
      const app = await makeApp({ now: () => CITY_NOW });
      const [store, otherStore] = city().businesses.filter((b) => b.kind === 'retail');
      const cast = await manageCast(getDb().db, CITY_NOW, {
        storeId: store!.id,
        otherStoreId: otherStore!.id,
      });
      return {
        app,
        storeId: store!.id,
        otherStoreId: otherStore!.id,
        cast,
        staff: manageClient(app, cast.staff),
        other: manageClient(app, cast.otherStaff),
      };
    }

    async function offerOf(businessId: string) {
      const [offer] = await getDb()
        .db.select({ id: offers.id, productId: offers.productId, quantity: offers.quantity })
        .from(offers)
        .where(eq(offers.businessId, businessId))
        .limit(1);
      if (!offer) throw new Error('store has no offers');
      return offer;
    }

    async function uploadPage(
      app: FastifyInstance,
      who: Person,
      businessId: string,
      flyerId: string,
      bytes: Buffer,
    ) {
      const form = multipartFile('image', 'page.png', 'image/png', bytes);
      return app.inject({
        method: 'POST',
        url: managePaths.flyerPages(businessId, flyerId),
        headers: { ...form.headers, authorization: `Bearer ${who.token}` },
        payload: form.payload,
      });
    }

    async function newFlyer(
      staff: ReturnType<typeof manageClient>,
      storeId: string,
      title = 'Weekly deals',
    ) {
      const created = await staff.post(managePaths.flyers(storeId), { title, ...THIS_WEEK });
      expect(created.statusCode).toBe(201);
      return flyerOf(created.json());
    }

    it('creates, lists (current and upcoming first), edits and deletes flyers', async () => {
      const { staff, storeId } = await world();
      const current = await newFlyer(staff, storeId, 'This week');
      expect(current).toMatchObject({ validity: 'current', pageCount: 0, pages: [], cover: null });
      const upcoming = await staff.post(managePaths.flyers(storeId), {
        title: 'Next week',
        validFrom: '2026-11-26',
        validTo: '2026-12-02',
      });
      const ended = await staff.post(managePaths.flyers(storeId), {
        title: 'Last week',
        validFrom: '2026-11-12',
        validTo: '2026-11-18',
      });
      expect([upcoming.statusCode, ended.statusCode]).toEqual([201, 201]);

      const list = managedFlyerListResponse.parse(
        (await staff.get(managePaths.flyers(storeId))).json(),
      );
      if (list.status !== 1) throw new Error(list.message);
      expect(list.today).toBe('2026-11-19');
      const mine = list.results.filter((f) =>
        ['This week', 'Next week', 'Last week'].includes(f.title),
      );
      expect(mine.map((f) => [f.title, f.validity])).toEqual([
        ['This week', 'current'],
        ['Next week', 'upcoming'],
        ['Last week', 'ended'],
      ]);

      const renamed = await staff.patch(managePaths.flyer(storeId, current.id), {
        title: 'Hot deals',
      });
      expect(renamed.statusCode).toBe(200);
      expect(flyerOf(renamed.json()).title).toBe('Hot deals');

      // The date rule runs on the merged dates: moving the end before the saved start is refused.
      const backwards = await staff.patch(managePaths.flyer(storeId, current.id), {
        validTo: '2026-11-01',
      });
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().message).toBe(flyerEditMessages.endBeforeStart);

      const removed = await staff.delete(managePaths.flyer(storeId, current.id));
      expect(removed.statusCode).toBe(200);
      expect((await staff.get(managePaths.flyer(storeId, current.id))).statusCode).toBe(404);
    });

    it('refuses a flyer that ends before it starts or runs longer than 31 days', async () => {
      const { staff, storeId } = await world();
      const backwards = await staff.post(managePaths.flyers(storeId), {
        title: 'Oops',
        validFrom: '2026-11-20',
        validTo: '2026-11-19',
      });
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().message).toContain(flyerEditMessages.endBeforeStart);
      const tooLong = await staff.post(managePaths.flyers(storeId), {
        title: 'Forever',
        validFrom: '2026-11-01',
        validTo: '2026-12-02',
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toContain(flyerEditMessages.tooLong);
      const month = await staff.post(managePaths.flyers(storeId), {
        title: 'Holiday month',
        validFrom: '2026-12-01',
        validTo: '2026-12-31',
      });
      expect(month.statusCode).toBe(201);
    });

    it('uploads pages resized for flyers, reorders and deletes them with gapless numbers', async () => {
      const { app, staff, storeId, cast } = await world();
      const flyer = await newFlyer(staff, storeId);

      const big = await uploadPage(app, cast.staff, storeId, flyer.id, await pagePng(3000, 4000));
      expect(big.statusCode).toBe(201);
      const [first] = flyerOf(big.json()).pages;
      // Longest side capped at the flyer size, aspect ratio kept.
      expect(first!.image).toMatchObject({ width: 1800, height: FLYER_PAGE_MAX_SIDE });
      const stored = await app.inject({ method: 'GET', url: first!.image.url });
      expect(stored.statusCode).toBe(200);
      const meta = await sharp(stored.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1800, 2400]);

      await uploadPage(app, cast.staff, storeId, flyer.id, await pagePng(400, 600));
      const third = await uploadPage(app, cast.staff, storeId, flyer.id, await pagePng(500, 500));
      const pages = flyerOf(third.json()).pages;
      expect(pages.map((p) => p.pageNumber)).toEqual([1, 2, 3]);
      const [p1, p2, p3] = pages.map((p) => p.id);

      const moved = await staff.patch(managePaths.flyerPage(storeId, p3!), { pageNumber: 1 });
      expect(moved.statusCode).toBe(200);
      expect(flyerOf(moved.json()).pages.map((p) => [p.id, p.pageNumber])).toEqual([
        [p3, 1],
        [p1, 2],
        [p2, 3],
      ]);

      const deleted = await staff.delete(managePaths.flyerPage(storeId, p1!));
      expect(deleted.statusCode).toBe(200);
      const after = flyerOf(deleted.json());
      expect(after.pages.map((p) => [p.id, p.pageNumber])).toEqual([
        [p3, 1],
        [p2, 2],
      ]);
      expect(after.pageCount).toBe(2);

      const notImage = await uploadPage(app, cast.staff, storeId, flyer.id, Buffer.from('hello'));
      expect(notImage.statusCode).toBe(415);
    });

    it('replaces hotspots atomically, links offers of this store only, and the shopper app shows them live', async () => {
      const { app, staff, storeId, otherStoreId, cast } = await world();
      const flyer = await newFlyer(staff, storeId, 'Shopper-visible flyer');
      const uploaded = await uploadPage(
        app,
        cast.staff,
        storeId,
        flyer.id,
        await pagePng(800, 1000),
      );
      const pageId = flyerOf(uploaded.json()).pages[0]!.id;
      const offer = await offerOf(storeId);
      const foreignOffer = await offerOf(otherStoreId);

      const saved = await staff.put(managePaths.flyerPageItems(storeId, pageId), {
        items: [
          {
            box: { left: 0.1, top: 0.1, width: 0.4, height: 0.3 },
            title: 'Linked deal',
            priceText: '$2.99',
            saleStory: 'Save $1',
            offerId: offer.id,
          },
          {
            box: { left: 0.5, top: 0.5, width: 0.5, height: 0.5 },
            title: 'All plants',
            priceText: '20% off',
            validFrom: '2026-11-20',
            validTo: '2026-11-22',
          },
        ],
      });
      expect(saved.statusCode).toBe(200);
      const items = flyerOf(saved.json()).pages[0]!.items;
      expect(items).toHaveLength(2);
      expect(items[0]).toMatchObject({
        title: 'Linked deal',
        productId: offer.productId,
        offer: { id: offer.id, quantity: offer.quantity },
        // Dates default to the flyer's.
        ...THIS_WEEK,
      });
      expect(items[1]).toMatchObject({ offer: null, productId: null, validFrom: '2026-11-20' });

      // Another store's offer: refused, and the saved hotspots stay as they were.
      const foreign = await staff.put(managePaths.flyerPageItems(storeId, pageId), {
        items: [
          {
            box: { left: 0, top: 0, width: 0.2, height: 0.2 },
            title: 'Stolen',
            priceText: '$1',
            offerId: foreignOffer.id,
          },
        ],
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().message).toBe(flyerEditMessages.offerNotInStore);
      const kept = await getDb()
        .db.select({ title: flyerItems.title })
        .from(flyerItems)
        .where(eq(flyerItems.pageId, pageId));
      expect(kept.map((row) => row.title).sort()).toEqual(['All plants', 'Linked deal']);

      // A box outside the page or without size is refused by the contract's rule.
      const outside = await staff.put(managePaths.flyerPageItems(storeId, pageId), {
        items: [
          { box: { left: 0.8, top: 0, width: 0.3, height: 0.1 }, title: 'x', priceText: '1' },
        ],
      });
      expect(outside.statusCode).toBe(400);
      const flat = await staff.put(managePaths.flyerPageItems(storeId, pageId), {
        items: [{ box: { left: 0.1, top: 0, width: 0, height: 0.1 }, title: 'x', priceText: '1' }],
      });
      expect(flat.statusCode).toBe(400);

      // The public flyer shows the hotspot with the linked offer's live stock.
      await getDb().db.update(offers).set({ quantity: 1 }).where(eq(offers.id, offer.id));
      const publicFlyer = flyerResponse.parse(
        (await app.inject({ method: 'GET', url: catalogPaths.flyer(flyer.id) })).json(),
      );
      if (publicFlyer.status !== 1) throw new Error('flyer not public');
      const hotspot = publicFlyer.result.pages[0]!.items.find((i) => i.title === 'Linked deal');
      expect(hotspot?.box).toEqual({ left: 0.1, top: 0.1, width: 0.4, height: 0.3 });
      expect(hotspot?.offer?.id).toBe(offer.id);
      expect(hotspot?.offer?.stock).toEqual(stockStatus(1));
      const listed = (
        await app.inject({
          method: 'GET',
          url: `${catalogPaths.flyers}?businessId=${storeId}&limit=50`,
        })
      ).json();
      expect(listed.results.map((f: { id: string }) => f.id)).toContain(flyer.id);

      // Clearing the page empties it.
      const cleared = await staff.put(managePaths.flyerPageItems(storeId, pageId), { items: [] });
      expect(flyerOf(cleared.json()).pages[0]!.items).toEqual([]);
    });

    it("never finds another store's flyers, pages or unknown ids", async () => {
      const { app, staff, other, storeId, otherStoreId, cast } = await world();
      const flyer = await newFlyer(staff, storeId);
      const uploaded = await uploadPage(
        app,
        cast.staff,
        storeId,
        flyer.id,
        await pagePng(300, 300),
      );
      const pageId = flyerOf(uploaded.json()).pages[0]!.id;

      // The other store's member, through their own store's paths.
      const attempts = [
        await other.get(managePaths.flyer(otherStoreId, flyer.id)),
        await other.patch(managePaths.flyer(otherStoreId, flyer.id), { title: 'Mine now' }),
        await other.delete(managePaths.flyer(otherStoreId, flyer.id)),
        await other.patch(managePaths.flyerPage(otherStoreId, pageId), { pageNumber: 1 }),
        await other.delete(managePaths.flyerPage(otherStoreId, pageId)),
        await other.put(managePaths.flyerPageItems(otherStoreId, pageId), { items: [] }),
        await uploadPage(app, cast.otherStaff, otherStoreId, flyer.id, await pagePng(10, 10)),
        await staff.get(managePaths.flyer(storeId, UNKNOWN_ID)),
      ];
      expect(attempts.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
      const still = flyerOf((await staff.get(managePaths.flyer(storeId, flyer.id))).json());
      expect(still.pages).toHaveLength(1);
      expect(still.title).toBe('Weekly deals');
      const theirs = managedFlyerListResponse.parse(
        (await other.get(managePaths.flyers(otherStoreId))).json(),
      );
      if (theirs.status !== 1) throw new Error(theirs.message);
      expect(theirs.results.map((f) => f.id)).not.toContain(flyer.id);
    });
  });
}
