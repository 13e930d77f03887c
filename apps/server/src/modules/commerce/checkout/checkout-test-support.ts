import { createServer } from 'node:net';
import {
  checkoutViewResponse,
  type CheckoutView,
  commercePaths,
  type DeliverySettings,
  type FulfilmentFlags,
  hostedPaymentFormResponse,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { businesses, offers } from '../../../db/schema/catalog.ts';
import { addresses } from '../../../db/schema/commerce.ts';
import type { DemoOffer } from '../../catalog/demo/types.ts';
import {
  formPost,
  payInSimulator,
  type SimulatorReturn,
} from '../../payments/simulator/pay-in-simulator.ts';
import type { SimOutcome } from '../../payments/simulator/simulator.service.ts';
import type { TestAppOptions } from '../../../test/app.ts';
import type { CityShelf, ShopperClient } from '../cart/commerce-test-support.ts';

/** A port nobody listens on now: the app's APP_URL must name it before the app is built. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/**
 * The app built with APP_URL naming a free port, and listening there: the payment adapter asks the
 * simulator's merchant API over HTTP. Rate limits are raised so a test's many calls pass.
 */
export async function listenOnFreePort(
  makeApp: (options?: TestAppOptions) => Promise<FastifyInstance>,
  options: TestAppOptions = {},
): Promise<{ app: FastifyInstance; appUrl: string }> {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const app = await makeApp({
    ...options,
    env: { APP_URL: appUrl, RATE_LIMIT_MULTIPLIER: '100', ...options.env },
  });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, appUrl };
}

/**
 * A CAD product offer at a regular price of $5 or more, from a store no earlier call took:
 * each test then sets that store's terms and stock without touching another test's.
 */
export function unusedStoreOffer(shelf: CityShelf, usedStores: Set<string>): DemoOffer {
  const offer = shelf.offer(
    (candidate) =>
      candidate.sale === null &&
      candidate.price.currency === 'CAD' &&
      candidate.price.amount >= 500 &&
      !usedStores.has(candidate.businessId),
  );
  usedStores.add(offer.businessId);
  return offer;
}

/** Sets a store's checkout terms outright, so a test does not depend on the generated city. */
export async function setStoreTerms(
  db: Database,
  businessId: string,
  terms: { fulfilment?: FulfilmentFlags; delivery?: DeliverySettings | null; taxRateBps?: number },
): Promise<void> {
  await db.update(businesses).set(terms).where(eq(businesses.id, businessId));
}

export async function setStock(db: Database, offerId: string, quantity: number): Promise<void> {
  await db.update(offers).set({ quantity }).where(eq(offers.id, offerId));
}

/** A saved address `km` kilometres north of the store. */
export async function addressNear(
  db: Database,
  userId: string,
  store: { lat: number; lng: number },
  km: number,
): Promise<string> {
  const [row] = await db
    .insert(addresses)
    .values({
      userId,
      name: 'Sam Shopper',
      phone: '+14165550123',
      line1: '1 Test St',
      city: 'Toronto',
      region: 'ON',
      postalCode: 'M5H 1A1',
      country: 'CA',
      lat: store.lat + km / 111.2,
      lng: store.lng,
    })
    .returning({ id: addresses.id });
  return row!.id;
}

export async function addProduct(api: ShopperClient, offer: DemoOffer, quantity = 1) {
  const response = await api.post(commercePaths.cartItems, {
    kind: 'product',
    itemId: offer.id,
    quantity,
  });
  expect(response.statusCode, response.body).toBe(200);
}

export function viewOf(response: LightMyRequestResponse): CheckoutView {
  const parsed = checkoutViewResponse.parse(response.json());
  if (parsed.status !== 1) throw new Error(response.body);
  return parsed.result;
}

/** Pay the checkout's next payment in the simulator; answers the return the browser would post. */
export async function payNext(
  app: FastifyInstance,
  api: ShopperClient,
  checkoutId: string,
  outcome: SimOutcome,
): Promise<SimulatorReturn> {
  const response = await api.post(commercePaths.checkoutPay(checkoutId));
  expect(response.statusCode, response.body).toBe(200);
  const parsed = hostedPaymentFormResponse.parse(response.json());
  if (parsed.status !== 1) throw new Error(response.body);
  return payInSimulator(app, parsed.result, outcome);
}

/** What PayU's browser redirect does: post the return fields to our surl/furl. */
export function postReturn(app: FastifyInstance, fields: Record<string, string>) {
  return formPost(app, commercePaths.payuReturn, fields);
}

/** Pay the checkout's next payment in the simulator and come back to our return URL with it. */
export async function payAndReturn(
  app: FastifyInstance,
  api: ShopperClient,
  checkoutId: string,
  outcome: SimOutcome,
) {
  return postReturn(app, (await payNext(app, api, checkoutId, outcome)).fields);
}
