import { randomUUID } from 'node:crypto';
import {
  apiPaths,
  commercePaths,
  type HostedPaymentForm,
  hostedPaymentFormResponse,
  payuSimulatorPaths,
} from '@localmart/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { TEST_CARD } from '../../payments/simulator/simulator-pages.ts';
import { readPageForm } from '../../payments/simulator/pay-in-simulator.ts';
import { cityShelf, shopperWithClient } from '../cart/commerce-test-support.ts';
import {
  addProduct,
  freePort,
  setStock,
  setStoreTerms,
  unusedStoreOffer,
  viewOf,
} from './checkout-test-support.ts';

/**
 * Issue 12: the app opened at a host name other than APP_URL's (127.0.0.1 while APP_URL says
 * localhost). The browser enforces the page's CSP `form-action` against the page's own origin and
 * keeps the session cookie per host, so every form post and redirect of the simulator's round trip
 * must stay on the host the shopper used. Real PayU keeps APP_URL and is the one external target.
 */

const PAYU = {
  PAYU_KEY: 'C0Dr8m',
  PAYU_SALT: '3sf0jURk',
  PAYU_URL: 'https://test.payu.in/_payment',
  PAYU_API_URL: 'https://test.payu.in/merchant/postservice.php?form=2',
};

/** The CSP header as directive -> its sources, in order. */
function cspOf(headers: Record<string, unknown>): Map<string, string> {
  const header = String(headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...sources] = part.split(/\s+/);
        return [name, sources.join(' ')] as const;
      }),
  );
}

/** Where a browser on `pageOrigin` sends a form with this action (or follows this redirect). */
function resolvedOrigin(url: string, pageOrigin: string): string {
  return new URL(url, pageOrigin).origin;
}

describe.each(testDatabases())('payment pages on a second host name on $name', (backend) => {
  const getDb = useTestDatabase(backend);
  const makeApp = useTestApp(getDb);
  const city = useCatalogCity(getDb);
  const shelf = cityShelf(city);
  const usedStores = new Set<string>();

  /** A shopper with a placed buy-online checkout; every call comes in on `host`. */
  async function placedCheckout(app: FastifyInstance, host: string) {
    const offer = unusedStoreOffer(shelf, usedStores);
    await setStoreTerms(getDb().db, offer.businessId, {
      fulfilment: { reservePickup: true, buyOnlinePickup: true, sameDayDelivery: false },
    });
    await setStock(getDb().db, offer.id, 5);
    const { who, api } = await shopperWithClient(app, getDb().db, CITY_NOW);
    await addProduct(api, offer, 1);
    const placed = viewOf(
      await api.post(commercePaths.checkouts, {
        stores: [{ businessId: offer.businessId, fulfilment: 'buy_online_pickup' }],
        idempotencyKey: `key-${randomUUID()}`,
      }),
    );
    const headers = { host, authorization: `Bearer ${who.token}` };
    const pay = async (): Promise<HostedPaymentForm> => {
      const response = await app.inject({
        method: 'POST',
        url: commercePaths.checkoutPay(placed.id),
        headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      const parsed = hostedPaymentFormResponse.parse(response.json());
      if (parsed.status !== 1) throw new Error(response.body);
      return parsed.result;
    };
    return { placed, pay };
  }

  /** A browser's form post arriving on `host`. */
  function postOn(app: FastifyInstance, host: string, url: string, fields: Record<string, string>) {
    return app.inject({
      method: 'POST',
      url,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  it('keeps the simulator round trip on 127.0.0.1 when APP_URL names localhost', async () => {
    const port = await freePort();
    const app = await makeApp({
      now: () => CITY_NOW,
      env: { APP_URL: `http://localhost:${port}`, RATE_LIMIT_MULTIPLIER: '100' },
    });
    // 'localhost': the server's own verify_payment call to APP_URL reaches it on either family.
    await app.listen({ port, host: 'localhost' });
    const host = `127.0.0.1:${port}`;
    const pageOrigin = `http://${host}`;
    const { placed, pay } = await placedCheckout(app, host);

    // The checkout page's CSP allows form posts to its own origin only...
    const page = await app.inject({ method: 'GET', url: apiPaths.health, headers: { host } });
    expect(cspOf(page.headers).get('form-action')).toBe("'self'");
    // ...and the hosted form posts there, with surl/furl on the same host.
    const form = await pay();
    expect(form.action).toBe(payuSimulatorPaths.payment);
    expect(resolvedOrigin(form.action, pageOrigin)).toBe(pageOrigin);
    expect(form.fields.surl).toBe(commercePaths.payuReturn);
    expect(form.fields.furl).toBe(commercePaths.payuReturn);

    const cardPage = await postOn(app, host, form.action, form.fields);
    expect(cardPage.statusCode, cardPage.body).toBe(200);
    expect(cspOf(cardPage.headers).get('form-action')).toBe("'self'");
    const card = readPageForm(cardPage.body);
    expect(resolvedOrigin(card.action, pageOrigin)).toBe(pageOrigin);

    const returnPage = await postOn(app, host, card.action, {
      ...card.fields,
      ccnum: TEST_CARD.number,
      ccname: 'Sam Shopper',
      ccexpiry: TEST_CARD.expiry,
      ccvv: TEST_CARD.cvv,
      outcome: 'success',
    });
    expect(returnPage.statusCode, returnPage.body).toBe(200);
    expect(cspOf(returnPage.headers).get('form-action')).toBe("'self'");
    const back = readPageForm(returnPage.body);
    expect(resolvedOrigin(back.action, pageOrigin)).toBe(pageOrigin);

    // PayU's return lands on 127.0.0.1 and the browser is sent on within 127.0.0.1.
    const returned = await postOn(app, host, back.action, back.fields);
    expect(returned.statusCode, returned.body).toBe(303);
    const location = String(returned.headers.location);
    expect(resolvedOrigin(location, pageOrigin)).toBe(pageOrigin);
    expect(new URL(location, pageOrigin).pathname).toBe(`/order/${placed.id}`);
  });

  it('with real PayU posts the form to PAYU_URL, returns to APP_URL, and names only PayU in the CSP', async () => {
    const app = await makeApp({
      now: () => CITY_NOW,
      env: { ...PAYU, APP_URL: 'https://shop.example.com', RATE_LIMIT_MULTIPLIER: '100' },
    });
    const host = '127.0.0.1:3000';
    const { pay } = await placedCheckout(app, host);

    const form = await pay();
    expect(form.action).toBe(PAYU.PAYU_URL);
    expect(form.fields.key).toBe(PAYU.PAYU_KEY);
    expect(form.fields.surl).toBe(`https://shop.example.com${commercePaths.payuReturn}`);
    expect(form.fields.furl).toBe(`https://shop.example.com${commercePaths.payuReturn}`);

    const page = await app.inject({ method: 'GET', url: apiPaths.health, headers: { host } });
    expect(cspOf(page.headers).get('form-action')).toBe("'self' https://test.payu.in");
    // No simulator to post to.
    const simulator = await postOn(app, host, payuSimulatorPaths.payment, form.fields);
    expect(simulator.statusCode).toBe(404);
  });
});
