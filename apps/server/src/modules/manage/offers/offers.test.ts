import {
  catalogProductSearchResponse,
  type ManagedOffer,
  managedOfferResponse,
  managePaths,
  OFFER_PAGE_SIZE,
  offerListResponse,
  offersMessages,
  STOCK_LABELS,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { offers, products, searchTerms } from '../../../db/schema/index.ts';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import type { DemoOffer, DemoProduct } from '../../catalog/demo/types.ts';
import { gtinCheckDigit } from '@localmart/contract';
import { insertOrder } from '../../commerce/orders/commerce-orders-test-support.ts';
import { manageCast, manageClient } from '../manage-test-support.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000001';
const LATER = new Date(CITY_NOW.getTime() + 3_600_000);

/** A GTIN-13 no demo product has (the demo ones start with 0 or 978), with a correct check digit. */
function freshGtin(seed: number): string {
  const body = `2${String(seed).padStart(11, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
}

function listOf(body: unknown) {
  const parsed = offerListResponse.parse(body);
  if (parsed.status !== 1) throw new Error(parsed.message);
  return parsed;
}

function offerOf(body: unknown): ManagedOffer {
  const parsed = managedOfferResponse.parse(body);
  if (parsed.status !== 1) throw new Error(parsed.message);
  return parsed.result;
}

for (const backend of testDatabases()) {
  describe(`manage offers on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const city = useCatalogCity(getDb);
    const makeApp = useTestApp(getDb);
    // The city streams its offers and products; materialised once for the lookups below.
    let offerList: DemoOffer[] | undefined;
    let productMap: Map<string, DemoProduct> | undefined;
    const cityOffers = () => (offerList ??= [...city().offers]);
    const cityProduct = (productId: string) =>
      (productMap ??= new Map([...city().products].map((p) => [p.id, p]))).get(productId)!;

    /** The two retail stores with the most offers: the store under test and "another store". */
    function retailStores() {
      const counts = new Map<string, number>();
      for (const offer of cityOffers()) {
        counts.set(offer.businessId, (counts.get(offer.businessId) ?? 0) + 1);
      }
      const [store, other] = city()
        .businesses.filter((business) => business.kind === 'retail')
        .sort((a, b) => (counts.get(b.id) ?? 0) - (counts.get(a.id) ?? 0));
      return { store: store!, other: other! };
    }

    async function world() {
      const app = await makeApp({ now: () => LATER, env: { RATE_LIMIT_MULTIPLIER: '100' } });
      const { store, other } = retailStores();
      const cast = await manageCast(getDb().db, CITY_NOW, {
        storeId: store.id,
        otherStoreId: other.id,
      });
      return {
        app,
        store,
        other,
        cast,
        staff: manageClient(app, cast.staff),
        storeOffers: () => cityOffers().filter((offer) => offer.businessId === store.id),
        productOf: (productId: string) => cityProduct(productId),
      };
    }

    /** Offers of the store no other test touches: each test takes its own slice. */
    function offersSlice(all: DemoOffer[], from: number, count: number) {
      return all.slice(from, from + count);
    }

    it('lists the store offers with stock tabs, counts, search and keyset pages', async () => {
      const { store, staff, storeOffers, productOf } = await world();
      const own = storeOffers();
      expect(own.length).toBeGreaterThan(OFFER_PAGE_SIZE);

      const first = listOf((await staff.get(managePaths.offers(store.id))).json());
      expect(first.counts).toEqual({
        all: own.length,
        low: own.filter((o) => o.quantity >= 1 && o.quantity <= 2).length,
        out: own.filter((o) => o.quantity <= 0).length,
      });
      expect(first.results).toHaveLength(OFFER_PAGE_SIZE);
      const sample = first.results[0]!;
      expect(sample.stock.label).toBe(
        sample.quantity >= 3
          ? STOCK_LABELS.in_stock
          : sample.quantity === 2
            ? STOCK_LABELS.low_stock
            : sample.quantity === 1
              ? STOCK_LABELS.limited
              : STOCK_LABELS.out_of_stock,
      );

      // Walk every page sorted by quantity: each offer once, in order.
      const seen: ManagedOffer[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `${managePaths.offers(store.id)}?sort=quantity${cursor ? `&cursor=${cursor}` : ''}`;
        const page = listOf((await staff.get(url)).json());
        seen.push(...page.results);
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen.map((o) => o.id).sort()).toEqual(own.map((o) => o.id).sort());
      const quantities = seen.map((o) => o.quantity);
      expect(quantities).toEqual([...quantities].sort((a, b) => a - b));

      const low = listOf((await staff.get(`${managePaths.offers(store.id)}?stock=low`)).json());
      expect(low.results.length).toBe(Math.min(first.counts.low, OFFER_PAGE_SIZE));
      expect(low.results.every((o) => o.quantity >= 1 && o.quantity <= 2)).toBe(true);
      const out = listOf((await staff.get(`${managePaths.offers(store.id)}?stock=out`)).json());
      expect(out.results.every((o) => o.quantity === 0)).toBe(true);

      const target = own[3]!;
      const product = productOf(target.productId);
      const byGtin = listOf(
        (await staff.get(`${managePaths.offers(store.id)}?q=${product.gtin}`)).json(),
      );
      expect(byGtin.results.map((o) => o.id)).toEqual([target.id]);
      expect(byGtin.counts.all).toBe(1);
      expect(byGtin.results[0]).toMatchObject({ title: product.title, brand: product.brand });

      const byBrand = listOf(
        (
          await staff.get(`${managePaths.offers(store.id)}?q=${encodeURIComponent(product.brand)}`)
        ).json(),
      );
      expect(byBrand.results.map((o) => o.id)).toContain(target.id);
      expect(
        byBrand.results.every((o) => o.brand === product.brand || o.title.includes(product.brand)),
      ).toBe(true);

      expect((await staff.get(`${managePaths.offers(store.id)}?cursor=garbage`)).statusCode).toBe(
        400,
      );
    });

    it('edits an offer: validation, stock wording at 0/1/2/3, stockUpdatedAt, sku uniqueness', async () => {
      const { store, staff, storeOffers, productOf } = await world();
      const [target, neighbour] = offersSlice(storeOffers(), 10, 2);
      const url = managePaths.offer(store.id, target!.id);
      const price = target!.price.amount;

      const cases: [object, string][] = [
        [{ salePrice: price }, offersMessages.saleNotBelowPrice],
        [
          {
            salePrice: price - 1,
            saleStartsAt: '2026-11-20T00:00:00.000Z',
            saleEndsAt: '2026-11-19T00:00:00.000Z',
          },
          offersMessages.saleEndBeforeStart,
        ],
        [
          { salePrice: price - 1, saleStartsAt: null, saleEndsAt: null },
          offersMessages.saleNeedsDates,
        ],
      ];
      for (const [body, message] of cases) {
        const response = await staff.patch(url, body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ status: 0, message });
      }
      for (const quantity of [-1, 2.5, 'many']) {
        expect((await staff.patch(url, { quantity })).statusCode).toBe(400);
      }

      const gtin = productOf(target!.productId).gtin;
      for (const [quantity, label] of [
        [0, STOCK_LABELS.out_of_stock],
        [1, STOCK_LABELS.limited],
        [2, STOCK_LABELS.low_stock],
        [3, STOCK_LABELS.in_stock],
      ] as const) {
        const saved = offerOf((await staff.patch(url, { quantity })).json());
        expect(saved.stock.label).toBe(label);
        const listed = listOf(
          (await staff.get(`${managePaths.offers(store.id)}?q=${gtin}`)).json(),
        );
        expect(listed.results[0]).toMatchObject({ quantity, stock: { label } });
        expect(listed.results[0]!.stockUpdatedAt).toBe(LATER.toISOString());
      }

      const onSale = offerOf(
        (
          await staff.patch(url, {
            price: 999,
            salePrice: 799,
            saleStartsAt: '2026-11-20T00:00:00.000Z',
            saleEndsAt: '2026-11-27T00:00:00.000Z',
            sku: 'SKU-ONE',
          })
        ).json(),
      );
      expect(onSale).toMatchObject({
        price: { amount: 999 },
        salePrice: { amount: 799 },
        saleEndsAt: '2026-11-27T00:00:00.000Z',
        sku: 'SKU-ONE',
      });
      const cleared = offerOf((await staff.patch(url, { salePrice: null })).json());
      expect(cleared).toMatchObject({ salePrice: null, saleStartsAt: null, saleEndsAt: null });

      const taken = await staff.patch(managePaths.offer(store.id, neighbour!.id), {
        sku: 'SKU-ONE',
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ status: 0, message: offersMessages.skuTaken });
      const bySku = listOf((await staff.get(`${managePaths.offers(store.id)}?q=sku-one`)).json());
      expect(bySku.results.map((o) => o.id)).toEqual([target!.id]);
    });

    it("refuses another store's offer id on this store's paths", async () => {
      const { store, other, staff } = await world();
      const foreign = cityOffers().find((offer) => offer.businessId === other.id)!;
      const patched = await staff.patch(managePaths.offer(store.id, foreign.id), { quantity: 0 });
      expect(patched.statusCode).toBe(404);
      expect(patched.json()).toMatchObject({ status: 0, message: offersMessages.offerNotFound });
      expect((await staff.delete(managePaths.offer(store.id, foreign.id))).statusCode).toBe(404);
      expect((await staff.delete(managePaths.offer(store.id, UNKNOWN_ID))).statusCode).toBe(404);
      const [row] = await getDb()
        .db.select({ quantity: offers.quantity })
        .from(offers)
        .where(eq(offers.id, foreign.id));
      expect(row?.quantity).toBe(foreign.quantity);
    });

    it('refuses to remove an offer an open order holds, removes it once the order is over', async () => {
      const { store, cast, staff, storeOffers } = await world();
      const [held, done] = offersSlice(storeOffers(), 20, 2);
      const order = {
        userId: cast.shopper.userId,
        businessId: store.id,
        fulfilment: 'reserve_pickup' as const,
        now: CITY_NOW,
      };
      await insertOrder(getDb().db, { ...order, offerId: held!.id, status: 'accepted' });
      await insertOrder(getDb().db, { ...order, offerId: done!.id, status: 'completed' });

      const refused = await staff.delete(managePaths.offer(store.id, held!.id));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ status: 0, message: offersMessages.offerInOpenOrder });
      const removed = await staff.delete(managePaths.offer(store.id, done!.id));
      expect(removed.statusCode).toBe(200);
      const left = await getDb()
        .db.select({ id: offers.id })
        .from(offers)
        .where(eq(offers.businessId, store.id));
      expect(left.map((row) => row.id)).toContain(held!.id);
      expect(left.map((row) => row.id)).not.toContain(done!.id);
    });

    it('finds shared catalogue products and adds an offer of one', async () => {
      const { store, other, staff, productOf } = await world();
      const ownProductIds = new Set(
        cityOffers()
          .filter((offer) => offer.businessId === store.id)
          .map((offer) => offer.productId),
      );
      const foreignOffer = cityOffers().find(
        (offer) => offer.businessId === other.id && !ownProductIds.has(offer.productId),
      )!;
      const product = productOf(foreignOffer.productId);

      const search = async (q: string) => {
        const parsed = catalogProductSearchResponse.parse(
          (
            await staff.get(`${managePaths.catalogProducts(store.id)}?q=${encodeURIComponent(q)}`)
          ).json(),
        );
        if (parsed.status !== 1) throw new Error(parsed.message);
        return parsed.results;
      };
      const byGtin = await search(product.gtin);
      expect(byGtin.map((hit) => hit.id)).toEqual([product.id]);
      expect(byGtin[0]!.offerId).toBeNull();
      const byTitle = await search(product.title);
      expect(byTitle.map((hit) => hit.id)).toContain(product.id);
      expect(byTitle.length).toBeLessThanOrEqual(20);

      const added = await staff.post(managePaths.offers(store.id), {
        productId: product.id,
        price: 450,
        quantity: 7,
      });
      expect(added.statusCode).toBe(201);
      const offer = offerOf(added.json());
      expect(offer).toMatchObject({ productId: product.id, quantity: 7, price: { amount: 450 } });
      expect((await search(product.gtin))[0]!.offerId).toBe(offer.id);

      const again = await staff.post(managePaths.offers(store.id), {
        productId: product.id,
        price: 450,
        quantity: 7,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: offersMessages.alreadyOffered });
      const unknown = await staff.post(managePaths.offers(store.id), {
        productId: UNKNOWN_ID,
        price: 450,
        quantity: 1,
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('creates a catalogue product and its offer in one transaction', async () => {
      const { store, staff, storeOffers, productOf } = await world();
      const category = city().categories.find((c) => c.kind === 'retail' && c.parentId !== null)!;
      const input = (gtin: string, sku: string | null = null) => ({
        title: 'Zanzibarine Sparkling Tonic',
        brand: 'Quokkafizz',
        gtin,
        description: 'A new tonic.',
        categoryId: category.id,
        images: [],
        attributes: [{ name: 'Size', value: '355 ml' }],
        offer: { price: 349, quantity: 12, sku },
      });
      const productCount = async (gtin: string) =>
        (await getDb().db.select({ id: products.id }).from(products).where(eq(products.gtin, gtin)))
          .length;

      const good = freshGtin(4242);
      const badDigit = `${good.slice(0, -1)}${(Number(good.at(-1)) + 1) % 10}`;
      const bad = await staff.post(managePaths.catalogProducts(store.id), input(badDigit));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain(offersMessages.gtinCheckDigit);
      expect(await productCount(badDigit)).toBe(0);

      // The product insert succeeds, then the offer is refused (its SKU is taken): neither stays.
      const skuHolder = offersSlice(storeOffers(), 30, 1)[0]!;
      await staff.patch(managePaths.offer(store.id, skuHolder.id), { sku: 'TAKEN-1' });
      const rolledBack = await staff.post(
        managePaths.catalogProducts(store.id),
        input(good, 'TAKEN-1'),
      );
      expect(rolledBack.statusCode).toBe(409);
      expect(await productCount(good)).toBe(0);

      const created = await staff.post(managePaths.catalogProducts(store.id), input(good));
      expect(created.statusCode).toBe(201);
      const offer = offerOf(created.json());
      expect(offer).toMatchObject({ gtin: good, brand: 'Quokkafizz', quantity: 12 });
      expect(await productCount(good)).toBe(1);
      const [word] = await getDb()
        .db.select()
        .from(searchTerms)
        .where(eq(searchTerms.word, 'zanzibarine'));
      expect(word?.frequency).toBe(1);
      // The generated search vector finds it, even misspelt (the vocabulary learnt the word).
      const hits = catalogProductSearchResponse.parse(
        (await staff.get(`${managePaths.catalogProducts(store.id)}?q=zanzibarinr`)).json(),
      );
      expect(hits.status === 1 && hits.results.map((hit) => hit.gtin)).toEqual([good]);

      const existing = productOf(storeOffers()[0]!.productId);
      const duplicate = await staff.post(
        managePaths.catalogProducts(store.id),
        input(existing.gtin),
      );
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toMatchObject({
        message: offersMessages.gtinTaken,
        result: { productId: existing.id },
      });
      const restaurantCategory = city().categories.find((c) => c.kind === 'restaurant')!;
      const wrongKind = await staff.post(managePaths.catalogProducts(store.id), {
        ...input(freshGtin(4243)),
        categoryId: restaurantCategory.id,
      });
      expect(wrongKind.statusCode).toBe(400);
      expect(wrongKind.json()).toMatchObject({ message: offersMessages.categoryNotRetail });
    });
  });
}
