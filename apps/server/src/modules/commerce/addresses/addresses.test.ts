import {
  type Address,
  type AddressInput,
  addressesResponse,
  addressResponse,
  commerceMessages,
  commercePaths,
  commonMessages,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addresses } from '../../../db/schema/index.ts';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import {
  expectFailure,
  expectShopperOnlyCollection,
  shopperClient,
  signedInShopper,
} from '../cart/commerce-test-support.ts';
import { findAddress } from './addresses.service.ts';

const UNKNOWN_ID = '7a1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';
const MINUTE_MS = 60_000;

function home(overrides: Partial<AddressInput> = {}): AddressInput {
  return {
    label: 'Home',
    name: 'Ada Lovelace',
    phone: '+1 416 555 0199',
    line1: '12 King St W',
    line2: 'Apt 4',
    city: 'Toronto',
    region: 'ON',
    postalCode: 'M5H 1A1',
    lat: 43.6487,
    lng: -79.3817,
    instructions: 'Ring twice',
    ...overrides,
  };
}

for (const backend of testDatabases()) {
  describe(`addresses on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);

    /** A shopper on an app whose clock ticks a minute per call, so "newest" is well defined. */
    async function shopperSession() {
      let at = CITY_NOW.getTime();
      const app = await makeApp({
        now: () => new Date((at += MINUTE_MS)),
        env: { RATE_LIMIT_MULTIPLIER: '100' },
      });
      const shopper = await signedInShopper(getDb().db, CITY_NOW);
      return { app, shopper, api: shopperClient(app, shopper) };
    }

    type Api = Awaited<ReturnType<typeof shopperSession>>['api'];

    async function add(api: Api, input: AddressInput): Promise<Address> {
      const response = await api.post(commercePaths.addresses, input);
      expect(response.statusCode, response.body).toBe(201);
      const body = addressResponse.parse(response.json());
      expect(body).toMatchObject({ status: 1, message: commerceMessages.addressSaved });
      return (body as { result: Address }).result;
    }

    async function list(api: Api): Promise<Address[]> {
      const response = await api.get(commercePaths.addresses);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      return (addressesResponse.parse(response.json()) as { results: Address[] }).results;
    }

    it('saves an address, the first one as the default', async () => {
      const { api } = await shopperSession();
      expect(await list(api)).toEqual([]);
      const saved = await add(api, home({ country: 'ca' }));
      expect(saved).toMatchObject({
        ...home(),
        country: 'CA',
        isDefault: true,
      });
      expect(await list(api)).toEqual([saved]);
    });

    it('lists the default first, then newest first; a new default takes the flag', async () => {
      const { api } = await shopperSession();
      const first = await add(api, home());
      const second = await add(api, home({ label: 'Work', line1: '100 Queen St W' }));
      expect(second.isDefault).toBe(false);
      expect((await list(api)).map((a) => a.id)).toEqual([first.id, second.id]);

      const third = await add(api, home({ label: 'Cottage', isDefault: true }));
      expect(third.isDefault).toBe(true);
      const listed = await list(api);
      expect(listed.map((a) => a.id)).toEqual([third.id, second.id, first.id]);
      expect(listed.filter((a) => a.isDefault).map((a) => a.id)).toEqual([third.id]);
    });

    it('says what is wrong with a bad address, in the contract words, and saves nothing', async () => {
      const { api, shopper } = await shopperSession();
      const cases: [Partial<AddressInput>, string][] = [
        [{ name: '  ' }, commerceMessages.addressNameRequired],
        [{ phone: 'call me' }, commerceMessages.addressPhoneInvalid],
        [{ line1: '' }, commerceMessages.addressLine1Required],
        [{ city: '' }, commerceMessages.addressCityRequired],
        [{ region: '' }, commerceMessages.addressRegionRequired],
        [{ postalCode: '!' }, commerceMessages.addressPostalCodeInvalid],
      ];
      for (const [change, message] of cases) {
        const response = await api.post(commercePaths.addresses, home(change));
        expectFailure(response, 400, new RegExp(message));
      }
      const noLocation = { ...home() } as Record<string, unknown>;
      delete noLocation.lat;
      expectFailure(await api.post(commercePaths.addresses, noLocation), 400, /lat/);
      const rows = await getDb()
        .db.select()
        .from(addresses)
        .where(eq(addresses.userId, shopper.userId));
      expect(rows).toEqual([]);
    });

    it("deletes an address; another shopper's is not found", async () => {
      const { api, app, shopper } = await shopperSession();
      const first = await add(api, home());
      const second = await add(api, home({ label: 'Work' }));
      const other = shopperClient(app, await signedInShopper(getDb().db, CITY_NOW));
      expect(await list(other)).toEqual([]);
      expectFailure(
        await other.delete(commercePaths.address(first.id)),
        404,
        commerceMessages.addressNotFound,
      );
      expect(await findAddress(getDb().db, shopper.userId, first.id)).toEqual(first);

      const deleted = await api.delete(commercePaths.address(first.id));
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toEqual({ status: 1, message: commerceMessages.addressDeleted });
      // The default went, so the remaining address is the default now.
      expect(await list(api)).toEqual([{ ...second, isDefault: true }]);
      expectFailure(
        await api.delete(commercePaths.address(first.id)),
        404,
        commerceMessages.addressNotFound,
      );
      expectFailure(
        await api.delete(commercePaths.address(UNKNOWN_ID)),
        404,
        commerceMessages.addressNotFound,
      );
    });

    it('finds only the shopper’s own address for checkout', async () => {
      const { api, shopper } = await shopperSession();
      const saved = await add(api, home());
      const other = await signedInShopper(getDb().db, CITY_NOW);
      expect(await findAddress(getDb().db, shopper.userId, saved.id)).toEqual(saved);
      expect(await findAddress(getDb().db, other.userId, saved.id)).toBeUndefined();
    });

    it('needs a signed-in shopper, and the CSRF token on cookie-based changes', async () => {
      const { app } = await shopperSession();
      await expectShopperOnlyCollection(app, commercePaths.addresses, home());
      expectFailure(
        await app.inject({ method: 'DELETE', url: commercePaths.address(UNKNOWN_ID) }),
        403,
        commonMessages.csrfMissing,
      );
    });
  });
}
