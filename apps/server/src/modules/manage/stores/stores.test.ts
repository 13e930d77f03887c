import {
  type CreateStoreRequest,
  createStoreRequest,
  managePaths,
  STORE_DOCUMENT_MAX_BYTES,
  STORE_DOCUMENT_MAX_COUNT,
  STORE_PLACEHOLDER_IMAGE,
  storeMessages,
  storeOrderMessages,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { businesses } from '../../../db/schema/catalog.ts';
import { businessMembers } from '../../../db/schema/manage.ts';
import { multipartFile } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { addMember, manageClient, person, type Person } from '../manage-test-support.ts';
import { createStore } from './onboarding.service.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** A complete, valid onboarding form: a Toronto grocery open weekdays 9-17. */
function newStore(overrides: Partial<CreateStoreRequest> = {}): CreateStoreRequest {
  const day = [{ open: '09:00', close: '17:00' }];
  return {
    name: 'Maple Corner Grocery',
    kind: 'retail',
    type: 'Grocery',
    description: 'Fresh produce on Queen St W.',
    address: {
      line1: '123 Queen St W',
      city: 'Toronto',
      region: 'ON',
      postalCode: 'M5H 2M9',
      country: 'ca',
    },
    lat: 43.6511,
    lng: -79.3832,
    phone: '(416) 555-0199',
    email: 'Hello@MapleCorner.example',
    hours: { weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: [], sun: [] } },
    fulfilment: { reservePickup: true, buyOnlinePickup: true, sameDayDelivery: true },
    delivery: {
      radiusKm: 5,
      fee: { amount: 499, currency: 'CAD' },
      minimumOrder: { amount: 2500, currency: 'CAD' },
      cutoffTime: '15:00',
    },
    pickupReadyMinutes: 60,
    ...overrides,
  };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]);

