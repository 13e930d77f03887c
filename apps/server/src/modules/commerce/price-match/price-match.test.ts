import {
  type CartLine,
  cartResponse,
  commerceMessages,
  commercePaths,
  PRICE_MATCH_VALID_DAYS,
  type PriceMatch,
  type PriceMatchRequest,
  priceMatchesResponse,
  priceMatchResponse,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { priceMatchRequests } from '../../../db/schema/index.ts';
import { testClock } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import type { DemoOffer } from '../../catalog/demo/types.ts';
import {
  cityShelf,
  expectFailure,
  expectShopperOnlyCollection,
  type ShopperClient,
  shopperClient,
  signedInShopper,
} from '../cart/commerce-test-support.ts';
import { readCart } from '../cart/read-cart.ts';
import { decidePriceMatch } from './price-match.service.ts';

const UNKNOWN_ID = '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a';
const DAY_MS = 24 * 60 * 60 * 1000;

function askFor(offer: DemoOffer, overrides: Partial<PriceMatchRequest> = {}): PriceMatchRequest {
  return {
    offerId: offer.id,
    competitorName: 'Corner Grocer',
    competitorPrice: offer.price.amount - 40,
    evidenceUrl: 'https://corner-grocer.example/flyer/week-47',
    ...overrides,
  };
}

for (const backend of testDatabases()) {
  describe(`price matches on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    const city = useCatalogCity(getDb);
    const shelf = cityShelf(city);
    /** An offer dear enough that 40 cents off is still a price. */
    const pricedOffer = () =>
      shelf.offer(
        (offer) => offer.sale === null && offer.quantity >= 5 && offer.price.amount > 200,
      );

    async function session() {
      const clock = testClock(CITY_NOW);
      const app = await makeApp({ now: clock.now, env: { RATE_LIMIT_MULTIPLIER: '100' } });
      const shopper = await signedInShopper(getDb().db, CITY_NOW);
      return { app, clock, shopper, api: shopperClient(app, shopper) };
    }

    async function request(api: ShopperClient, body: PriceMatchRequest): Promise<PriceMatch> {
      const response = await api.post(commercePaths.priceMatches, body);
      expect(response.statusCode, response.body).toBe(201);
      const parsed = priceMatchResponse.parse(response.json()) as { result: PriceMatch };
      expect(response.json()).toMatchObject({
        status: 1,
        message: commerceMessages.priceMatchRequested,
      });
      return parsed.result;
    }

    async function cartLineFor(api: ShopperClient, offer: DemoOffer): Promise<CartLine> {
      const response = await api.get(commercePaths.cart);
      expect(response.statusCode, response.body).toBe(200);
      const cart = cartResponse.parse(response.json()) as { results: CartLine[] };
      const line = cart.results.find((candidate) => candidate.itemId === offer.id);
      if (!line) throw new Error('the offer is not in the cart');
      return line;
    }

    it('records a request and lists the shopper’s requests newest first', async () => {
      const { api, clock } = await session();
      const offer = pricedOffer();
      const product = [...city().products].find((p) => p.id === offer.productId)!;
      const store = shelf.business(offer.businessId);
      const first = await request(api, askFor(offer));
      expect(first).toEqual({
        id: expect.any(String),
        offerId: offer.id,
        businessId: store.id,
        businessName: store.name,
        productId: product.id,
        productTitle: product.title,
        competitorName: 'Corner Grocer',
        competitorPrice: { amount: offer.price.amount - 40, currency: offer.price.currency },
        storePrice: offer.price,
        evidenceUrl: askFor(offer).evidenceUrl,
        status: 'pending',
        storeNote: null,
        createdAt: CITY_NOW.toISOString(),
        decidedAt: null,
        expiresAt: null,
      });

      clock.advance(60_000);
      const second = await request(api, askFor(pricedOffer()));
      const listed = await api.get(commercePaths.priceMatches);
      expect(listed.statusCode).toBe(200);
      expect(listed.headers['cache-control']).toBe('no-store');
      const results = (priceMatchesResponse.parse(listed.json()) as { results: PriceMatch[] })
        .results;
      expect(results.map((match) => match.id)).toEqual([second.id, first.id]);

      const stranger = shopperClient(
        (await session()).app,
        await signedInShopper(getDb().db, CITY_NOW),
      );
      const theirs = await stranger.get(commercePaths.priceMatches);
      expect(theirs.json()).toEqual({ status: 1, results: [] });
    });

    it('refuses a price that is not lower, a second open request and bad forms', async () => {
      const { api } = await session();
      const offer = pricedOffer();
      for (const competitorPrice of [offer.price.amount, offer.price.amount + 1]) {
        expectFailure(
          await api.post(commercePaths.priceMatches, askFor(offer, { competitorPrice })),
          400,
          commerceMessages.priceMatchNotLower,
        );
      }
      await request(api, askFor(offer));
      expectFailure(
        await api.post(commercePaths.priceMatches, askFor(offer, { competitorPrice: 10 })),
        409,
        commerceMessages.priceMatchPending,
      );
      expectFailure(
        await api.post(commercePaths.priceMatches, askFor(offer, { offerId: UNKNOWN_ID })),
        404,
        commerceMessages.itemNotFound,
      );
      const badForms: [Partial<PriceMatchRequest>, string][] = [
        [{ competitorName: ' ' }, commerceMessages.priceMatchCompetitorRequired],
        [{ evidenceUrl: 'ftp://example.com/x' }, commerceMessages.priceMatchEvidenceRequired],
        [{ evidenceUrl: 'not a link' }, commerceMessages.priceMatchEvidenceRequired],
        [{ competitorPrice: 0 }, commerceMessages.priceMatchNotLower],
      ];
      for (const [change, message] of badForms) {
        expectFailure(
          await api.post(commercePaths.priceMatches, askFor(pricedOffer(), change)),
          400,
          new RegExp(message),
        );
      }
    });

    it('lets the store decide a pending request once, approvals for a limited time', async () => {
      const { api } = await session();
      const offer = pricedOffer();
      const asked = await request(api, askFor(offer));
      const db = getDb().db;
      const decidedAt = new Date(CITY_NOW.getTime() + 3_600_000);

      expect(
        await decidePriceMatch(db, {
          requestId: asked.id,
          businessId: UNKNOWN_ID,
          approve: true,
          note: null,
          now: decidedAt,
        }),
      ).toEqual({ kind: 'not-found' });

      const decided = await decidePriceMatch(db, {
        requestId: asked.id,
        businessId: offer.businessId,
        approve: true,
        note: 'Matched, thanks',
        now: decidedAt,
      });
      expect(decided).toEqual({
        kind: 'decided',
        priceMatch: expect.objectContaining({
          id: asked.id,
          status: 'approved',
          storeNote: 'Matched, thanks',
          decidedAt: decidedAt.toISOString(),
          expiresAt: new Date(decidedAt.getTime() + PRICE_MATCH_VALID_DAYS * DAY_MS).toISOString(),
        }),
      });
      expect(
        await decidePriceMatch(db, {
          requestId: asked.id,
          businessId: offer.businessId,
          approve: false,
          note: null,
          now: decidedAt,
        }),
      ).toEqual({ kind: 'already-decided' });

      // Declined requests are closed: the shopper may ask again.
      const other = pricedOffer();
      const declined = await request(api, askFor(other));
      const answer = await decidePriceMatch(db, {
        requestId: declined.id,
        businessId: other.businessId,
        approve: false,
        note: 'Not the same item',
        now: decidedAt,
      });
      expect(answer).toMatchObject({
        kind: 'decided',
        priceMatch: { status: 'declined', expiresAt: null },
      });
      await request(api, askFor(other));
    });

    it("lowers that shopper's cart price while the approval lasts, and nobody else's", async () => {
      const { app, api, clock, shopper } = await session();
      const offer = pricedOffer();
      const other = shopperClient(app, await signedInShopper(getDb().db, CITY_NOW));
      for (const client of [api, other]) {
        const added = await client.post(commercePaths.cartItems, {
          kind: 'product',
          itemId: offer.id,
        });
        expect(added.statusCode, added.body).toBe(200);
      }
      const matchedAmount = offer.price.amount - 40;
      const asked = await request(api, askFor(offer, { competitorPrice: matchedAmount }));

      // Pending: nothing changes.
      expect(await cartLineFor(api, offer)).toMatchObject({
        unitPrice: offer.price,
        priceMatched: false,
      });

      const decided = await decidePriceMatch(getDb().db, {
        requestId: asked.id,
        businessId: offer.businessId,
        approve: true,
        note: null,
        now: clock.now(),
      });
      expect(decided.kind).toBe('decided');

      const matched = await cartLineFor(api, offer);
      expect(matched).toMatchObject({
        unitPrice: { amount: matchedAmount, currency: offer.price.currency },
        regularUnitPrice: offer.price,
        lineTotal: { amount: matchedAmount, currency: offer.price.currency },
        priceMatched: true,
      });
      expect(await cartLineFor(other, offer)).toMatchObject({
        unitPrice: offer.price,
        priceMatched: false,
      });
      const priced = await readCart(getDb().db, shopper.userId, clock.now());
      expect(priced.lines.find((line) => line.itemId === offer.id)?.priceMatchId).toBe(asked.id);

      // Still on the last day, gone after it.
      clock.advance(PRICE_MATCH_VALID_DAYS * DAY_MS - 60_000);
      expect((await cartLineFor(api, offer)).priceMatched).toBe(true);
      clock.advance(2 * 60_000);
      expect(await cartLineFor(api, offer)).toMatchObject({
        unitPrice: offer.price,
        priceMatched: false,
      });
    });

    it('does not apply a declined request', async () => {
      const { api, clock } = await session();
      const offer = pricedOffer();
      await api.post(commercePaths.cartItems, { kind: 'product', itemId: offer.id });
      const asked = await request(api, askFor(offer));
      await decidePriceMatch(getDb().db, {
        requestId: asked.id,
        businessId: offer.businessId,
        approve: false,
        note: null,
        now: clock.now(),
      });
      const rows = await getDb()
        .db.select({ status: priceMatchRequests.status })
        .from(priceMatchRequests)
        .where(eq(priceMatchRequests.id, asked.id));
      expect(rows).toEqual([{ status: 'declined' }]);
      expect(await cartLineFor(api, offer)).toMatchObject({
        unitPrice: offer.price,
        priceMatched: false,
      });
    });

    it('needs a signed-in shopper, and the CSRF token on cookie-based requests', async () => {
      const { app } = await session();
      const offer = pricedOffer();
      await expectShopperOnlyCollection(app, commercePaths.priceMatches, askFor(offer));
    });
  });
}
