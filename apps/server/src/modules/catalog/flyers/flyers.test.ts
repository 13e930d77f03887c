import {
  addDays,
  catalogPaths,
  commonMessages,
  type Flyer,
  flyerListResponse,
  flyerResponse,
  type FlyerSummary,
  formatLocalDate,
  fromLocalDateTime,
  haversineKm,
  parseLocalDate,
  stockStatus,
  toLocalDate,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { offers } from '../../../db/schema/index.ts';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { DEMO_TIME_ZONE } from '../demo/businesses.ts';
import type { DemoBusiness, DemoFlyer, DemoOffer } from '../demo/types.ts';
import { collectPages, getJson, isSorted } from '../shared/list-test-support.ts';

const UNKNOWN_ID = '6f1c1b1e-8a8b-4a7e-9d51-3d2f1c1e0a11';

for (const backend of testDatabases()) {
  describe(`flyers on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    const city = useCatalogCity(getDb);
    const appAt = (now: Date) => makeApp({ now: () => now });

    const cityFlyers = (): DemoFlyer[] => [...city().flyers];
    const businessOf = (id: string): DemoBusiness => {
      const business = city().businesses.find((candidate) => candidate.id === id);
      if (!business) throw new Error(`no business ${id}`);
      return business;
    };
    /** The flyers valid at `now` on their store's own calendar. */
    const validAt = (now: Date) =>
      cityFlyers().filter((flyer) => {
        const today = formatLocalDate(
          toLocalDate(now, businessOf(flyer.businessId).hours.timeZone),
        );
        return flyer.validFrom <= today && today <= flyer.validTo;
      });
    const ids = (items: readonly { id: string }[]) => items.map((item) => item.id).sort();
    const listAt = async (now: Date, params: Record<string, string | number> = {}) =>
      (
        await collectPages<FlyerSummary>(
          await appAt(now),
          catalogPaths.flyers,
          params,
          flyerListResponse,
        )
      ).items;

    describe('GET flyers', () => {
      it("lists this week's flyers with cover and counts, paged without overlap", async () => {
        const expected = validAt(CITY_NOW);
        expect(expected.length).toBeGreaterThan(3);
        const flyers = await listAt(CITY_NOW, { limit: 3 });
        expect(ids(flyers)).toEqual(ids(expected));
        const sample = expected[0]!;
        const firstPage = sample.pages[0]!;
        expect(flyers.find((flyer) => flyer.id === sample.id)).toMatchObject({
          title: sample.title,
          validFrom: sample.validFrom,
          validTo: sample.validTo,
          // The store's zone, which the app reads "Ends today" in.
          timeZone: DEMO_TIME_ZONE,
          business: { id: sample.businessId },
          cover: { url: catalogPaths.catalogImage(firstPage.image.id) },
          pageCount: sample.pages.length,
          itemCount: sample.pages.reduce((sum, page) => sum + page.items.length, 0),
        });
      });

      it("decides 'valid today' on the store's calendar, not UTC's", async () => {
        const flyer = [...cityFlyers()].sort((a, b) => a.validTo.localeCompare(b.validTo))[0]!;
        const timeZone = businessOf(flyer.businessId).hours.timeZone;
        const lastDay = parseLocalDate(flyer.validTo)!;
        // 23:30 on the last day, local: already the next day in UTC for a zone west of Greenwich.
        const lateLastDay = fromLocalDateTime({ ...lastDay, hour: 23, minute: 30 }, timeZone);
        const nextMorning = fromLocalDateTime(
          { ...addDays(lastDay, 1), hour: 0, minute: 30 },
          timeZone,
        );
        const late = await listAt(lateLastDay, { limit: 50 });
        expect(ids(late)).toEqual(ids(validAt(lateLastDay)));
        expect(ids(late)).toContain(flyer.id);
        const morning = await listAt(nextMorning, { limit: 50 });
        expect(ids(morning)).toEqual(ids(validAt(nextMorning)));
        expect(ids(morning)).not.toContain(flyer.id);
      });

      it('lists nothing once every flyer has ended', async () => {
        const muchLater = new Date(CITY_NOW.getTime() + 30 * 24 * 3600 * 1000);
        expect(await listAt(muchLater)).toEqual([]);
      });

      it('keeps flyers within the radius, nearest first', async () => {
        const store = businessOf(cityFlyers()[0]!.businessId);
        const here = { lat: store.lat + 0.005, lng: store.lng + 0.005 };
        const radiusKm = 6;
        const expected = validAt(CITY_NOW).filter(
          (flyer) => haversineKm(here, businessOf(flyer.businessId)) <= radiusKm,
        );
        expect(expected.length).toBeGreaterThan(0);
        const flyers = await listAt(CITY_NOW, { ...here, radiusKm, limit: 2 });
        expect(ids(flyers)).toEqual(ids(expected));
        const distances = flyers.map((flyer) => haversineKm(here, flyer.business));
        expect(isSorted(distances)).toBe(true);
        const nearestKm = Math.min(
          ...expected.map((flyer) => haversineKm(here, businessOf(flyer.businessId))),
        );
        expect(distances[0]).toBeCloseTo(nearestKm, 6);
        // Nearest first is also what sort=distance means.
        const byDistance = await listAt(CITY_NOW, { ...here, radiusKm, sort: 'distance' });
        expect(byDistance.map((flyer) => flyer.id)).toEqual(flyers.map((flyer) => flyer.id));
      });

      it('filters by business', async () => {
        const flyer = cityFlyers()[1]!;
        const flyers = await listAt(CITY_NOW, { businessId: flyer.businessId });
        expect(ids(flyers)).toEqual(
          ids(validAt(CITY_NOW).filter((other) => other.businessId === flyer.businessId)),
        );
      });

      it('refuses bad parameters with a 400 envelope', async () => {
        const server = await appAt(CITY_NOW);
        const cases: [string, string][] = [
          ['sort=distance', 'sort by distance needs lat and lng'],
          ['sort=price_asc', 'sort must be one of'],
          ['businessId=12', 'businessId must be a UUID'],
          ['lng=200&lat=1', 'lng must be at most 180'],
          ['limit=0', 'limit must be at least 1'],
          ['cursor=WyJzdG9yZSJd', 'cursor is not valid'],
        ];
        for (const [query, message] of cases) {
          const { statusCode, body } = await getJson(server, `${catalogPaths.flyers}?${query}`);
          expect(statusCode, query).toBe(400);
          expect(body, query).toMatchObject({
            status: 0,
            message: expect.stringContaining(message),
          });
        }
      });
    });

    describe('GET flyer', () => {
      const cityOffer = (id: string): DemoOffer => {
        for (const offer of city().offers) if (offer.id === id) return offer;
        throw new Error(`no offer ${id}`);
      };
      const linkedFlyer = () =>
        cityFlyers().find((flyer) =>
          flyer.pages.some((page) => page.items.some((item) => item.offerId !== null)),
        )!;

      it('returns the pages in order with their hotspots and live offers', async () => {
        const flyer = linkedFlyer();
        const { statusCode, body } = await getJson(
          await appAt(CITY_NOW),
          catalogPaths.flyer(flyer.id),
        );
        expect(statusCode).toBe(200);
        const { result } = flyerResponse.parse(body) as { result: Flyer };
        expect(result.pages.map((page) => page.pageNumber)).toEqual(
          flyer.pages.map((page) => page.pageNumber),
        );
        for (const [index, page] of result.pages.entries()) {
          const expected = flyer.pages[index]!;
          expect(page.id).toBe(expected.id);
          expect(page.items.map((item) => item.id)).toEqual(expected.items.map((item) => item.id));
          for (const [itemIndex, item] of page.items.entries()) {
            const demo = expected.items[itemIndex]!;
            expect(item).toMatchObject({
              box: demo.box,
              title: demo.title,
              priceText: demo.priceText,
              saleStory: demo.saleStory,
              validFrom: demo.validFrom,
              validTo: demo.validTo,
              productId: demo.productId,
            });
            if (demo.offerId === null) {
              expect(item.offer).toBeNull();
              continue;
            }
            const offer = cityOffer(demo.offerId);
            expect(item.offer).toMatchObject({
              id: offer.id,
              productId: offer.productId,
              business: { id: offer.businessId },
              quantity: offer.quantity,
              stock: stockStatus(offer.quantity),
              price: offer.price,
            });
            // Flyer deals are on sale for the flyer's week, so the hotspot shows the sale price.
            expect(item.offer?.onSale).toBe(true);
            expect(item.offer?.currentPrice).toEqual(offer.sale?.price);
          }
        }
      });

      it('shows stock changed after seeding (the offer is read live)', async () => {
        const flyer = linkedFlyer();
        const linked = flyer.pages.flatMap((page) => page.items).find((item) => item.offerId)!;
        const original = cityOffer(linked.offerId!).quantity;
        const { db } = getDb();
        const offerOf = async () => {
          const { body } = await getJson(await appAt(CITY_NOW), catalogPaths.flyer(flyer.id));
          const { result } = flyerResponse.parse(body) as { result: Flyer };
          return result.pages.flatMap((page) => page.items).find((item) => item.id === linked.id)!
            .offer!;
        };
        try {
          for (const quantity of [1, 0, 7]) {
            await db.update(offers).set({ quantity }).where(eq(offers.id, linked.offerId!));
            const offer = await offerOf();
            expect(offer.quantity).toBe(quantity);
            expect(offer.stock).toEqual(stockStatus(quantity));
          }
        } finally {
          await db.update(offers).set({ quantity: original }).where(eq(offers.id, linked.offerId!));
        }
      });

      it('answers 404 for an unknown flyer and 400 for a malformed id', async () => {
        const server = await appAt(CITY_NOW);
        expect(await getJson(server, catalogPaths.flyer(UNKNOWN_ID))).toEqual({
          statusCode: 404,
          body: { status: 0, message: commonMessages.notFound },
        });
        const malformed = await getJson(server, catalogPaths.flyer('flyer-1'));
        expect(malformed.statusCode).toBe(400);
        expect(malformed.body).toMatchObject({ status: 0 });
      });
    });
  });
}
