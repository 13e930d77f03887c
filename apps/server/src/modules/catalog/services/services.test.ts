import {
  catalogPaths,
  commonMessages,
  haversineKm,
  type Service,
  serviceListResponse,
  serviceResponse,
} from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import type { DemoBusiness, DemoCategory, DemoService } from '../demo/types.ts';
import { collectPages, getJson, isSorted } from '../shared/list-test-support.ts';

const UNKNOWN_ID = '6f1c1b1e-8a8b-4a7e-9d51-3d2f1c1e0a11';

for (const backend of testDatabases()) {
  describe(`services on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    const city = useCatalogCity(getDb);
    const app = () => makeApp({ now: () => CITY_NOW });

    const cityServices = (): DemoService[] => [...city().services];
    const businessOf = (id: string): DemoBusiness => {
      const business = city().businesses.find((candidate) => candidate.id === id);
      if (!business) throw new Error(`no business ${id}`);
      return business;
    };
    const categoryOf = (id: string): DemoCategory => {
      const category = city().categories.find((candidate) => candidate.id === id);
      if (!category) throw new Error(`no category ${id}`);
      return category;
    };
    const ids = (items: readonly { id: string }[]) => items.map((item) => item.id).sort();
    const allServices = async (params: Record<string, string | number>) =>
      (await collectPages<Service>(await app(), catalogPaths.services, params, serviceListResponse))
        .items;

    it('pages through every service without overlap, in the contract shape', async () => {
      const services = await allServices({ limit: 7 });
      expect(cityServices().length).toBeGreaterThan(7);
      expect(ids(services)).toEqual(ids(cityServices()));
      const sample = cityServices()[0]!;
      const category = categoryOf(sample.categoryId);
      expect(services.find((service) => service.id === sample.id)).toEqual({
        id: sample.id,
        business: expect.objectContaining({
          id: sample.businessId,
          name: businessOf(sample.businessId).name,
        }),
        name: sample.name,
        description: sample.description,
        price: sample.price,
        priceType: sample.priceType,
        durationMinutes: sample.durationMinutes,
        images: sample.images.map((image) => ({
          url: catalogPaths.catalogImage(image.id),
          width: image.width,
          height: image.height,
          alt: image.alt,
        })),
        category: { id: category.id, slug: category.slug, name: category.name },
        distanceKm: null,
      });
    });

    it('filters by a category and everything under it', async () => {
      const used = new Set(cityServices().map((service) => service.categoryId));
      // A category whose services sit in its subcategories, so "and under" is what is tested.
      const parent = city().categories.find(
        (category) =>
          category.kind === 'service' &&
          !used.has(category.id) &&
          city().categories.some((child) => child.parentId === category.id && used.has(child.id)),
      );
      expect(parent, 'the demo has a service category with used subcategories').toBeDefined();
      const below = new Set([parent!.id]);
      for (let grown = true; grown;) {
        grown = false;
        for (const category of city().categories) {
          if (category.parentId && below.has(category.parentId) && !below.has(category.id)) {
            below.add(category.id);
            grown = true;
          }
        }
      }
      const expected = cityServices().filter((service) => below.has(service.categoryId));
      const services = await allServices({ category: parent!.slug, limit: 50 });
      expect(ids(services)).toEqual(ids(expected));
      expect(await allServices({ category: 'no-such-category' })).toEqual([]);
    });

    it('filters by business and by price range', async () => {
      const sample = cityServices()[3]!;
      const ofBusiness = await allServices({ businessId: sample.businessId });
      expect(ids(ofBusiness)).toEqual(
        ids(cityServices().filter((service) => service.businessId === sample.businessId)),
      );

      const prices = cityServices()
        .map((service) => service.price.amount)
        .sort((a, b) => a - b);
      const minPrice = prices[Math.floor(prices.length / 3)]!;
      const maxPrice = prices[Math.floor((prices.length * 2) / 3)]!;
      const inRange = await allServices({ minPrice, maxPrice, limit: 50 });
      const expected = cityServices().filter(
        (service) => service.price.amount >= minPrice && service.price.amount <= maxPrice,
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(ids(inRange)).toEqual(ids(expected));
    });

    it('sorts by price both ways across pages', async () => {
      const ascending = await allServices({ sort: 'price_asc', limit: 4 });
      expect(ids(ascending)).toEqual(ids(cityServices()));
      expect(
        isSorted(
          ascending.map((service) => service.price.amount),
          'asc',
        ),
      ).toBe(true);
      const descending = await allServices({ sort: 'price_desc', limit: 4 });
      expect(ids(descending)).toEqual(ids(cityServices()));
      expect(
        isSorted(
          descending.map((service) => service.price.amount),
          'desc',
        ),
      ).toBe(true);
    });

    it('keeps services within the radius, nearest first', async () => {
      const provider = businessOf(cityServices()[0]!.businessId);
      const here = { lat: provider.lat - 0.012, lng: provider.lng + 0.008 };
      const radiusKm = 5;
      const services = await allServices({ ...here, radiusKm, sort: 'distance', limit: 4 });
      const expected = cityServices().filter(
        (service) => haversineKm(here, businessOf(service.businessId)) <= radiusKm,
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(ids(services)).toEqual(ids(expected));
      expect(isSorted(services.map((service) => service.distanceKm ?? Number.NaN))).toBe(true);
      const nearestKm = Math.min(
        ...expected.map((service) => haversineKm(here, businessOf(service.businessId))),
      );
      expect(services[0]!.distanceKm).toBeCloseTo(nearestKm, 2);
    });

    it('finds services by a word and despite a typo, text matches first', async () => {
      const word = cityServices()
        .flatMap((service) => service.name.split(/\s+/))
        .filter((candidate) => /^[A-Za-z]{6,}$/.test(candidate))
        .sort((a, b) => b.length - a.length || a.localeCompare(b))[0]!;
      const named = cityServices().filter((service) =>
        service.name.toLowerCase().split(/\s+/).includes(word.toLowerCase()),
      );
      const found = await allServices({ q: word, limit: 2 });
      expect(ids(found)).toEqual(expect.arrayContaining(ids(named)));
      expect(found[0]!.name.toLowerCase()).toContain(word.toLowerCase());

      const middle = Math.floor(word.length / 2);
      const typo = word.slice(0, middle) + word.slice(middle + 1);
      const misspelt = await allServices({ q: typo, limit: 50 });
      expect(ids(misspelt)).toEqual(expect.arrayContaining(ids(named)));
      expect(await allServices({ q: 'zzqxv' })).toEqual([]);
    });

    it('returns one service of its business, and 404 under another or unknown', async () => {
      const sample = cityServices()[1]!;
      const { statusCode, body } = await getJson(
        await app(),
        catalogPaths.service(sample.businessId, sample.id),
      );
      expect(statusCode).toBe(200);
      const { result } = serviceResponse.parse(body) as { result: Service };
      expect(result).toMatchObject({
        id: sample.id,
        name: sample.name,
        business: { id: sample.businessId },
        category: { id: sample.categoryId },
        distanceKm: null,
      });
      const here = { lat: 43.6532, lng: -79.3832 };
      const located = await getJson(
        await app(),
        `${catalogPaths.service(sample.businessId, sample.id)}?lat=${here.lat}&lng=${here.lng}`,
      );
      const locatedService = (serviceResponse.parse(located.body) as { result: Service }).result;
      expect(locatedService.distanceKm).toBeCloseTo(haversineKm(here, locatedService.business), 1);

      const other = cityServices().find((service) => service.businessId !== sample.businessId)!;
      const crossed = await getJson(await app(), catalogPaths.service(other.businessId, sample.id));
      expect(crossed).toEqual({
        statusCode: 404,
        body: { status: 0, message: commonMessages.notFound },
      });
      const unknown = await getJson(
        await app(),
        catalogPaths.service(sample.businessId, UNKNOWN_ID),
      );
      expect(unknown.statusCode).toBe(404);
      const malformed = await getJson(await app(), catalogPaths.service('x', sample.id));
      expect(malformed.statusCode).toBe(400);
      expect(malformed.body).toMatchObject({ status: 0 });
    });

    it('refuses bad parameters with a 400 envelope', async () => {
      const server = await app();
      const cases: [string, string][] = [
        ['sort=distance', 'sort by distance needs lat and lng'],
        ['sort=newest', 'sort must be one of'],
        ['category=Not A Slug', 'category must be a category slug'],
        ['maxPrice=-1', 'maxPrice must be at least 0'],
        ['radiusKm=500&lat=1&lng=1', 'radiusKm must be at most 100'],
        ['cursor=WyJuYW1lIiwxXQ', 'cursor is not valid'],
      ];
      for (const [query, message] of cases) {
        const { statusCode, body } = await getJson(server, `${catalogPaths.services}?${query}`);
        expect(statusCode, query).toBe(400);
        expect(body, query).toMatchObject({ status: 0, message: expect.stringContaining(message) });
      }
    });
  });
}
