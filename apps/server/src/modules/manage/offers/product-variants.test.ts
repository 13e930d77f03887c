import {
  cartResponse,
  catalogPaths,
  commercePaths,
  type ManagedOffer,
  managedOfferResponse,
  managePaths,
  productDetailResponse,
  productListResponse,
  storeProductPaths,
  storeProductResponse,
  variantListResponse,
  variantMessages,
  variantPaths,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { offers, products } from '../../../db/schema/index.ts';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { shopperClient, signedInShopper } from '../../commerce/cart/commerce-test-support.ts';
import { manageCast, manageClient } from '../manage-test-support.ts';
import { titleForSize } from './product-variants.ts';

const LATER = new Date(CITY_NOW.getTime() + 3_600_000);

function offerOf(body: unknown): ManagedOffer {
  const parsed = managedOfferResponse.parse(body);
  if (parsed.status !== 1) throw new Error(parsed.message);
  return parsed.result;
}

function sizesOf(response: { statusCode: number; body: string; json: () => unknown }) {
  const parsed = variantListResponse.parse(response.json());
  if (parsed.status !== 1) throw new Error(`${response.statusCode} ${parsed.message}`);
  return parsed.results;
}

function expectRefused(
  response: { statusCode: number; body: string; json: () => unknown },
  status: number,
  message: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ status: 0, message });
}

describe('titleForSize', () => {
  it('swaps the size in the title, else adds it', () => {
    expect(titleForSize('Country Sourdough 800 g', '800 g', '400 g')).toBe(
      'Country Sourdough 400 g',
    );
    expect(titleForSize('Country Sourdough', 'Large', 'Small')).toBe('Country Sourdough (Small)');
    expect(titleForSize('Country Sourdough', null, 'Small')).toBe('Country Sourdough (Small)');
  });
});

