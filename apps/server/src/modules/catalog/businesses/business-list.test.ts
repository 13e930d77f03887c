import {
  type BusinessSummary,
  businessListResponse,
  catalogPaths,
  DEFAULT_RADIUS_KM,
  haversineKm,
  isOpenAt,
  type LatLng,
} from '@localmart/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import type { DemoBusiness, DemoCategory } from '../demo/types.ts';
import { openStateAt, pickupPromiseOf } from '../shared/business-ref.ts';

/** The shopper stands at the middle of the city's stores, so some are near and some far. */
function centreOf(businesses: readonly DemoBusiness[]): LatLng {
  const lat = businesses.reduce((sum, b) => sum + b.lat, 0) / businesses.length;
  const lng = businesses.reduce((sum, b) => sum + b.lng, 0) / businesses.length;
  return { lat, lng };
}

function byDistanceFrom(centre: LatLng, businesses: readonly DemoBusiness[]) {
  return businesses
    .map((business) => ({ business, km: haversineKm(centre, business) }))
    .sort((a, b) => a.km - b.km || (a.business.id < b.business.id ? -1 : 1));
}

/** The category and every category below it. */
function subtreeIds(categories: readonly DemoCategory[], rootId: string): Set<string> {
  const ids = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const category of categories) {
      if (category.parentId !== null && ids.has(category.parentId) && !ids.has(category.id)) {
        ids.add(category.id);
        grew = true;
      }
    }
  }
  return ids;
}

