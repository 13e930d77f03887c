import {
  DEFAULT_PLACE,
  favouriteIdsResponse,
  favouriteListResponse,
  haversineKm,
  IN_STOCK_MIN_QUANTITY,
  listItemResponse,
  listsMessages,
  listsPaths,
  LIST_SEARCH_RADIUS_KM,
  managePaths,
  shoppingListResponse,
} from '@localmart/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/notifications.ts';
import { offers } from '../../db/schema/catalog.ts';
import { useTestApp } from '../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../test/databases.ts';
import { queuedJobs } from '../../test/jobs.ts';
import type { DemoOffer } from '../catalog/demo/types.ts';
import { signedInShopper } from '../commerce/cart/commerce-test-support.ts';
import { manageCast, manageClient } from '../manage/manage-test-support.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { isoWeekOf, sendWeeklyDigests } from './deal-digest.ts';
import { DEAL_SCAN_QUEUE, type DealScanJob, scanStoreDeals, tellNewFlyer } from './deal-scan.ts';

const NOW = new Date(CITY_NOW.getTime() + 60 * 60_000);
const HERE = { lat: DEFAULT_PLACE.lat, lng: DEFAULT_PLACE.lng };
const near = `?lat=${HERE.lat}&lng=${HERE.lng}`;

function parsed<T extends { status: 0 | 1 }>(schema: { parse(body: unknown): T }, body: string) {
  const answer = schema.parse(JSON.parse(body));
  if (answer.status !== 1) throw new Error(JSON.stringify(answer));
  return answer as Extract<T, { status: 1 }>;
}

/** A mailer that keeps what it is given (the digest's own outbox). */
function keepingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: 'dev-outbox',
    sent,
    async send(message) {
      sent.push(message);
      return true;
    },
    guard: () => undefined,
    close: async () => undefined,
  };
}

