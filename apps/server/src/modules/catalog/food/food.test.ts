import {
  catalogPaths,
  commonMessages,
  type FoodItemSummary,
  foodItemListResponse,
  haversineKm,
  type Menu,
  menuListResponse,
  menuResponse,
} from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import type { DemoBusiness, DemoMenu, DemoMenuItem } from '../demo/types.ts';
import { collectPages, getJson, isSorted } from '../shared/list-test-support.ts';

const UNKNOWN_ID = '6f1c1b1e-8a8b-4a7e-9d51-3d2f1c1e0a11';

interface CityItem extends DemoMenuItem {
  menuId: string;
  business: DemoBusiness;
}

for (const backend of testDatabases()) {
  describe(`menus and food items on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    const city = useCatalogCity(getDb);
    const app = () => makeApp({ now: () => CITY_NOW });

    const menus = (): DemoMenu[] => [...city().menus];
    const businessOf = (id: string): DemoBusiness => {
      const business = city().businesses.find((candidate) => candidate.id === id);
      if (!business) throw new Error(`no business ${id}`);
      return business;
    };
    const cityItems = (): CityItem[] =>
      menus().flatMap((menu) =>
        menu.sections.flatMap((section) =>
          section.items.map((item) => ({
            ...item,
            menuId: menu.id,
            business: businessOf(menu.businessId),
          })),
        ),
      );
    const ids = (items: readonly { id: string }[]) => items.map((item) => item.id).sort();
    const allFoodItems = async (params: Record<string, string | number>) =>
      (
        await collectPages<FoodItemSummary>(
          await app(),
          catalogPaths.foodItems,
          params,
          foodItemListResponse,
        )
      ).items;

    describe('GET businessMenus', () => {
      it("lists a restaurant's menus with their item count and first dish's image", async () => {
        const menu = menus()[0]!;
        const { statusCode, body } = await getJson(
          await app(),
          catalogPaths.businessMenus(menu.businessId),
        );
        expect(statusCode).toBe(200);
        const { results } = menuListResponse.parse(body) as { results: unknown[] };
        expect(results).toHaveLength(
          menus().filter((m) => m.businessId === menu.businessId).length,
        );
        const firstItem = menu.sections[0]!.items[0]!;
        expect(results[0]).toMatchObject({
          id: menu.id,
          name: menu.name,
          description: menu.description,
          business: { id: menu.businessId, name: businessOf(menu.businessId).name },
          itemCount: menu.sections.reduce((sum, section) => sum + section.items.length, 0),
          image: { url: catalogPaths.catalogImage(firstItem.image.id), alt: firstItem.image.alt },
        });
      });

      it('answers an empty list for a business without menus', async () => {
        const retail = city().businesses.find((business) => business.kind === 'retail')!;
        const { statusCode, body } = await getJson(
          await app(),
          catalogPaths.businessMenus(retail.id),
        );
        expect(statusCode).toBe(200);
        expect(body).toEqual({ status: 1, results: [] });
      });

      it('answers 404 for an unknown business and 400 for a malformed id', async () => {
        const unknown = await getJson(await app(), catalogPaths.businessMenus(UNKNOWN_ID));
        expect(unknown).toEqual({
          statusCode: 404,
          body: { status: 0, message: commonMessages.notFound },
        });
        const malformed = await getJson(await app(), catalogPaths.businessMenus('not-a-uuid'));
        expect(malformed.statusCode).toBe(400);
        expect(malformed.body).toMatchObject({ status: 0, message: expect.stringContaining('id') });
      });
    });

    describe('GET menu', () => {
      it('returns the sections and dishes in menu order, with options', async () => {
        const menu = menus()[1]!;
        const { statusCode, body } = await getJson(
          await app(),
          catalogPaths.menu(menu.businessId, menu.id),
        );
        expect(statusCode).toBe(200);
        const { result } = menuResponse.parse(body) as {
          result: Menu;
        };
        expect(result.business.id).toBe(menu.businessId);
        expect(result.sections.map((section) => section.id)).toEqual(
          menu.sections.map((section) => section.id),
        );
        for (const [index, section] of result.sections.entries()) {
          const expected = menu.sections[index]!;
          expect(section.name).toBe(expected.name);
          expect(section.items.map((item) => item.id)).toEqual(
            expected.items.map((item) => item.id),
          );
        }
        const withOptions = menu.sections
          .flatMap((section) => section.items)
          .find((item) => item.optionGroups.length > 0);
        expect(withOptions, 'the demo menu has a dish with options').toBeDefined();
        const served = result.sections
          .flatMap((section) => section.items)
          .find((item) => item.id === withOptions!.id)!;
        expect(served).toEqual({
          id: withOptions!.id,
          name: withOptions!.name,
          description: withOptions!.description,
          price: withOptions!.price,
          image: {
            url: catalogPaths.catalogImage(withOptions!.image.id),
            width: withOptions!.image.width,
            height: withOptions!.image.height,
            alt: withOptions!.image.alt,
          },
          dietaryTags: withOptions!.dietaryTags,
          optionGroups: withOptions!.optionGroups,
          available: withOptions!.available,
        });
      });

      it('answers 404 for a menu asked for under another business, or an unknown one', async () => {
        const [first, second] = menus();
        const crossed = await getJson(
          await app(),
          catalogPaths.menu(second!.businessId, first!.id),
        );
        expect(crossed).toEqual({
          statusCode: 404,
          body: { status: 0, message: commonMessages.notFound },
        });
        const unknown = await getJson(
          await app(),
          catalogPaths.menu(first!.businessId, UNKNOWN_ID),
        );
        expect(unknown.statusCode).toBe(404);
        const malformed = await getJson(await app(), catalogPaths.menu(first!.businessId, '42'));
        expect(malformed.statusCode).toBe(400);
        expect(malformed.body).toMatchObject({ status: 0 });
      });
    });

    describe('GET foodItems', () => {
      it('pages through every dish by name without overlap', async () => {
        const items = await allFoodItems({ limit: 7 });
        expect(ids(items)).toEqual(ids(cityItems()));
        expect(items.length).toBeGreaterThan(7);
        const sample = cityItems()[0]!;
        expect(items.find((item) => item.id === sample.id)).toMatchObject({
          menuId: sample.menuId,
          price: sample.price,
          business: { id: sample.business.id },
          distanceKm: null,
        });
      });

      it('filters by dietary tag', async () => {
        const items = await allFoodItems({ dietary: 'vegetarian', limit: 50 });
        const expected = cityItems().filter((item) => item.dietaryTags.includes('vegetarian'));
        expect(expected.length).toBeGreaterThan(0);
        expect(ids(items)).toEqual(ids(expected));
        expect(items.every((item) => item.dietaryTags.includes('vegetarian'))).toBe(true);
      });

      it('filters by business and by price range', async () => {
        const menu = menus()[2]!;
        const ofBusiness = await allFoodItems({ businessId: menu.businessId, limit: 50 });
        expect(ids(ofBusiness)).toEqual(
          ids(cityItems().filter((item) => item.business.id === menu.businessId)),
        );

        const prices = cityItems()
          .map((item) => item.price.amount)
          .sort((a, b) => a - b);
        const minPrice = prices[Math.floor(prices.length / 4)]!;
        const maxPrice = prices[Math.floor(prices.length / 2)]!;
        const inRange = await allFoodItems({ minPrice, maxPrice, limit: 50 });
        const expected = cityItems().filter(
          (item) => item.price.amount >= minPrice && item.price.amount <= maxPrice,
        );
        expect(expected.length).toBeGreaterThan(0);
        expect(ids(inRange)).toEqual(ids(expected));
      });

      it('sorts by price both ways across pages', async () => {
        const ascending = await allFoodItems({ sort: 'price_asc', limit: 9 });
        expect(ascending).toHaveLength(cityItems().length);
        expect(
          isSorted(
            ascending.map((item) => item.price.amount),
            'asc',
          ),
        ).toBe(true);
        const descending = await allFoodItems({ sort: 'price_desc', limit: 9 });
        expect(ids(descending)).toEqual(ids(cityItems()));
        expect(
          isSorted(
            descending.map((item) => item.price.amount),
            'desc',
          ),
        ).toBe(true);
      });

      it('keeps dishes within the radius, nearest first, with their distance', async () => {
        const restaurant = businessOf(menus()[0]!.businessId);
        // A point a little off the first restaurant, so distances differ and are not all zero.
        const here = { lat: restaurant.lat + 0.01, lng: restaurant.lng - 0.01 };
        const radiusKm = 4;
        const items = await allFoodItems({ ...here, radiusKm, sort: 'distance', limit: 6 });
        const expected = cityItems().filter((item) => haversineKm(here, item.business) <= radiusKm);
        expect(expected.length).toBeGreaterThan(0);
        expect(ids(items)).toEqual(ids(expected));
        const distances = items.map((item) => item.distanceKm ?? Number.NaN);
        expect(isSorted(distances, 'asc')).toBe(true);
        const nearest = [...expected].sort(
          (a, b) => haversineKm(here, a.business) - haversineKm(here, b.business),
        )[0]!;
        expect(items[0]!.business.id).toBe(nearest.business.id);
        expect(items[0]!.distanceKm).toBeCloseTo(haversineKm(here, nearest.business), 2);

        // Without q, 'relevance' (the default) is nearest first too.
        const byDefault = await allFoodItems({ ...here, radiusKm, limit: 50 });
        expect(byDefault.map((item) => item.id)).toEqual(items.map((item) => item.id));
      });

      it('finds dishes by a word, by its prefix and despite a typo, best match first', async () => {
        // The longest single word of any dish name, so the prefix and the typo stay distinctive.
        const word = cityItems()
          .flatMap((item) => item.name.split(/\s+/))
          .filter((candidate) => /^[A-Za-z]+$/.test(candidate))
          .sort((a, b) => b.length - a.length || a.localeCompare(b))[0]!;
        const named = cityItems().filter((item) =>
          item.name.toLowerCase().split(/\s+/).includes(word.toLowerCase()),
        );

        const exact = await allFoodItems({ q: word, limit: 3 });
        expect(ids(exact)).toEqual(expect.arrayContaining(ids(named)));
        expect(exact[0]!.name.toLowerCase()).toContain(word.toLowerCase());

        const prefix = await allFoodItems({ q: word.slice(0, 5), limit: 50 });
        expect(ids(prefix)).toEqual(expect.arrayContaining(ids(named)));

        // One letter dropped from the middle: no lexeme matches, the name's trigrams still do.
        const middle = Math.floor(word.length / 2);
        const typo = word.slice(0, middle) + word.slice(middle + 1);
        const misspelt = await allFoodItems({ q: typo, limit: 50 });
        expect(ids(misspelt)).toEqual(expect.arrayContaining(ids(named)));

        const nothing = await allFoodItems({ q: 'zzqxv', limit: 50 });
        expect(nothing).toEqual([]);
        // Punctuation only: no words to search for, and still a plain empty answer, not a 500.
        expect(await allFoodItems({ q: '%!&|', limit: 50 })).toEqual([]);
      });

      it('pages a relevance-ranked search in the same order as one big page', async () => {
        // The most common word of four letters or more among dish names: several matches to page.
        const counts = new Map<string, number>();
        for (const item of cityItems()) {
          for (const word of item.name.toLowerCase().match(/[a-z]{4,}/g) ?? []) {
            counts.set(word, (counts.get(word) ?? 0) + 1);
          }
        }
        const q = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
        const small = await allFoodItems({ q, limit: 2 });
        const big = await allFoodItems({ q, limit: 50 });
        expect(big.length).toBeGreaterThan(2);
        expect(small.map((item) => item.id)).toEqual(big.map((item) => item.id));
      });

      it('refuses bad parameters with a 400 envelope', async () => {
        const server = await app();
        const cases: [string, string][] = [
          ['sort=distance', 'sort by distance needs lat and lng'],
          ['dietary=keto', 'dietary tag must be one of'],
          ['minPrice=500&maxPrice=100', 'minPrice must not be more than maxPrice'],
          ['lat=43.6', 'lat and lng must be given together'],
          ['limit=51', 'limit must be at most 50'],
          ['businessId=abc', 'businessId must be a UUID'],
          ['cursor=!!', 'cursor is not valid'],
          ['cursor=bm90LWpzb24', 'cursor is not valid'],
        ];
        for (const [query, message] of cases) {
          const { statusCode, body } = await getJson(server, `${catalogPaths.foodItems}?${query}`);
          expect(statusCode, query).toBe(400);
          expect(body, query).toMatchObject({
            status: 0,
            message: expect.stringContaining(message),
          });
        }
      });

      it('refuses a cursor minted for another sort', async () => {
        const server = await app();
        const first = await getJson(server, `${catalogPaths.foodItems}?sort=price_asc&limit=2`);
        const cursor = (first.body as { nextCursor: string }).nextCursor;
        expect(cursor).toEqual(expect.any(String));
        const crossed = await getJson(
          server,
          `${catalogPaths.foodItems}?sort=price_desc&limit=2&cursor=${cursor}`,
        );
        expect(crossed).toEqual({
          statusCode: 400,
          body: { status: 0, message: 'cursor is not valid' },
        });
      });
    });
  });
}