for (const backend of testDatabases()) {
  describe(`GET businesses on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    const city = useCatalogCity(getDb);

    async function list(app: FastifyInstance, params: Record<string, string | number | boolean>) {
      const search = new URLSearchParams(
        Object.entries(params).map(([key, value]): [string, string] => [key, String(value)]),
      );
      return app.inject({ method: 'GET', url: `${catalogPaths.businesses}?${search}` });
    }

    async function page(app: FastifyInstance, params: Record<string, string | number | boolean>) {
      const response = await list(app, params);
      expect(response.statusCode, response.body).toBe(200);
      const body = businessListResponse.parse(response.json());
      if (body.status !== 1) throw new Error(body.message);
      return body;
    }

    /** Every page of a list, following nextCursor; fails on a repeated id. */
    async function allPages(
      app: FastifyInstance,
      params: Record<string, string | number | boolean>,
    ): Promise<BusinessSummary[]> {
      const seen: BusinessSummary[] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < 100; pages++) {
        const body = await page(app, cursor === null ? params : { ...params, cursor });
        seen.push(...body.results);
        cursor = body.nextCursor;
        if (cursor === null) break;
      }
      expect(new Set(seen.map((b) => b.id)).size).toBe(seen.length);
      return seen;
    }

    const appAtCityNow = () => makeApp({ now: () => CITY_NOW });

    it('lists the stores within the default radius nearest first, with their distance', async () => {
      const app = await appAtCityNow();
      const centre = centreOf(city().businesses);
      const expected = byDistanceFrom(centre, city().businesses).filter(
        ({ km }) => km <= DEFAULT_RADIUS_KM,
      );
      const body = await page(app, { ...centre, sort: 'distance', limit: 50 });
      expect(body.results.map((b) => b.id)).toEqual(expected.map(({ business }) => business.id));
      body.results.forEach((result, index) => {
        expect(result.distanceKm).toBeCloseTo(expected[index]?.km ?? -1, 2);
      });
      expect(body.nextCursor).toBeNull();
    });

    it('keeps only the stores inside radiusKm, and relevance without q means nearest first', async () => {
      const app = await appAtCityNow();
      const centre = centreOf(city().businesses);
      const sorted = byDistanceFrom(centre, city().businesses);
      // A radius between two stores' distances, so no store sits on the edge.
      const cut = Math.floor(sorted.length / 3);
      const radiusKm = ((sorted[cut - 1]?.km ?? 0) + (sorted[cut]?.km ?? 0)) / 2;
      const body = await page(app, { ...centre, radiusKm, limit: 50 });
      expect(body.results.map((b) => b.id)).toEqual(
        sorted.slice(0, cut).map(({ business }) => business.id),
      );
    });

    it('nearest first from anywhere, at any radius and page size: the whole radius, in order', async () => {
      const app = await appAtCityNow();
      const { businesses } = city();
      const centre = centreOf(businesses);
      const places: LatLng[] = [
        centre,
        { lat: businesses[0]?.lat ?? 0, lng: businesses[0]?.lng ?? 0 },
        // North of the city: no store within the first narrower radii (1, 3, 10 km).
        { lat: centre.lat + 0.12, lng: centre.lng },
      ];
      for (const place of places) {
        for (const [radiusKm, kind] of [
          [DEFAULT_RADIUS_KM, undefined],
          [5, undefined],
          [2, undefined],
          [DEFAULT_RADIUS_KM, 'retail'],
        ] as const) {
          const params = {
            ...place,
            sort: 'distance',
            radiusKm,
            ...(kind === undefined ? {} : { kind }),
          };
          const expected = byDistanceFrom(
            place,
            businesses.filter((b) => kind === undefined || b.kind === kind),
          )
            .filter(({ km }) => km <= radiusKm)
            .map(({ business }) => business.id);
          const label = JSON.stringify(params);
          const whole = await page(app, { ...params, limit: 50 });
          expect(
            whole.results.map((b) => b.id),
            label,
          ).toEqual(expected);
          const walked = await allPages(app, { ...params, limit: 3 });
          expect(
            walked.map((b) => b.id),
            label,
          ).toEqual(expected);
        }
      }
    });

    it('describes each store as the card needs it: open state at the request clock, pickup, categories', async () => {
      const app = await appAtCityNow();
      const body = await page(app, { limit: 50 });
      expect(body.results).toHaveLength(city().businesses.length);
      const categoryById = new Map(city().categories.map((c) => [c.id, c]));
      for (const result of body.results) {
        const source = city().businesses.find((b) => b.id === result.id);
        if (!source) throw new Error(`unknown business ${result.id}`);
        expect(result).toMatchObject({
          slug: source.slug,
          name: source.name,
          kind: source.kind,
          addressLine: source.addressLine,
          distanceKm: null,
          fulfilment: source.fulfilment,
          pickupPromise: pickupPromiseOf(source.pickupReadyMinutes, source.fulfilment),
          openState: openStateAt(source.hours, CITY_NOW),
        });
        expect(result.logo.url).toBe(catalogPaths.catalogImage(source.logo.id));
        expect(result.categories.map((c) => c.slug).sort()).toEqual(
          source.categoryIds.map((id) => categoryById.get(id)?.slug).sort(),
        );
      }
    });

    it('pages by keyset: page 2 continues page 1, every order, no overlap, nothing lost', async () => {
      const app = await appAtCityNow();
      const centre = centreOf(city().businesses);
      // The commonest first letter of the stores' name words: a one-letter prefix query that matches
      // many stores, most with equal scores, so the id tie-break is exercised too.
      const initials = new Map<string, number>();
      for (const business of city().businesses) {
        for (const word of business.name.toLowerCase().match(/[a-z]+/g) ?? []) {
          const initial = word.slice(0, 1);
          initials.set(initial, (initials.get(initial) ?? 0) + 1);
        }
      }
      const letter = [...initials].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'a';
      const orders: Record<string, string | number>[] = [
        { ...centre, sort: 'distance' },
        {},
        { q: letter },
      ];
      for (const params of orders) {
        const whole = await page(app, { ...params, limit: 50 });
        expect(whole.results.length).toBeGreaterThan(7);
        const first = await page(app, { ...params, limit: 4 });
        expect(first.nextCursor).not.toBeNull();
        const second = await page(app, { ...params, limit: 4, cursor: first.nextCursor ?? '' });
        expect([...first.results, ...second.results].map((b) => b.id)).toEqual(
          whole.results.slice(0, 8).map((b) => b.id),
        );
        const walked = await allPages(app, { ...params, limit: 3 });
        expect(walked.map((b) => b.id)).toEqual(whole.results.map((b) => b.id));
      }
    });

    it('filters by kind', async () => {
      const app = await appAtCityNow();
      const body = await page(app, { kind: 'restaurant', limit: 50 });
      const expected = city().businesses.filter((b) => b.kind === 'restaurant');
      expect(body.results.map((b) => b.id).sort()).toEqual(expected.map((b) => b.id).sort());
    });

    it('filters by category, including the categories below it', async () => {
      const app = await appAtCityNow();
      const { categories, businesses } = city();
      // A root whose stores are linked to its subcategories (or itself): the filter must reach down.
      const roots = categories.filter((c) => c.parentId === null);
      const withStores = roots
        .map((root) => {
          const ids = subtreeIds(categories, root.id);
          return {
            root,
            stores: businesses.filter((b) => b.categoryIds.some((id) => ids.has(id))),
          };
        })
        .filter(({ stores }) => stores.length > 1);
      const chosen = withStores[0];
      if (!chosen) throw new Error('the demo city has no category with two stores');
      const body = await page(app, {
        category: chosen.root.slug,
        kind: chosen.root.kind,
        limit: 50,
      });
      expect(body.results.map((b) => b.id).sort()).toEqual(chosen.stores.map((b) => b.id).sort());

      const unknown = await page(app, { category: 'no-such-category' });
      expect(unknown.results).toEqual([]);
    });

    it('openNow keeps the stores open at the request clock, and pages correctly', async () => {
      const app = await appAtCityNow();
      const open = city().businesses.filter((b) => isOpenAt(b.hours, CITY_NOW));
      expect(open.length).toBeGreaterThan(0);
      expect(open.length).toBeLessThan(city().businesses.length);
      const walked = await allPages(app, { openNow: true, limit: 3 });
      expect(walked.map((b) => b.id).sort()).toEqual(open.map((b) => b.id).sort());
      expect(walked.every((b) => b.openState.open)).toBe(true);
      const whole = await page(app, { openNow: true, limit: 50 });
      expect(walked.map((b) => b.id)).toEqual(whole.results.map((b) => b.id));
    });

    it('finds a store by its name, by a prefix of a word, and despite a typo', async () => {
      const app = await appAtCityNow();
      const { businesses } = city();
      const names = businesses.map((b) => b.name.toLowerCase());
      // A store with a long last word whose name no other store shares.
      const target = businesses.find((b) => {
        const last = b.name.split(' ').at(-1) ?? '';
        return (
          /^[A-Za-z]{6,}$/.test(last) &&
          names.filter((n) => n === b.name.toLowerCase()).length === 1
        );
      });
      if (!target) throw new Error('no store with a long last word');
      const words = target.name.split(' ');
      const last = words.at(-1) ?? '';

      const exact = await page(app, { q: target.name });
      expect(exact.results[0]?.id).toBe(target.id);

      const prefix = await page(app, {
        q: `${words.slice(0, -1).join(' ')} ${last.slice(0, 4)}`,
        limit: 50,
      });
      expect(prefix.results.map((b) => b.id)).toContain(target.id);

      const typo = `${words.slice(0, -1).join(' ')} ${last.slice(0, -2)}${last.slice(-1)}`;
      const near = await page(app, { q: typo, limit: 50 });
      expect(near.results.map((b) => b.id)).toContain(target.id);

      const nothing = await page(app, { q: 'zzqxv' });
      expect(nothing.results).toEqual([]);

      // Only stop words, or no word at all: no full-text query is possible, the answer still comes.
      for (const q of ['the', '%&!']) {
        expect((await list(app, { q })).statusCode).toBe(200);
      }
    });

    it('combines q with a location and sort=distance: matches only, nearest first', async () => {
      const app = await appAtCityNow();
      const centre = centreOf(city().businesses);
      const body = await page(app, { q: 'market', ...centre, sort: 'distance', limit: 50 });
      expect(body.results.length).toBeGreaterThan(1);
      const distances = body.results.map((b) => b.distanceKm ?? -1);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      const relevance = await page(app, { q: 'market', limit: 50 });
      expect(body.results.map((b) => b.id).sort()).toEqual(
        relevance.results.map((b) => b.id).sort(),
      );
    });

    it('refuses bad parameters with a 400 envelope naming the field', async () => {
      const app = await appAtCityNow();
      const nameOrder = await page(app, { limit: 2 });
      const cases: [Record<string, string | number>, RegExp][] = [
        [{ lat: 91, lng: 0 }, /lat/],
        [{ lat: 'north', lng: 0 }, /lat/],
        [{ lng: -79.4 }, /lat and lng must be given together/],
        [{ limit: 51 }, /limit must be at most 50/],
        [{ limit: 0 }, /limit/],
        [{ sort: 'distance' }, /sort by distance needs lat and lng/],
        [{ sort: 'price_asc' }, /sort must be one of/],
        [{ kind: 'bank' }, /kind must be one of/],
        [{ radiusKm: 500, lat: 43.7, lng: -79.4 }, /radiusKm/],
        [{ cursor: 'not-a-cursor' }, /cursor is not valid/],
        [{ cursor: 'a b' }, /cursor/],
        // A cursor of the name order handed to the distance order.
        [{ cursor: nameOrder.nextCursor ?? '', lat: 43.7, lng: -79.4 }, /cursor is not valid/],
      ];
      for (const [params, message] of cases) {
        const response = await list(app, params);
        expect(response.statusCode, JSON.stringify(params)).toBe(400);
        const body = response.json<{ status: number; message: string }>();
        expect(body.status).toBe(0);
        expect(body.message).toMatch(message);
      }
    });
  });
}