for (const backend of testDatabases()) {
  describe(`stores (onboarding, settings, documents, members) on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);

    /**
     * Two fresh stores (the file shares one database, so each test makes its own): ours with an
     * owner and a staff member, another with its own owner; plus a shopper with no store.
     */
    async function world(now: () => Date = () => CITY_NOW) {
      const app = await makeApp({ now });
      const db = getDb().db;
      const [owner, staff, otherStaff, shopper] = await Promise.all([
        person(db, CITY_NOW, { name: 'Olive' }),
        person(db, CITY_NOW, { name: 'Stan' }),
        person(db, CITY_NOW, { name: 'Oscar' }),
        person(db, CITY_NOW, { name: 'Sam' }),
      ]);
      const make = async (who: Person) =>
        (
          await createStore(db, {
            userId: who.userId,
            store: createStoreRequest.parse(newStore()),
            now: CITY_NOW,
          })
        ).id;
      const storeId = await make(owner);
      const otherStoreId = await make(otherStaff);
      await db.update(businesses).set({ status: 'published' }).where(eq(businesses.id, storeId));
      await addMember(db, storeId, staff, 'staff');
      return { app, storeId, otherStoreId, owner, staff, otherStaff, shopper };
    }

    async function createAs(app: FastifyInstance, who: Person, body: unknown = newStore()) {
      return manageClient(app, who).post(managePaths.businesses, body);
    }

    async function upload(
      app: FastifyInstance,
      who: Person,
      businessId: string,
      file: { name: string; type: string; bytes: Buffer },
    ) {
      const form = multipartFile('document', file.name, file.type, file.bytes);
      return app.inject({
        method: 'POST',
        url: managePaths.documents(businessId),
        headers: { ...form.headers, authorization: `Bearer ${who.token}` },
        payload: form.payload,
      });
    }

    describe('onboarding', () => {
      it('creates a pending store owned by the caller, with placeholder images and normalised fields', async () => {
        const { app, shopper } = await world();
        const name = `Maple Corner ${Math.random().toString(36).slice(2, 8)}`;
        const slug = name.toLowerCase().replace(/ /g, '-');
        const response = await createAs(app, shopper, newStore({ name }));
        expect(response.statusCode).toBe(201);
        const body = response.json();
        expect(body).toMatchObject({ status: 1, message: storeMessages.created });
        expect(body.result.status).toBe('pending');

        const [row] = await getDb()
          .db.select()
          .from(businesses)
          .where(eq(businesses.id, body.result.id));
        expect(row).toMatchObject({
          status: 'pending',
          ownerId: shopper.userId,
          slug,
          storeCode: slug,
          type: 'grocery',
          email: 'hello@maplecorner.example',
          currency: 'CAD',
          taxRateBps: 1300,
          addressLine: '123 Queen St W, Toronto',
          pickupReadyMinutes: 60,
        });
        expect(row!.address.country).toBe('CA');
        expect(row!.hours.timeZone).toBe('America/Toronto');
        expect(row!.hours.holidays).toEqual([]);
        expect(row!.submittedAt?.toISOString()).toBe(CITY_NOW.toISOString());
        expect(row!.logo.url).toBe(STORE_PLACEHOLDER_IMAGE.url);
        expect(row!.cover.width).toBe(STORE_PLACEHOLDER_IMAGE.width);

        const members = await getDb()
          .db.select()
          .from(businessMembers)
          .where(eq(businessMembers.businessId, body.result.id));
        expect(members.map((m) => [m.userId, m.role])).toEqual([[shopper.userId, 'owner']]);

        const me = await manageClient(app, shopper).get(managePaths.me);
        expect(me.json().result.stores).toEqual([
          expect.objectContaining({
            id: body.result.id,
            status: 'pending',
            role: 'owner',
            // The manage site shows order times on the store's clock.
            timeZone: 'America/Toronto',
          }),
        ]);
      });

      it('gives two stores of the same name distinct slugs and store codes', async () => {
        const { app, shopper, owner } = await world();
        const name = `Twin Bakery ${Math.random().toString(36).slice(2, 8)}`;
        const base = name.toLowerCase().replace(/ /g, '-');
        const first = (await createAs(app, shopper, newStore({ name }))).json().result.id as string;
        const second = (await createAs(app, owner, newStore({ name }))).json().result.id as string;
        const rows = await getDb()
          .db.select({ id: businesses.id, slug: businesses.slug, code: businesses.storeCode })
          .from(businesses)
          .where(eq(businesses.name, name));
        const slugOf = (id: string) => rows.find((row) => row.id === id)?.slug;
        expect(slugOf(first)).toBe(base);
        expect(slugOf(second)).toBe(`${base}-2`);
        expect(rows.map((row) => row.code).sort()).toEqual([base, `${base}-2`]);
      });

      it('refuses an invalid form with a 400 naming each problem, and writes nothing', async () => {
        const { app, shopper } = await world();
        const response = await createAs(
          app,
          shopper,
          newStore({ name: '  ', lat: 123, taxRateBps: 13000, email: 'not-an-email' }),
        );
        expect(response.statusCode).toBe(400);
        const message = response.json().message as string;
        // Sentences for the person filling the form: no field paths in front of them.
        expect(message).toContain('Store name is required.');
        expect(message).toContain('Latitude must be between -90 and 90.');
        expect(message).toContain('Tax rate must be at most 30 %.');
        expect(message).toContain('Enter a valid email address.');
        expect(message).not.toMatch(/\b(name|lat|taxRateBps|email): /);
        // A postal code that cannot exist in the store's country, with an example of one that can.
        const postal = await createAs(
          app,
          shopper,
          newStore({ address: { ...newStore().address, postalCode: 'zzz' } }),
        );
        expect(postal.statusCode).toBe(400);
        expect(postal.json().message).toBe('Enter a Canadian postal code like M5V 2T6.');
        const mine = await getDb()
          .db.select()
          .from(businessMembers)
          .where(eq(businessMembers.userId, shopper.userId));
        expect(mine).toEqual([]);
      });

      it('checks fulfilment rules across fields: delivery terms and a pickup promise', async () => {
        const { app, shopper } = await world();
        const response = await createAs(
          app,
          shopper,
          newStore({ pickupReadyMinutes: null, delivery: null }),
        );
        expect(response.statusCode).toBe(400);
        const message = response.json().message as string;
        expect(message).toContain(
          'pickupReadyMinutes: Pickup needs a pickup-ready time in minutes',
        );
        expect(message).toContain('delivery: Same-day delivery needs a radius');
        const noPickup = await createAs(
          app,
          shopper,
          newStore({
            fulfilment: { reservePickup: false, buyOnlinePickup: false, sameDayDelivery: false },
            pickupReadyMinutes: null,
            delivery: null,
          }),
        );
        expect(noPickup.statusCode).toBe(201);
      });

      it('refuses a delivery fee in another currency than the store', async () => {
        const { app, shopper } = await world();
        const store = newStore();
        const response = await createAs(app, shopper, {
          ...store,
          delivery: { ...store.delivery!, fee: { amount: 499, currency: 'USD' } },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toContain("store's currency (CAD)");
      });

      it('limits how many stores one account creates', async () => {
        const { app, shopper } = await world();
        const statuses: number[] = [];
        for (let i = 0; i < 6; i += 1) statuses.push((await createAs(app, shopper)).statusCode);
        expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
        expect(statuses[5]).toBe(429);
      });
    });

    describe('settings', () => {
      it('shows the store to its members with their access; staff may read but not edit', async () => {
        const { app, storeId, staff, owner } = await world();
        const read = await manageClient(app, staff).get(managePaths.business(storeId));
        expect(read.statusCode).toBe(200);
        expect(read.json().result).toMatchObject({
          id: storeId,
          access: 'staff',
          status: 'published',
        });
        const edit = await manageClient(app, staff).patch(managePaths.business(storeId), {
          name: 'Hacked',
        });
        expect(edit.statusCode).toBe(403);
        const mine = await manageClient(app, owner).patch(managePaths.business(storeId), {
          name: 'Renamed Store',
          address: {
            line1: '1 King St W',
            city: 'Toronto',
            region: 'ON',
            postalCode: 'M5H 1A1',
            country: 'CA',
          },
        });
        expect(mine.statusCode).toBe(200);
        expect(mine.json().result).toMatchObject({ name: 'Renamed Store', access: 'owner' });
        const [row] = await getDb().db.select().from(businesses).where(eq(businesses.id, storeId));
        expect(row!.addressLine).toBe('1 King St W, Toronto');
      });

      it('refuses a store code another store uses and leaves the row unchanged', async () => {
        const { app, storeId, otherStoreId, owner } = await world();
        const [before] = await getDb()
          .db.select()
          .from(businesses)
          .where(eq(businesses.id, storeId));
        const [other] = await getDb()
          .db.select({ code: businesses.storeCode })
          .from(businesses)
          .where(eq(businesses.id, otherStoreId));
        const response = await manageClient(app, owner).patch(managePaths.business(storeId), {
          name: 'Should Not Stick',
          storeCode: other!.code,
        });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ status: 0, message: storeMessages.storeCodeTaken });
        const [after] = await getDb()
          .db.select()
          .from(businesses)
          .where(eq(businesses.id, storeId));
        expect(after!.name).toBe(before!.name);
        expect(after!.storeCode).toBe(before!.storeCode);

        const fine = await manageClient(app, owner).patch(managePaths.business(storeId), {
          storeCode: 'MY-STORE_01',
        });
        expect(fine.json().result.storeCode).toBe('MY-STORE_01');
      });

      it('refuses a negative delivery fee or minimum order in words, and keeps the saved terms', async () => {
        const { app, storeId, owner } = await world();
        const client = manageClient(app, owner);
        const [before] = await getDb()
          .db.select({ delivery: businesses.delivery })
          .from(businesses)
          .where(eq(businesses.id, storeId));
        const terms = newStore().delivery!;
        const fulfilment = {
          fulfilment: { reservePickup: true, buyOnlinePickup: true, sameDayDelivery: true },
          pickupReadyMinutes: 60,
        };
        const negativeFee = await client.put(managePaths.fulfilment(storeId), {
          ...fulfilment,
          delivery: { ...terms, fee: { amount: -2000, currency: 'CAD' } },
        });
        expect(negativeFee.statusCode).toBe(400);
        expect(negativeFee.json()).toEqual({
          status: 0,
          message: storeMessages.deliveryFeeNegative,
        });
        const negativeMinimum = await client.put(managePaths.fulfilment(storeId), {
          ...fulfilment,
          delivery: { ...terms, minimumOrder: { amount: -1, currency: 'CAD' } },
        });
        expect(negativeMinimum.statusCode).toBe(400);
        expect(negativeMinimum.json().message).toBe(storeMessages.minimumOrderNegative);
        const [after] = await getDb()
          .db.select({ delivery: businesses.delivery })
          .from(businesses)
          .where(eq(businesses.id, storeId));
        expect(after!.delivery).toEqual(before!.delivery);

        // Onboarding holds the same field.
        const created = await manageClient(app, owner).post(
          managePaths.businesses,
          newStore({ delivery: { ...terms, fee: { amount: -1, currency: 'CAD' } } }),
        );
        expect(created.statusCode).toBe(400);
        expect(created.json().message).toBe(storeMessages.deliveryFeeNegative);
      });

      it('saves hours with holidays and fulfilment settings', async () => {
        const { app, storeId, owner } = await world();
        const client = manageClient(app, owner);
        const day = [{ open: '10:00', close: '18:00' }];
        const hours = await client.put(managePaths.hours(storeId), {
          timeZone: 'America/Toronto',
          weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: [] },
          holidays: [{ date: '2026-12-25', name: 'Christmas Day' }],
        });
        expect(hours.statusCode).toBe(200);
        const bad = await client.put(managePaths.hours(storeId), {
          weekly: { mon: [{ open: '25:00', close: '18:00' }] },
        });
        expect(bad.statusCode).toBe(400);
        // Overlapping slots of one day are refused in words, and nothing is saved.
        const overlap = await client.put(managePaths.hours(storeId), {
          timeZone: 'America/Toronto',
          weekly: {
            ...{ mon: day, tue: day, wed: day, thu: day, fri: day, sun: [] },
            sat: [
              { open: '09:00', close: '13:00' },
              { open: '12:00', close: '17:00' },
            ],
          },
        });
        expect(overlap.statusCode).toBe(400);
        expect(overlap.json().message).toBe(
          "Saturday's hours overlap (09:00–13:00 and 12:00–17:00): change one, or join them into one.",
        );
        // Special hours for a date range are kept with the week.
        const special = await client.put(managePaths.hours(storeId), {
          timeZone: 'America/Toronto',
          weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: [] },
          holidays: [{ date: '2026-12-25', name: 'Christmas Day' }],
          special: [{ from: '2026-12-21', to: '2026-12-24', name: 'Holiday hours', intervals: [] }],
        });
        expect(special.statusCode).toBe(200);
        expect(
          (await client.get(managePaths.business(storeId))).json().result.hours.special,
        ).toEqual([{ from: '2026-12-21', to: '2026-12-24', name: 'Holiday hours', intervals: [] }]);
        const fulfilment = await client.put(managePaths.fulfilment(storeId), {
          fulfilment: { reservePickup: true, buyOnlinePickup: false, sameDayDelivery: false },
          pickupReadyMinutes: 30,
          taxRateBps: 500,
        });
        expect(fulfilment.statusCode).toBe(200);
        const detail = (await client.get(managePaths.business(storeId))).json().result;
        expect(detail.hours.holidays).toEqual([{ date: '2026-12-25', name: 'Christmas Day' }]);
        expect(detail.hours.weekly.sat).toEqual(day);
        expect(detail).toMatchObject({ taxRateBps: 500, delivery: null, pickupReadyMinutes: 30 });
        // No hold window set: the terms' default applies (issue 15).
        expect(detail.noShowHoldMinutes).toBeNull();
        const terms = {
          fulfilment: { reservePickup: true, buyOnlinePickup: false, sameDayDelivery: false },
          pickupReadyMinutes: 30,
        };
        const hold = await client.put(managePaths.fulfilment(storeId), {
          ...terms,
          noShowHoldMinutes: 120,
        });
        expect(hold.statusCode, hold.body).toBe(200);
        expect((await client.get(managePaths.business(storeId))).json().result).toMatchObject({
          noShowHoldMinutes: 120,
        });
        const tooLong = await client.put(managePaths.fulfilment(storeId), {
          ...terms,
          noShowHoldMinutes: 15 * 24 * 60,
        });
        expect(tooLong.statusCode).toBe(400);
        expect(tooLong.json()).toEqual({
          status: 0,
          message: storeOrderMessages.noShowHoldInvalid,
        });
        // Left out: unchanged; null: back to the terms' default.
        await client.put(managePaths.fulfilment(storeId), terms);
        expect(
          (await client.get(managePaths.business(storeId))).json().result.noShowHoldMinutes,
        ).toBe(120);
        await client.put(managePaths.fulfilment(storeId), { ...terms, noShowHoldMinutes: null });
        expect(
          (await client.get(managePaths.business(storeId))).json().result.noShowHoldMinutes,
        ).toBeNull();
      });

      it('pauses until a future time at most 30 days away, and resumes', async () => {
        const { app, storeId, owner } = await world();
        const client = manageClient(app, owner);
        const at = (ms: number) => new Date(CITY_NOW.getTime() + ms).toISOString();
        const past = await client.put(managePaths.pause(storeId), { until: at(-HOUR) });
        expect(past.json()).toMatchObject({ status: 0, message: storeMessages.pauseInPast });
        const tooLong = await client.put(managePaths.pause(storeId), { until: at(31 * DAY) });
        expect(tooLong.json()).toMatchObject({ status: 0, message: storeMessages.pauseTooLong });
        expect(tooLong.statusCode).toBe(400);
        const ok = await client.put(managePaths.pause(storeId), { until: at(2 * DAY) });
        expect(ok.statusCode).toBe(200);
        expect((await client.get(managePaths.business(storeId))).json().result.pausedUntil).toBe(
          at(2 * DAY),
        );
        expect((await client.delete(managePaths.pause(storeId))).statusCode).toBe(200);
        expect(
          (await client.get(managePaths.business(storeId))).json().result.pausedUntil,
        ).toBeNull();
      });

      it('submits a rejected store again; refuses a pending or published one', async () => {
        const { app, storeId, owner } = await world();
        const client = manageClient(app, owner);
        const published = await client.post(managePaths.submit(storeId));
        expect(published.statusCode).toBe(409);
        expect(published.json().message).toBe(storeMessages.alreadyPublished);

        await getDb()
          .db.update(businesses)
          .set({ status: 'rejected', reviewNote: 'Add a photo of the storefront' })
          .where(eq(businesses.id, storeId));
        const again = await client.post(managePaths.submit(storeId));
        expect(again.statusCode).toBe(200);
        const [row] = await getDb().db.select().from(businesses).where(eq(businesses.id, storeId));
        expect(row!.status).toBe('pending');
        expect(row!.submittedAt?.toISOString()).toBe(CITY_NOW.toISOString());

        const twice = await client.post(managePaths.submit(storeId));
        expect(twice.statusCode).toBe(409);
        expect(twice.json().message).toBe(storeMessages.alreadyPending);
      });
    });

    describe('verification documents', () => {
      it('decides the type by the bytes, lists and serves them as attachments', async () => {
        const { app, storeId, owner } = await world();
        const pdf = await upload(app, owner, storeId, {
          name: 'licence.png',
          type: 'image/png',
          bytes: PDF,
        });
        expect(pdf.statusCode).toBe(201);
        expect(pdf.json().result).toMatchObject({
          filename: 'licence.png',
          type: 'application/pdf',
          size: PDF.length,
        });
        const png = await upload(app, owner, storeId, {
          name: '../../etc/permit.png',
          type: 'application/pdf',
          bytes: PNG,
        });
        expect(png.json().result).toMatchObject({ type: 'image/png', filename: 'permit.png' });

        const list = await manageClient(app, owner).get(managePaths.documents(storeId));
        expect(
          list
            .json()
            .results.map((d: { type: string }) => d.type)
            .sort(),
        ).toEqual(['application/pdf', 'image/png']);

        const id = pdf.json().result.id as string;
        const download = await manageClient(app, owner).get(managePaths.document(storeId, id));
        expect(download.statusCode).toBe(200);
        expect(download.headers['content-type']).toBe('application/pdf');
        expect(download.headers['content-disposition']).toBe('attachment; filename="licence.png"');
        expect(download.headers['x-content-type-options']).toBe('nosniff');
        expect(download.rawPayload.equals(PDF)).toBe(true);
      });

      it('refuses other types (415), empty files (400), large files (413) and an 11th document', async () => {
        const { app, storeId, owner } = await world();
        const html = await upload(app, owner, storeId, {
          name: 'evil.pdf',
          type: 'application/pdf',
          bytes: Buffer.from('<html><script>alert(1)</script></html>'),
        });
        expect(html.statusCode).toBe(415);
        expect(html.json().message).toBe(storeMessages.documentWrongType);
        const empty = await upload(app, owner, storeId, {
          name: 'a.pdf',
          type: 'application/pdf',
          bytes: Buffer.alloc(0),
        });
        expect(empty.statusCode).toBe(400);
        expect(empty.json().message).toBe(storeMessages.documentMissing);
        const huge = await upload(app, owner, storeId, {
          name: 'big.pdf',
          type: 'application/pdf',
          bytes: Buffer.concat([PDF, Buffer.alloc(STORE_DOCUMENT_MAX_BYTES)]),
        });
        expect(huge.statusCode).toBe(413);
        expect(huge.json().message).toBe(storeMessages.documentTooLarge);

        for (let i = 0; i < STORE_DOCUMENT_MAX_COUNT; i += 1) {
          const ok = await upload(app, owner, storeId, {
            name: `d${i}.pdf`,
            type: 'x',
            bytes: PDF,
          });
          expect(ok.statusCode).toBe(201);
        }
        const over = await upload(app, owner, storeId, { name: 'x.pdf', type: 'x', bytes: PDF });
        expect(over.statusCode).toBe(409);
        expect(over.json().message).toBe(storeMessages.documentLimit);
      });

      it("keeps each store's documents to itself", async () => {
        const { app, storeId, otherStoreId, owner, otherStaff, staff } = await world();
        const mine = await upload(app, owner, storeId, { name: 'a.pdf', type: 'x', bytes: PDF });
        const id = mine.json().result.id as string;
        // Another store's owner: refused by the guard on our store...
        const foreign = await manageClient(app, otherStaff).get(managePaths.document(storeId, id));
        expect(foreign.statusCode).toBe(403);
        // ...and the id is not found under their own store.
        const viaOwn = await manageClient(app, otherStaff).get(
          managePaths.document(otherStoreId, id),
        );
        expect(viaOwn.statusCode).toBe(404);
        // Staff never see verification documents.
        expect(
          (await manageClient(app, staff).get(managePaths.documents(storeId))).statusCode,
        ).toBe(403);
      });
    });

    describe('members', () => {
      // Inviting, accepting and changing roles: invitations/invitations.test.ts.
      it('keeps the last owner; an owner may remove staff and other owners', async () => {
        const { app, storeId, owner, staff } = await world();
        const client = manageClient(app, owner);
        const last = await client.delete(managePaths.member(storeId, owner.userId));
        expect(last.statusCode).toBe(409);
        expect(last.json().message).toBe(storeMessages.lastOwner);

        expect((await client.delete(managePaths.member(storeId, staff.userId))).statusCode).toBe(
          200,
        );
        const second = await person(getDb().db, CITY_NOW, { name: 'Otto' });
        await addMember(getDb().db, storeId, second, 'owner');
        expect((await client.delete(managePaths.member(storeId, second.userId))).statusCode).toBe(
          200,
        );
        const unknown = await client.delete(managePaths.member(storeId, staff.userId));
        expect(unknown.statusCode).toBe(404);
        const left = (await client.get(managePaths.members(storeId))).json().results as {
          userId: string;
        }[];
        expect(left.map((m) => m.userId)).toEqual([owner.userId]);
      });
    });
  });
}
