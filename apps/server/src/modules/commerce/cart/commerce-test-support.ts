import { accountMessages, commonMessages } from '@localmart/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { users } from '../../../db/schema/index.ts';
import { uniqueEmail } from '../../../test/accounts.ts';
import { csrfHeaders } from '../../../test/app.ts';
import { createSession } from '../../auth/sessions.ts';
import type { DemoCity } from '../../catalog/demo/generate-city.ts';
import type {
  DemoBusiness,
  DemoMenuItem,
  DemoOffer,
  DemoService,
} from '../../catalog/demo/types.ts';

/**
 * Test support for the commerce API: shoppers signed in without the sign-up round trip (their own
 * user row and session, as sign-in leaves them), a bearer client, and the demo city's sellable things
 * handed out one at a time, so tests that change an offer in the shared database never meet.
 */

export interface Shopper {
  userId: string;
  token: string;
}

export async function signedInShopper(db: Database, now: Date): Promise<Shopper> {
  const [user] = await db
    .insert(users)
    .values({
      firstName: 'Sam',
      lastName: 'Shopper',
      displayName: 'Sam Shopper',
      email: uniqueEmail('commerce'),
      emailVerifiedAt: now,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('no user inserted');
  return { userId: user.id, token: await createSession(db, { userId: user.id, now }) };
}

export interface ShopperClient {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, body: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
}

/** Calls as the native app makes them: bearer token, no CSRF cookie (bearer calls are exempt). */
export function shopperClient(app: FastifyInstance, shopper: Shopper): ShopperClient {
  const headers = { authorization: `Bearer ${shopper.token}` };
  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    app.inject({
      method,
      url,
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });
  return {
    get: (url) => send('GET', url),
    post: (url, body) => send('POST', url, body),
    patch: (url, body) => send('PATCH', url, body),
    delete: (url) => send('DELETE', url),
  };
}

/** A freshly signed-in shopper (`who`) and the bearer client that calls as them (`api`). */
export async function shopperWithClient(
  app: FastifyInstance,
  db: Database,
  now: Date,
): Promise<{ who: Shopper; api: ShopperClient }> {
  const who = await signedInShopper(db, now);
  return { who, api: shopperClient(app, who) };
}

export function expectFailure(
  response: LightMyRequestResponse,
  status: number,
  message: string | RegExp,
) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<{ status: number; message: string }>();
  expect(body.status).toBe(0);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
}

/**
 * A shopper's collection (GET lists, POST adds): a visitor may neither read nor add, even holding
 * the CSRF token (401), and a cookie-based add without the token is refused before anything (403).
 */
export async function expectShopperOnlyCollection(
  app: FastifyInstance,
  url: string,
  payload: Record<string, unknown>,
): Promise<void> {
  expectFailure(await app.inject({ method: 'GET', url }), 401, accountMessages.signInRequired);
  expectFailure(
    await app.inject({ method: 'POST', url, headers: await csrfHeaders(app), payload }),
    401,
    accountMessages.signInRequired,
  );
  expectFailure(
    await app.inject({ method: 'POST', url, payload }),
    403,
    commonMessages.csrfMissing,
  );
}

export interface MenuItemAt {
  item: DemoMenuItem;
  menuId: string;
  menuName: string;
  businessId: string;
}

export type CityShelf = ReturnType<typeof cityShelf>;

/** Hands out each offer, menu item and service of the city once per test file. */
export function cityShelf(getCity: () => DemoCity) {
  let cache:
    | {
        offers: DemoOffer[];
        menuItems: MenuItemAt[];
        services: DemoService[];
        businesses: DemoBusiness[];
      }
    | undefined;
  const used = new Set<string>();
  const shelf = () => {
    if (!cache) {
      const city = getCity();
      cache = {
        offers: [...city.offers],
        menuItems: [...city.menus].flatMap((menu) =>
          menu.sections.flatMap((section) =>
            section.items.map((item) => ({
              item,
              menuId: menu.id,
              menuName: menu.name,
              businessId: menu.businessId,
            })),
          ),
        ),
        services: [...city.services],
        businesses: city.businesses,
      };
    }
    return cache;
  };
  function take<T>(list: T[], id: (item: T) => string, wanted: (item: T) => boolean): T {
    const found = list.find((item) => !used.has(id(item)) && wanted(item));
    if (!found) throw new Error('the demo city has no more such items');
    used.add(id(found));
    return found;
  }
  return {
    /** By default an offer with a regular price and a few in stock. */
    offer: (
      wanted: (offer: DemoOffer) => boolean = (offer) => offer.quantity >= 5 && offer.sale === null,
    ) => take(shelf().offers, (offer) => offer.id, wanted),
    menuItem: (wanted: (entry: MenuItemAt) => boolean) =>
      take(shelf().menuItems, (entry) => entry.item.id, wanted),
    service: (wanted: (service: DemoService) => boolean = () => true) =>
      take(shelf().services, (service) => service.id, wanted),
    business: (id: string): DemoBusiness => {
      const business = shelf().businesses.find((candidate) => candidate.id === id);
      if (!business) throw new Error(`no business ${id}`);
      return business;
    },
  };
}
