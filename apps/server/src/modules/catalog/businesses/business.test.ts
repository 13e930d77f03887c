import {
  businessDetailResponse,
  catalogPaths,
  type CategoryNode,
  categoryTreeResponse,
  commonMessages,
  CONTACT_SENT_MESSAGE,
  DEFAULT_APP_NAME,
  formatLocalDate,
  galleryResponse,
  haversineKm,
  teamMemberResponse,
  teamResponse,
  toLocalDate,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages } from '../../../db/schema/index.ts';
import { mailTo, uniqueEmail } from '../../../test/accounts.ts';
import { csrfHeaders, useTestApp } from '../../../test/app.ts';
import { rateLimitRules } from '../../rate-limit/rate-limit-rules.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import type { DemoBusiness } from '../demo/types.ts';
import { openStateAt } from '../shared/business-ref.ts';

const UNKNOWN_ID = '0b8f8a52-4c1e-4d57-9f0e-6d1f2a3b4c5d';

for (const backend of testDatabases()) {
  describe(`store pages on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    const city = useCatalogCity(getDb);
    const appAtCityNow = () => makeApp({ now: () => CITY_NOW });

    const get = async (url: string) => (await appAtCityNow()).inject({ method: 'GET', url });

    function expectFailure(
      response: { statusCode: number; json: () => unknown },
      status: number,
      message: string | RegExp,
    ) {
      expect(response.statusCode).toBe(status);
      const body = response.json() as { status: number; message: string };
      expect(body.status).toBe(0);
      expect(body.message).toMatch(message);
    }

    /** A store that has a flyer valid on its own calendar day at CITY_NOW, and a team. */
    function storeWithFlyer(): DemoBusiness {
      for (const flyer of city().flyers) {
        const business = city().businesses.find((b) => b.id === flyer.businessId);
        if (!business) continue;
        const today = formatLocalDate(toLocalDate(CITY_NOW, business.hours.timeZone));
        if (flyer.validFrom <= today && today <= flyer.validTo) return business;
      }
      throw new Error('no flyer is valid at CITY_NOW');
    }

    it('answers a store page with its details and the count of each tab', async () => {
      const business = storeWithFlyer();
      const response = await get(catalogPaths.business(business.id));
      expect(response.statusCode).toBe(200);
      const body = businessDetailResponse.parse(response.json());
      if (body.status !== 1) throw new Error(body.message);
      const own = <T extends { businessId: string }>(items: Iterable<T>) =>
        [...items].filter((item) => item.businessId === business.id).length;
      const today = formatLocalDate(toLocalDate(CITY_NOW, business.hours.timeZone));
      expect(body.result).toMatchObject({
        id: business.id,
        name: business.name,
        description: business.description,
        address: business.address,
        phone: business.phone,
        email: business.email,
        website: business.website,
        currency: business.currency,
        hours: business.hours,
        delivery: business.delivery,
        pickupReadyMinutes: business.pickupReadyMinutes,
        openState: openStateAt(business.hours, CITY_NOW),
        distanceKm: null,
        counts: {
          products: own(city().offers),
          menus: own(city().menus),
          services: own(city().services),
          flyers: [...city().flyers].filter(
            (f) => f.businessId === business.id && f.validFrom <= today && today <= f.validTo,
          ).length,
          team: own(city().teamMembers),
          gallery: own(city().galleryItems),
        },
      });
      expect(body.result.counts.flyers).toBeGreaterThan(0);
      expect(body.result.cover.url).toBe(catalogPaths.catalogImage(business.cover.id));
    });

    it('puts the distance from the shopper on a store page asked with a location', async () => {
      const business = city().businesses[0]!;
      const here = { lat: 43.6532, lng: -79.3832 };
      const located = businessDetailResponse.parse(
        (await get(`${catalogPaths.business(business.id)}?lat=${here.lat}&lng=${here.lng}`)).json(),
      );
      if (located.status !== 1) throw new Error(located.message);
      const expected = haversineKm(here, business);
      expect(located.result.distanceKm).toBeCloseTo(expected, 1);
      expect(located.result.distanceKm).toBeGreaterThan(0);
      const unlocated = businessDetailResponse.parse(
        (await get(catalogPaths.business(business.id))).json(),
      );
      if (unlocated.status !== 1) throw new Error(unlocated.message);
      expect(unlocated.result.distanceKm).toBeNull();
      expectFailure(
        await get(`${catalogPaths.business(business.id)}?lat=${here.lat}`),
        400,
        /lat and lng/,
      );
    });

    it('answers 404 for an unknown store and 400 for an id that is not a UUID, on every route', async () => {
      for (const url of [
        catalogPaths.business(UNKNOWN_ID),
        catalogPaths.businessTeam(UNKNOWN_ID),
        catalogPaths.businessGallery(UNKNOWN_ID),
        catalogPaths.businessTeamMember(UNKNOWN_ID, UNKNOWN_ID),
      ]) {
        expectFailure(await get(url), 404, commonMessages.notFound);
      }
      for (const url of [
        catalogPaths.business('42'),
        catalogPaths.businessTeam('not-an-id'),
        catalogPaths.businessGallery('x'),
        catalogPaths.businessTeamMember(UNKNOWN_ID, 'nope'),
      ]) {
        expectFailure(await get(url), 400, /Invalid id/);
      }
    });

    it('lists the team in the store’s order, and answers one member', async () => {
      const team = [...city().teamMembers];
      const business = city().businesses.find(
        (b) => team.filter((m) => m.businessId === b.id).length > 1,
      );
      if (!business) throw new Error('no store with a team');
      const members = team
        .filter((m) => m.businessId === business.id)
        .sort((a, b) => a.position - b.position);

      const response = await get(catalogPaths.businessTeam(business.id));
      const body = teamResponse.parse(response.json());
      if (body.status !== 1) throw new Error(body.message);
      expect(body.results.map((m) => m.id)).toEqual(members.map((m) => m.id));
      expect(body.results[0]).toEqual({
        id: members[0]?.id,
        businessId: business.id,
        name: members[0]?.name,
        role: members[0]?.role,
        bio: members[0]?.bio,
        photo: {
          url: catalogPaths.catalogImage(members[0]?.photo.id ?? ''),
          width: members[0]?.photo.width,
          height: members[0]?.photo.height,
          alt: members[0]?.photo.alt,
        },
      });

      const member = members[1];
      if (!member) throw new Error('unreachable');
      const one = teamMemberResponse.parse(
        (await get(catalogPaths.businessTeamMember(business.id, member.id))).json(),
      );
      expect(one.status === 1 && one.result.name).toBe(member.name);

      // A member of another store is not found under this one.
      const stranger = team.find((m) => m.businessId !== business.id);
      if (!stranger) throw new Error('every member is in one store');
      expectFailure(
        await get(catalogPaths.businessTeamMember(business.id, stranger.id)),
        404,
        commonMessages.notFound,
      );
    });

    it('lists the gallery with photos and videos (poster plus playable clip)', async () => {
      const items = [...city().galleryItems];
      const video = items.find((item) => item.type === 'video');
      if (video?.type !== 'video') throw new Error('the demo gallery has no video');
      const expected = items
        .filter((item) => item.businessId === video.businessId)
        .sort((a, b) => a.position - b.position);

      const body = galleryResponse.parse(
        (await get(catalogPaths.businessGallery(video.businessId))).json(),
      );
      if (body.status !== 1) throw new Error(body.message);
      expect(body.results.map((item) => [item.id, item.type])).toEqual(
        expected.map((item) => [item.id, item.type]),
      );
      const answered = body.results.find((item) => item.id === video.id);
      expect(answered).toEqual({
        id: video.id,
        businessId: video.businessId,
        caption: video.caption,
        type: 'video',
        poster: {
          url: catalogPaths.catalogImage(video.poster.id),
          width: video.poster.width,
          height: video.poster.height,
          alt: video.poster.alt,
        },
        video: {
          url: catalogPaths.catalogImage(video.clip.id),
          mimeType: 'image/svg+xml',
          width: video.clip.width,
          height: video.clip.height,
          durationSeconds: video.durationSeconds,
        },
      });
    });

    it('answers a kind’s category tree, nested as the rows say', async () => {
      const { categories } = city();
      const walk = (nodes: CategoryNode[], parentId: string | null): number =>
        nodes.reduce((seen, node) => {
          const source = categories.find((c) => c.id === node.id);
          expect(source).toMatchObject({ slug: node.slug, kind: node.kind, parentId });
          expect(node.parentId).toBe(parentId);
          return seen + 1 + walk(node.children, node.id);
        }, 0);

      for (const kind of ['retail', 'restaurant', 'service'] as const) {
        const body = categoryTreeResponse.parse(
          (await get(`${catalogPaths.categories}?kind=${kind}`)).json(),
        );
        if (body.status !== 1) throw new Error(body.message);
        const ofKind = categories.filter((c) => c.kind === kind);
        expect(body.results.map((n) => n.id)).toEqual(
          ofKind
            .filter((c) => c.parentId === null)
            .sort((a, b) => a.position - b.position)
            .map((c) => c.id),
        );
        expect(walk(body.results, null)).toBe(ofKind.length);
      }

      const byDefault = categoryTreeResponse.parse((await get(catalogPaths.categories)).json());
      expect(byDefault.status === 1 && byDefault.results.every((n) => n.kind === 'retail')).toBe(
        true,
      );
      expectFailure(await get(`${catalogPaths.categories}?kind=bank`), 400, /kind must be one of/);
    });

    describe('contact form', () => {
      const form = (email = uniqueEmail('contact')) => ({
        name: 'Grace Hopper',
        email,
        phone: '416 555 0100',
        message: 'Do you have <oat milk> in stock this weekend?',
      });

      it('keeps the message and emails the store, reply-to the shopper', async () => {
        const app = await appAtCityNow();
        const business = city().businesses[0];
        if (!business) throw new Error('empty city');
        const sent = form();
        const response = await app.inject({
          method: 'POST',
          url: catalogPaths.businessContact(business.id),
          headers: await csrfHeaders(app),
          payload: { ...sent, name: `  ${sent.name} ` },
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ status: 1, message: CONTACT_SENT_MESSAGE });

        const { db } = getDb();
        const rows = await db
          .select()
          .from(contactMessages)
          .where(eq(contactMessages.email, sent.email));
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          businessId: business.id,
          userId: null,
          name: sent.name,
          phone: sent.phone,
          message: sent.message,
        });

        const [mail] = await mailTo(db, business.email);
        expect(mail?.subject).toContain(sent.name);
        expect(mail?.subject).toContain(`on ${DEFAULT_APP_NAME}`);
        expect(mail?.text).toContain(sent.message);
        expect(mail?.text).toContain(sent.email);
        // The shopper's words are escaped in the HTML part.
        expect(mail?.html).toContain('&#60;oat milk&#62;');
        expect(mail?.html).not.toContain('<oat milk>');
      });

      it('refuses an invalid form with the field’s message and keeps nothing', async () => {
        const app = await appAtCityNow();
        const business = city().businesses[1];
        if (!business) throw new Error('empty city');
        const headers = await csrfHeaders(app);
        const cases: [Record<string, unknown>, RegExp][] = [
          [{ ...form(), message: 'Too short' }, /Message must be at least 10 characters/],
          [{ ...form(), email: 'not-an-email' }, /Please enter a valid email/],
          [{ ...form(), name: '   ' }, /Please enter your name/],
          [{ email: uniqueEmail(), message: 'A long enough message' }, /name/],
        ];
        for (const [payload, message] of cases) {
          const response = await app.inject({
            method: 'POST',
            url: catalogPaths.businessContact(business.id),
            headers,
            payload,
          });
          expectFailure(response, 400, message);
        }
        const rows = await getDb()
          .db.select()
          .from(contactMessages)
          .where(eq(contactMessages.businessId, business.id));
        expect(rows).toEqual([]);
      });

      it('limits how often one address can write', async () => {
        const app = await appAtCityNow();
        const business = city().businesses[3];
        if (!business) throw new Error('empty city');
        const sent = form();
        const post = async () =>
          app.inject({
            method: 'POST',
            url: catalogPaths.businessContact(business.id),
            headers: await csrfHeaders(app),
            payload: sent,
          });
        for (let attempt = 0; attempt < rateLimitRules.businessContact.perEmail.limit; attempt++) {
          expect((await post()).statusCode).toBe(200);
        }
        const refused = await post();
        expectFailure(refused, 429, commonMessages.tooManyRequests);
        expect(refused.headers['retry-after']).toBeDefined();
      });

      it('needs the CSRF token, and a store that exists', async () => {
        const app = await appAtCityNow();
        const business = city().businesses[2];
        if (!business) throw new Error('empty city');
        const withoutToken = await app.inject({
          method: 'POST',
          url: catalogPaths.businessContact(business.id),
          payload: form(),
        });
        expectFailure(withoutToken, 403, commonMessages.csrfMissing);

        const unknown = await app.inject({
          method: 'POST',
          url: catalogPaths.businessContact(UNKNOWN_ID),
          headers: await csrfHeaders(app),
          payload: form(),
        });
        expectFailure(unknown, 404, commonMessages.notFound);
      });
    });
  });
}