for (const backend of testDatabases()) {
  describe(`sizes of a store's own product on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const city = useCatalogCity(getDb);
    const makeApp = useTestApp(getDb);

    let worlds = 0;
    async function world() {
      worlds += 1;
      const app = await makeApp({ now: () => LATER, env: { RATE_LIMIT_MULTIPLIER: '100' } });
      const [store, other] = city().businesses.filter((business) => business.kind === 'retail');
      const cast = await manageCast(getDb().db, CITY_NOW, {
        storeId: store!.id,
        otherStoreId: other!.id,
      });
      const category = city().categories.find((c) => c.kind === 'retail' && c.parentId !== null)!;
      const staff = manageClient(app, cast.staff);
      const loaf = offerOf(
        (
          await staff.post(managePaths.catalogProducts(store!.id), {
            title: 'Country Sourdough 800 g',
            gtin: '',
            description: 'Naturally leavened.',
            categoryId: category.id,
            attributes: [{ name: 'Weight', value: '800 g' }],
            offer: { price: 650, quantity: 12, sku: `SOUR-800-${worlds}` },
          })
        ).json(),
      );
      return {
        app,
        store: store!,
        other: other!,
        cast,
        loaf,
        staff,
        otherStaff: manageClient(app, cast.otherStaff),
      };
    }

    it('adds a 400 g size copying the loaf, with its own SKU, price and stock; labels are checked', async () => {
      const { app, store, loaf, staff } = await world();
      const url = variantPaths.variants(store.id, loaf.productId);
      const size = { label: '400 g', sku: `SOUR-400-${worlds}`, price: 425, quantity: 5 };

      // The first size also names the loaf's own size, in words.
      expectRefused(await staff.post(url, size), 400, variantMessages.mainLabelRequired);
      expectRefused(
        await staff.post(url, { ...size, label: '   ', mainLabel: '800 g' }),
        400,
        variantMessages.labelRequired,
      );
      expectRefused(
        await staff.post(url, { ...size, label: 'A very large family loaf', mainLabel: '800 g' }),
        400,
        variantMessages.labelTooLong,
      );
      expectRefused(
        await staff.post(url, { ...size, label: '800 G', mainLabel: '800 g' }),
        409,
        variantMessages.labelTaken,
      );
      // Nothing was written by the refusals.
      const [untouched] = await getDb()
        .db.select({ label: products.variantLabel })
        .from(products)
        .where(eq(products.id, loaf.productId));
      expect(untouched?.label).toBeNull();

      const added = await staff.post(url, { ...size, mainLabel: '800 g' });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json().message).toBe(variantMessages.variantAdded);
      const sizes = sizesOf(added);
      expect(
        sizes.map((one) => [one.label, one.sku, one.price.amount, one.quantity, one.main]),
      ).toEqual([
        ['800 g', loaf.sku, 650, 12, true],
        ['400 g', size.sku, 425, 5, false],
      ]);
      const small = sizes[1]!;
      expect(small.productId).not.toBe(loaf.productId);
      expect(small.title).toBe('Country Sourdough 400 g');
      const [row] = await getDb()
        .db.select()
        .from(products)
        .where(eq(products.id, small.productId));
      expect(row).toMatchObject({
        variantOf: loaf.productId,
        variantLabel: '400 g',
        gtin: null,
        ownerBusinessId: store.id,
        contentStatus: 'store',
        description: 'Naturally leavened.',
        attributes: [{ name: 'Weight', value: '400 g' }],
      });

      // The same label twice (any case), or a SKU the store already uses: refused.
      expectRefused(
        await staff.post(url, { ...size, sku: 'OTHER', label: '400 G' }),
        409,
        variantMessages.labelTaken,
      );
      const sameSku = await staff.post(url, { ...size, label: '1 kg' });
      expect(sameSku.statusCode).toBe(409);

      // The editor reads the group from either size.
      const fromSmall = storeProductResponse.parse(
        (await staff.get(storeProductPaths.product(store.id, small.productId))).json(),
      );
      expect(fromSmall.status === 1 && fromSmall.result).toMatchObject({
        variantLabel: '400 g',
        variantOf: loaf.productId,
        variants: [{ label: '800 g' }, { label: '400 g' }],
      });

      // Edit the size: label (the title follows), price and stock; a taken label is refused.
      const edit = variantPaths.variant(store.id, loaf.productId, small.productId);
      expectRefused(await staff.patch(edit, { label: '800 g' }), 409, variantMessages.labelTaken);
      const edited = sizesOf(await staff.patch(edit, { label: '500 g', price: 475, quantity: 7 }));
      expect(edited[1]).toMatchObject({
        label: '500 g',
        title: 'Country Sourdough 500 g',
        price: { amount: 475 },
        quantity: 7,
      });

      // The product page offers both sizes, each with its own offer; the products list shows the
      // loaf once, with "2 sizes" from the lower price.
      const page = productDetailResponse.parse(
        (await app.inject({ method: 'GET', url: catalogPaths.product(small.productId) })).json(),
      );
      if (page.status !== 1 || !page.result) throw new Error('no product page');
      expect(
        page.result.variants.map((one) => [
          one.id,
          one.label,
          one.offer?.price.amount,
          one.attributes,
        ]),
      ).toEqual([
        [loaf.productId, '800 g', 650, [{ name: 'Weight', value: '800 g' }]],
        [small.productId, '500 g', 475, [{ name: 'Weight', value: '500 g' }]],
      ]);
      const list = productListResponse.parse(
        (
          await app.inject({
            method: 'GET',
            url: `${catalogPaths.products}?q=sourdough&businessId=${store.id}`,
          })
        ).json(),
      );
      if (list.status !== 1) throw new Error(list.message);
      const shown = list.results.filter((card) =>
        [loaf.productId, small.productId].includes(card.id),
      );
      expect(shown).toHaveLength(1);
      expect(shown[0]!.sizes).toEqual({ count: 2, from: { amount: 475, currency: 'CAD' } });

      // Remove the size: its offer goes and its label is free again; the loaf reads as one size.
      const removed = await staff.delete(edit);
      expect(removed.json().message).toBe(variantMessages.variantRemoved);
      expect(sizesOf(removed).map((one) => one.label)).toEqual(['800 g']);
      const [gone] = await getDb()
        .db.select({ id: offers.id })
        .from(offers)
        .where(eq(offers.productId, small.productId));
      expect(gone).toBeUndefined();
      const again = await staff.post(url, { ...size, sku: 'SOUR-400-B' });
      expect(again.statusCode, again.body).toBe(201);
    });

    it('keeps the main product while its sizes are sold, and a size in the cart is its own offer at its own price', async () => {
      const { app, store, loaf, staff } = await world();
      const sizes = sizesOf(
        await staff.post(variantPaths.variants(store.id, loaf.productId), {
          label: '400 g',
          mainLabel: '800 g',
          sku: `HALF-${worlds}`,
          price: 425,
          quantity: 5,
        }),
      );
      const small = sizes[1]!;
      // Removing the loaf from the products list while the 400 g is sold: refused in words.
      expectRefused(
        await staff.delete(managePaths.offer(store.id, loaf.id)),
        409,
        variantMessages.removeSizesFirst,
      );

      const shopper = shopperClient(app, await signedInShopper(getDb().db, CITY_NOW));
      const added = await shopper.post(commercePaths.cartItems, {
        kind: 'product',
        itemId: small.offerId,
        quantity: 2,
      });
      expect(added.statusCode, added.body).toBe(200);
      await shopper.post(commercePaths.cartItems, {
        kind: 'product',
        itemId: loaf.id,
        quantity: 1,
      });
      const cart = cartResponse.parse((await shopper.get(commercePaths.cart)).json());
      if (cart.status !== 1) throw new Error(cart.message);
      const lines = cart.results.map((line) => [
        line.productId,
        line.itemId,
        line.title,
        line.unitPrice.amount,
        line.lineTotal.amount,
      ]);
      expect(lines).toEqual(
        expect.arrayContaining([
          [small.productId, small.offerId, 'Country Sourdough 400 g', 425, 850],
          [loaf.productId, loaf.id, 'Country Sourdough 800 g', 650, 650],
        ]),
      );
      expect(lines).toHaveLength(2);
    });

    it('lets no other store, and nothing with a barcode, gain sizes', async () => {
      const { app, store, other, loaf, staff, otherStaff } = await world();
      const size = { label: '400 g', mainLabel: '800 g', sku: 'X-400', price: 425, quantity: 5 };
      // Another store's member: not its product (404), through either store's path.
      expect(
        (await otherStaff.post(variantPaths.variants(other.id, loaf.productId), size)).statusCode,
      ).toBe(404);
      expect(
        (await otherStaff.post(variantPaths.variants(store.id, loaf.productId), size)).statusCode,
      ).toBe(403);
      // A catalogue product with a barcode the store sells: sizes are for its own products only.
      const shared = [...city().offers].find((offer) => offer.businessId === store.id)!;
      expectRefused(
        await staff.post(variantPaths.variants(store.id, shared.productId), size),
        403,
        variantMessages.onlyOwnProducts,
      );
      // An anonymous caller: the sign-in check answers first.
      expect(
        (await manageClient(app).post(variantPaths.variants(store.id, loaf.productId), size))
          .statusCode,
      ).toBe(401);
      const [row] = await getDb()
        .db.select({ label: products.variantLabel })
        .from(products)
        .where(eq(products.id, loaf.productId));
      expect(row?.label).toBeNull();
    });
  });
}