for (const backend of testDatabases()) {
  describe(`favourites, list and deal alerts on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const city = useCatalogCity(getDb);
    const makeApp = useTestApp(getDb);
    /** A signed-in shopper (`who`) and a bearer client calling as them (`api`). */
    const shopperWithClient = async (
      app: Parameters<typeof manageClient>[0],
      db: ReturnType<typeof getDb>['db'],
      now: Date,
    ) => {
      const who = await signedInShopper(db, now);
      return { who, api: manageClient(app, who) };
    };
    let offerList: DemoOffer[] | undefined;
    const cityOffers = () => (offerList ??= [...city().offers]);
    const storeOf = (id: string) => city().businesses.find((business) => business.id === id)!;
    /** Products sold in stock by at least `stores` stores, their offers in stock. */
    function widelyStocked(stores: number) {
      const byProduct = new Map<string, DemoOffer[]>();
      for (const offer of cityOffers()) {
        if (offer.quantity < 5 || storeOf(offer.businessId).kind !== 'retail') continue;
        byProduct.set(offer.productId, [...(byProduct.get(offer.productId) ?? []), offer]);
      }
      return [...byProduct.entries()].filter(([, list]) => list.length >= stores);
    }

    it('keeps favourite stores, products and dishes per shopper, in words when refused', async () => {
      const app = await makeApp({ now: () => NOW });
      const db = getDb().db;
      const { api } = await shopperWithClient(app, db, NOW);
      const { api: other } = await shopperWithClient(app, db, NOW);
      const store = city().businesses.find((business) => business.kind === 'retail')!;
      const [[productId]] = widelyStocked(1) as [[string, DemoOffer[]]];
      const menu = [...city().menus][0]!;
      const dish = menu.sections[0]!.items[0]!;

      for (const [kind, id] of [
        ['store', store.id],
        ['product', productId],
        ['dish', dish.id],
      ] as const) {
        // A visitor (CSRF cookie, no session) is asked to sign in.
        expect((await manageClient(app).put(listsPaths.favourite(kind, id))).statusCode).toBe(401);
        const added = await api.put(listsPaths.favourite(kind, id));
        expect(added.statusCode).toBe(201);
        expect(JSON.parse(added.body).message).toBe(listsMessages.favouriteAdded(kind));
        // A second heart is the same favourite.
        expect((await api.put(listsPaths.favourite(kind, id))).statusCode).toBe(200);
      }
      const ids = parsed(favouriteIdsResponse, (await api.get(listsPaths.favouriteIds)).body);
      expect(ids.result).toEqual({ store: [store.id], product: [productId], dish: [dish.id] });
      // Another shopper's hearts are theirs alone.
      const otherIds = parsed(
        favouriteIdsResponse,
        (await other.get(listsPaths.favouriteIds)).body,
      );
      expect(otherIds.result).toEqual({ store: [], product: [], dish: [] });

      const page = parsed(favouriteListResponse, (await api.get(listsPaths.favourites)).body);
      expect(page.result.stores.map((f) => [f.title, f.link])).toEqual([
        [store.name, `/business-details/${store.id}/products`],
      ]);
      expect(page.result.dishes[0]).toMatchObject({
        title: dish.name,
        subtitle: storeOf(menu.businessId).name,
      });
      const inStock = cityOffers().filter(
        (offer) => offer.productId === productId && offer.quantity >= IN_STOCK_MIN_QUANTITY,
      );
      expect(page.result.products[0]!.price?.amount).toBe(
        Math.min(
          ...inStock.map((offer) =>
            offer.sale && new Date(offer.sale.startsAt) <= NOW && new Date(offer.sale.endsAt) > NOW
              ? offer.sale.price.amount
              : offer.price.amount,
          ),
        ),
      );

      // Refusals are sentences with the right code, never a field path or a 500.
      const unknownKind = await api.put(`${listsPaths.favourites}/shelf/${store.id}`);
      expect(unknownKind.statusCode).toBe(404);
      expect(JSON.parse(unknownKind.body)).toEqual({
        status: 0,
        message: listsMessages.unknownFavouriteKind,
      });
      const badId = await api.put(listsPaths.favourite('store', 'not-an-id'));
      expect(badId.statusCode).toBe(404);
      expect(JSON.parse(badId.body).message).toBe(listsMessages.favouriteTargetMissing('store'));
      const gone = await api.put(
        listsPaths.favourite('product', '00000000-0000-4000-8000-000000000009'),
      );
      expect(gone.statusCode).toBe(404);

      expect((await api.delete(listsPaths.favourite('store', store.id))).statusCode).toBe(200);
      const after = parsed(favouriteIdsResponse, (await api.get(listsPaths.favouriteIds)).body);
      expect(after.result.store).toEqual([]);
    });

    it('lists items from a product, a dish and a clipped flyer deal, with the nearest and cheapest store in stock', async () => {
      const app = await makeApp({ now: () => NOW });
      const db = getDb().db;
      const { api } = await shopperWithClient(app, db, NOW);
      const { api: other } = await shopperWithClient(app, db, NOW);
      const [[productId, stocked]] = widelyStocked(2) as [[string, DemoOffer[]]];

      const added = await api.post(`${listsPaths.listItems}${near}`, { productId });
      expect(added.statusCode).toBe(201);
      const item = parsed(listItemResponse, added.body).result;
      // Expected from the city itself: in stock within the radius, nearest and cheapest.
      const candidates = stocked
        .map((offer) => {
          const store = storeOf(offer.businessId);
          const onSale =
            offer.sale && new Date(offer.sale.startsAt) <= NOW && new Date(offer.sale.endsAt) > NOW;
          return {
            store,
            km: haversineKm(HERE, store),
            price: onSale ? offer.sale!.price.amount : offer.price.amount,
          };
        })
        .filter((candidate) => candidate.km <= LIST_SEARCH_RADIUS_KM);
      const nearest = [...candidates].sort((a, b) => a.km - b.km)[0]!;
      const cheapest = [...candidates].sort((a, b) => a.price - b.price || a.km - b.km)[0]!;
      expect(item.nearest?.storeName).toBe(nearest.store.name);
      expect(item.nearest?.distanceKm).toBeCloseTo(nearest.km, 0);
      expect(item.cheapest?.storeName).toBe(cheapest.store.name);
      expect(item.cheapest?.price.amount).toBe(cheapest.price);

      // The same product again is the same item.
      const again = await api.post(listsPaths.listItems, { productId });
      expect(again.statusCode).toBe(200);
      expect(JSON.parse(again.body).message).toBe(listsMessages.alreadyOnList);

      // Clip a flyer hotspot: the item carries the flyer's deal.
      const flyer = [...city().flyers][0]!;
      const hotspot = flyer.pages[0]!.items[0]!;
      const clipped = parsed(
        listItemResponse,
        (await api.post(listsPaths.listItems, { flyerItemId: hotspot.id })).body,
      ).result;
      expect(clipped).toMatchObject({
        source: 'flyer',
        title: hotspot.title,
        productId: hotspot.productId,
        deal: {
          priceText: hotspot.priceText,
          storeName: storeOf(flyer.businessId).name,
          current: true,
        },
      });

      const menu = [...city().menus][0]!;
      const dish = menu.sections[0]!.items.find((candidate) => candidate.available !== false)!;
      const dishItem = parsed(
        listItemResponse,
        (await api.post(listsPaths.listItems, { menuItemId: dish.id })).body,
      ).result;
      expect(dishItem.nearest?.storeName).toBe(storeOf(menu.businessId).name);

      // Refusals in words: none or two things named, an unknown id.
      const none = await api.post(listsPaths.listItems, {});
      expect(none.statusCode).toBe(400);
      expect(JSON.parse(none.body)).toEqual({ status: 0, message: listsMessages.pickOneItem });
      const two = await api.post(listsPaths.listItems, { productId, menuItemId: dish.id });
      expect(JSON.parse(two.body).message).toBe(listsMessages.pickOneItem);
      const unknown = await api.post(listsPaths.listItems, {
        productId: '00000000-0000-4000-8000-000000000009',
      });
      expect(unknown.statusCode).toBe(404);
      expect(JSON.parse(unknown.body).message).toBe(listsMessages.itemTargetMissing);

      // Check off and remove; another shopper cannot touch the item.
      expect((await other.patch(listsPaths.listItem(item.id), { checked: true })).statusCode).toBe(
        404,
      );
      const checked = parsed(
        listItemResponse,
        (await api.patch(listsPaths.listItem(item.id), { checked: true })).body,
      ).result;
      expect(checked.checked).toBe(true);
      const list = parsed(shoppingListResponse, (await api.get(`${listsPaths.list}${near}`)).body);
      // Unchecked first (added at the same clock here, so in either order), then checked.
      const order = list.result.items.map((entry) => entry.id);
      expect(order.at(-1)).toBe(item.id);
      expect(new Set(order.slice(0, 2))).toEqual(new Set([clipped.id, dishItem.id]));
      expect((await other.delete(listsPaths.listItem(item.id))).statusCode).toBe(404);
      expect((await api.delete(listsPaths.listItem(item.id))).statusCode).toBe(200);
      expect((await api.delete(listsPaths.listItem(item.id))).statusCode).toBe(404);
    });

    it('tells followers of a price drop and of a restock after the owner edits the offer, once', async () => {
      const app = await makeApp({ now: () => NOW, env: { RATE_LIMIT_MULTIPLIER: '100' } });
      const db = getDb().db;
      // The owner's store: a retail store with a product in stock that nobody else in this file uses.
      const [, [productId, stocked]] = widelyStocked(2) as [unknown, [string, DemoOffer[]]];
      const offer = stocked[0]!;
      const other = city().businesses.find(
        (b) => b.kind === 'retail' && b.id !== offer.businessId,
      )!;
      const cast = await manageCast(db, NOW, { storeId: offer.businessId, otherStoreId: other.id });
      const owner = manageClient(app, cast.owner);
      const { who: fan, api: fanApi } = await shopperWithClient(app, db, NOW);
      const { who: lister, api: listerApi } = await shopperWithClient(app, db, NOW);
      const { who: bystander } = await shopperWithClient(app, db, NOW);
      await fanApi.put(listsPaths.favourite('product', productId));
      await listerApi.post(listsPaths.listItems, { productId });

      const [current] = await db.select().from(offers).where(eq(offers.id, offer.id));
      const lower = current!.priceAmount - 50;
      const edit = await owner.patch(managePaths.offer(offer.businessId, offer.id), {
        price: lower,
        salePrice: null,
      });
      expect(edit.statusCode).toBe(200);
      // The request only queued the scan, with what shoppers saw before the edit.
      const [job] = await queuedJobs(db, DEAL_SCAN_QUEUE, { businessId: offer.businessId });
      expect(job).toBeDefined();
      const data = job!.data as unknown as DealScanJob;
      expect(data.before?.[0]).toMatchObject({ offerId: offer.id, inStock: true });
      await scanStoreDeals(db, data, { now: NOW });
      await scanStoreDeals(db, data, { now: NOW }); // a retried job adds nothing

      const told = async (userId: string, kind: string) =>
        db
          .select()
          .from(notifications)
          .where(
            and(
              eq(notifications.userId, userId),
              eq(notifications.kind, kind as 'deal_price_drop'),
            ),
          );
      for (const userId of [fan.userId, lister.userId]) {
        const rows = await told(userId, 'deal_price_drop');
        expect(rows).toHaveLength(1);
        expect(rows[0]!.title).toBe('Price drop');
        expect(rows[0]!.body).toContain(storeOf(offer.businessId).name);
        expect(rows[0]!.body).toContain(`$${(lower / 100).toFixed(2)}`);
        expect(rows[0]!.link).toBe(`/details?id=${productId}`);
      }
      expect(await told(bystander.userId, 'deal_price_drop')).toHaveLength(0);

      // The lister checks the item off: they no longer hear of it.
      const list = JSON.parse((await listerApi.get(listsPaths.list)).body) as {
        result: { items: { id: string }[] };
      };
      await listerApi.patch(listsPaths.listItem(list.result.items[0]!.id), { checked: true });
      // A price rise tells nobody; out of stock then back: "Back in stock".
      await owner.patch(managePaths.offer(offer.businessId, offer.id), { price: lower + 100 });
      await owner.patch(managePaths.offer(offer.businessId, offer.id), { quantity: 0 });
      await owner.patch(managePaths.offer(offer.businessId, offer.id), { quantity: 12 });
      for (const queued of await queuedJobs(db, DEAL_SCAN_QUEUE, {
        businessId: offer.businessId,
      })) {
        await scanStoreDeals(db, queued.data as unknown as DealScanJob, { now: NOW });
      }
      expect(await told(fan.userId, 'deal_price_drop')).toHaveLength(1);
      const back = await told(fan.userId, 'deal_back_in_stock');
      expect(back).toHaveLength(1);
      expect(back[0]!.body).toContain('is back in stock at');
      expect(await told(lister.userId, 'deal_back_in_stock')).toHaveLength(0);

      // A new flyer of a favourite store is told once to the store's followers only.
      const flyer = [...city().flyers][0]!;
      await fanApi.put(listsPaths.favourite('store', flyer.businessId));
      expect(await tellNewFlyer(db, { flyerId: flyer.id }, { now: NOW })).toBe(1);
      expect(await tellNewFlyer(db, { flyerId: flyer.id }, { now: NOW })).toBe(0);
      const flyerNews = await told(fan.userId, 'deal_new_flyer');
      expect(flyerNews.map((row) => [row.title, row.link])).toEqual([
        ['New flyer', `/flyer-details?id=${flyer.id}`],
      ]);
      expect(flyerNews[0]!.body).toContain(flyer.title);
      expect(await told(lister.userId, 'deal_new_flyer')).toHaveLength(0);
    });

    it('sends the weekly digest only to shoppers who opted in, once a week', async () => {
      const app = await makeApp({ now: () => NOW });
      const db = getDb().db;
      const { who: keen, api: keenApi } = await shopperWithClient(app, db, NOW);
      const { api: quietApi } = await shopperWithClient(app, db, NOW);
      const [, , [productId, stocked]] = widelyStocked(2) as [
        unknown,
        unknown,
        [string, DemoOffer[]],
      ];
      const offer = stocked[0]!;
      // A sale running now on a followed product.
      await db
        .update(offers)
        .set({
          saleAmount: 1,
          saleStartsAt: new Date(NOW.getTime() - 3_600_000),
          saleEndsAt: new Date(NOW.getTime() + 86_400_000),
        })
        .where(eq(offers.id, offer.id));
      for (const api of [keenApi, quietApi])
        await api.put(listsPaths.favourite('product', productId));

      const settings = await keenApi.get(listsPaths.dealAlertSettings);
      expect(JSON.parse(settings.body).result).toEqual({ weeklyDigest: false });
      const on = await app.inject({
        method: 'PUT',
        url: listsPaths.dealAlertSettings,
        headers: { authorization: `Bearer ${keen.token}` },
        payload: { weeklyDigest: true },
      });
      expect(JSON.parse(on.body)).toMatchObject({
        status: 1,
        message: listsMessages.digestOn,
        result: { weeklyDigest: true },
      });
      const bad = await app.inject({
        method: 'PUT',
        url: listsPaths.dealAlertSettings,
        headers: { authorization: `Bearer ${keen.token}` },
        payload: { weeklyDigest: 'yes' },
      });
      expect(bad.statusCode).toBe(400);

      const mailer = keepingMailer();
      const brand = { appName: 'Localmart', appUrl: 'http://localmart.test' };
      const run = await sendWeeklyDigests(db, mailer, brand, NOW);
      const mine = mailer.sent.filter((mail) => mail.text.includes(productId));
      expect(run.sent).toBeGreaterThanOrEqual(1);
      expect(mine).toHaveLength(1);
      expect(mine[0]!.subject).toMatch(/deals? this week on your Localmart favourites/);
      expect(mine[0]!.text).toContain(`$0.01 at ${storeOf(offer.businessId).name}`);
      // The quiet shopper follows the same product but did not opt in.
      expect(mailer.sent.filter((mail) => mail.text.includes(productId))).toHaveLength(1);
      // Once a week: the same week again sends nothing; the next week does.
      const again = keepingMailer();
      await sendWeeklyDigests(db, again, brand, NOW);
      expect(again.sent.filter((mail) => mail.text.includes(productId))).toHaveLength(0);
      const nextWeek = new Date(NOW.getTime() + 7 * 86_400_000);
      expect(isoWeekOf(nextWeek)).not.toBe(isoWeekOf(NOW));
      await db
        .update(offers)
        .set({ saleEndsAt: new Date(nextWeek.getTime() + 86_400_000) })
        .where(eq(offers.id, offer.id));
      const later = keepingMailer();
      await sendWeeklyDigests(db, later, brand, nextWeek);
      expect(later.sent.filter((mail) => mail.text.includes(productId))).toHaveLength(1);
    });
  });
}
