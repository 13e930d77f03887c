import {
  apiPaths,
  catalogPaths,
  commercePaths,
  commonMessages,
  INVENTORY_FEED_FIELD,
  inputMessages,
  managePaths,
  PROFILE_PICTURE_FIELD,
} from '@localmart/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { businesses } from '../db/schema/catalog.ts';
import { INVALID_CURSOR_MESSAGE } from '../modules/catalog/shared/cursor.ts';
import {
  feedUpload,
  storeFeedIdentity,
  storeShelf,
} from '../modules/manage/inventory/inventory-test-support.ts';
import { manageCast, manageClient } from '../modules/manage/manage-test-support.ts';
import { registration } from '../test/accounts.ts';
import { csrfHeaders, useTestApp } from '../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../test/databases.ts';
import { eq } from 'drizzle-orm';

/**
 * Issue 13, the exact inputs that answered 500 with a logged stack: each is now a 4xx envelope (or,
 * for PayU's return, a redirect) worded for a person, and nothing is logged as unexpected.
 */

const cursorOf = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');

for (const backend of testDatabases()) {
  describe(`input that cannot cause a 500, ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const city = useCatalogCity(getDb);
    const makeApp = useTestApp(getDb);

    async function appWithLog() {
      const lines: string[] = [];
      const app = await makeApp({
        now: () => CITY_NOW,
        env: { LOG_LEVEL: 'error', RATE_LIMIT_MULTIPLIER: '100' },
        logStream: { write: (line) => lines.push(line) },
      });
      return { app, lines };
    }

    function noStack(lines: string[]) {
      expect(lines.filter((line) => line.includes('request failed unexpectedly'))).toEqual([]);
    }

    async function postJson(app: FastifyInstance, url: string, body: unknown) {
      return app.inject({
        method: 'POST',
        url,
        headers: { ...(await csrfHeaders(app)), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    }

    it('registration: a NUL or half an emoji in a name is a 400 naming the field in words', async () => {
      const { app, lines } = await appWithLog();
      const nul = await postJson(app, apiPaths.registration, {
        ...registration(),
        first_name: 'Sam\u0000',
      });
      expect(nul.statusCode).toBe(400);
      expect(nul.json()).toEqual({
        status: 0,
        message: inputMessages.controlCharacter('the first name'),
      });
      expect(nul.json().message).toBe(
        'Remove the invisible control character from the first name.',
      );

      const broken = await postJson(app, apiPaths.registration, {
        ...registration(),
        last_name: 'Shopper\uD83D',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().message).toBe(inputMessages.brokenCharacter('the last name'));
      noStack(lines);
    });

    it('the store contact form: a NUL in the message is a 400 in the form’s own words', async () => {
      const { app, lines } = await appWithLog();
      const store = city().businesses[0]!;
      const response = await postJson(app, catalogPaths.businessContact(store.id), {
        name: 'Sam',
        email: 'sam@example.com',
        message: 'Hello there\u0000, is this open?',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status: 0,
        message: 'Remove the invisible control character from your message.',
      });
      noStack(lines);
    });

    it("PayU's return: a NUL in the form body still lands the shopper on a page", async () => {
      const { app, lines } = await appWithLog();
      const response = await app.inject({
        method: 'POST',
        url: commercePaths.payuReturn,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'txnid=abc%00def&status=success&hash=%00&mihpayid=1%ED%A0%80',
      });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBeTruthy();
      noStack(lines);
    });

    it('a menu item priced 2147483648 (past an integer column) is a 400, not a database error', async () => {
      const { app, lines } = await appWithLog();
      const [store, otherStore] = city().businesses.filter((b) => b.kind === 'restaurant');
      const { owner } = await manageCast(getDb().db, CITY_NOW, {
        storeId: store!.id,
        otherStoreId: otherStore!.id,
      });
      const client = manageClient(app, owner);
      const menu = await client.post(managePaths.menus(store!.id), {
        name: 'Big',
        sections: [{ name: 'S' }],
      });
      expect(menu.statusCode).toBe(201);
      const sectionId = menu.json().result.sections[0].id as string;
      const response = await client.post(managePaths.menuItems(store!.id, sectionId), {
        name: 'Gold',
        priceAmount: 2_147_483_648,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 0, message: inputMessages.amountTooLarge });
      noStack(lines);
    });

    it('a feed price of 50000000.00 is a row error of the import, not a 500', async () => {
      const { app, lines } = await appWithLog();
      const db = getDb().db;
      const withOffers = city().businesses.filter((b) => b.kind === 'retail');
      let storeId: string | undefined;
      let gtin: string | undefined;
      for (const candidate of withOffers) {
        const shelf = await storeShelf(db, candidate.id);
        if (shelf[0]) {
          storeId = candidate.id;
          gtin = shelf[0].gtin ?? undefined;
          break;
        }
      }
      if (!storeId || !gtin) throw new Error('no store with offers');
      const other = withOffers.find((b) => b.id !== storeId)!;
      const { owner } = await manageCast(db, CITY_NOW, { storeId, otherStoreId: other.id });
      const { storeCode } = await storeFeedIdentity(db, storeId);
      const form = feedUpload(
        `store_code,gtin,quantity,price\n${storeCode},${gtin},3,50000000.00\n`,
      );
      const response = await app.inject({
        method: 'POST',
        url: managePaths.inventoryImports(storeId),
        headers: { ...form.headers, authorization: `Bearer ${owner.token}` },
        payload: form.payload,
      });
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.body).toContain('price 50000000.00 is too large');
      noStack(lines);
    });

    it('a services (or products) cursor of 3e9, or with a NUL, is a 400 with a message', async () => {
      const { app, lines } = await appWithLog();
      const id = '00000000-0000-4000-8000-000000000001';
      const cases: [string, string, unknown[]][] = [
        [catalogPaths.services, 'price_asc', ['price_asc', 3e9, id]],
        [catalogPaths.services, 'price_desc', ['price_desc', -3e9, id]],
        [catalogPaths.services, 'relevance', ['name', 'a\u0000', id]],
        [catalogPaths.products, 'price_asc', ['price_asc', 3e9, id]],
        [catalogPaths.products, 'relevance&q=milk', ['relevance', 1e308, id]],
      ];
      for (const [path, sort, key] of cases) {
        const response = await app.inject({
          method: 'GET',
          url: `${path}?sort=${sort}&cursor=${cursorOf(key)}`,
        });
        expect(response.statusCode, `${path} ${JSON.stringify(key)}: ${response.body}`).toBe(400);
        expect(response.json()).toEqual({ status: 0, message: INVALID_CURSOR_MESSAGE });
      }
      noStack(lines);
    });

    it('a truncated multipart body is a 400 envelope on the upload routes, without a stack', async () => {
      const { app, lines } = await appWithLog();
      const [store, otherStore] = city().businesses;
      const { owner } = await manageCast(getDb().db, CITY_NOW, {
        storeId: store!.id,
        otherStoreId: otherStore!.id,
      });
      const boundary = 'cutoff';
      const cutOff = (field: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.csv"\r\n` +
        'Content-Type: text/csv\r\n\r\nstore_code,gtin,quantity\r\nabc,123';
      for (const [url, payload] of [
        [managePaths.inventoryImports(store!.id), cutOff(INVENTORY_FEED_FIELD)],
        [managePaths.images(store!.id), cutOff('image')],
        [apiPaths.profilePicture, cutOff(PROFILE_PICTURE_FIELD)],
      ] as const) {
        const response = await app.inject({
          method: 'POST',
          url,
          headers: {
            authorization: `Bearer ${owner.token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
          },
          payload,
        });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
        expect(response.json()).toEqual({ status: 0, message: commonMessages.malformedUpload });
      }
      noStack(lines);
    });

    it("a NUL in an upload form's text field is a 400 naming the field", async () => {
      const { app, lines } = await appWithLog();
      const [store, otherStore] = city().businesses;
      const { owner } = await manageCast(getDb().db, CITY_NOW, {
        storeId: store!.id,
        otherStoreId: otherStore!.id,
      });
      const boundary = 'withalt';
      const payload =
        `--${boundary}\r\nContent-Disposition: form-data; name="alt"\r\n\r\nFront\u0000door\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n` +
        `Content-Type: image/png\r\n\r\nnot really a png\r\n--${boundary}--\r\n`;
      const response = await app.inject({
        method: 'POST',
        url: managePaths.images(store!.id),
        headers: {
          authorization: `Bearer ${owner.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        status: 0,
        message: 'Remove the invisible control character from the alt.',
      });
      noStack(lines);
    });

    it('ordinary text (an accent, an emoji) passes the safety net', async () => {
      const { app } = await appWithLog();
      const [store] = await getDb()
        .db.select({ id: businesses.id })
        .from(businesses)
        .where(eq(businesses.kind, 'retail'))
        .limit(1);
      const response = await app.inject({
        method: 'GET',
        url: `${catalogPaths.services}?q=${encodeURIComponent('café 😀')}&businessId=${store!.id}`,
      });
      expect(response.statusCode).toBe(200);
    });
  });
}
