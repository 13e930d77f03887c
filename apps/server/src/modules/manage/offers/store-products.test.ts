import {
  catalogPaths,
  catalogProductSearchResponse,
  gtinCheckDigit,
  gtinMessages,
  type ImageRef,
  type ManagedOffer,
  managedOfferResponse,
  managePaths,
  offersMessages,
  pendingProductContentResponse,
  productDetailResponse,
  STORE_IMAGE_FIELD,
  storeProductMessages,
  storeProductPaths,
  storeProductResponse,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { businesses, products } from '../../../db/schema/index.ts';
import { multipartFile } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { manageCast, manageClient, type Person } from '../manage-test-support.ts';

const LATER = new Date(CITY_NOW.getTime() + 3_600_000);

/** A GTIN-13 no demo product has (demo ones start with 0 or 978), with a correct check digit. */
function freshGtin(seed: number): string {
  const body = `2${String(seed).padStart(11, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
}

function offerOf(body: unknown): ManagedOffer {
  const parsed = managedOfferResponse.parse(body);
  if (parsed.status !== 1) throw new Error(parsed.message);
  return parsed.result;
}

function png(width: number, height: number, colour = '#c84'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

for (const backend of testDatabases()) {
  describe(`store products and shared content on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const city = useCatalogCity(getDb);
    const makeApp = useTestApp(getDb);

    async function world() {
      const app = await makeApp({ now: () => LATER, env: { RATE_LIMIT_MULTIPLIER: '100' } });
      const [store, other] = city().businesses.filter((business) => business.kind === 'retail');
      const cast = await manageCast(getDb().db, CITY_NOW, {
        storeId: store!.id,
        otherStoreId: other!.id,
      });
      const category = city().categories.find((c) => c.kind === 'retail' && c.parentId !== null)!;
      return {
        app,
        store: store!,
        other: other!,
        cast,
        category,
        staff: manageClient(app, cast.staff),
        otherStaff: manageClient(app, cast.otherStaff),
        admin: manageClient(app, cast.admin),
      };
    }

    async function upload(app: FastifyInstance, who: Person, storeId: string, bytes: Buffer) {
      const form = multipartFile(STORE_IMAGE_FIELD, 'bread.png', 'image/png', bytes);
      const response = await app.inject({
        method: 'POST',
        url: managePaths.images(storeId),
        headers: { ...form.headers, authorization: `Bearer ${who.token}` },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(200);
      return response.json().result as ImageRef;
    }

    async function productRow(id: string) {
      const [row] = await getDb().db.select().from(products).where(eq(products.id, id));
      return row;
    }

    it('lists a house-made product without a GTIN, by its SKU, and edits all of its content', async () => {
      const { app, store, other, cast, category, staff, otherStaff } = await world();
      const loaf = {
        title: 'Country Sourdough 800 g',
        brand: '',
        gtin: '',
        description: 'Naturally leavened, baked every morning.',
        categoryId: category.id,
        images: [] as ImageRef[],
        attributes: [{ name: 'Weight', value: '800 g' }],
        offer: { price: 650, quantity: 12, sku: null as string | null },
      };
      // No barcode and no SKU: the store must name it somehow.
      const noSku = await staff.post(managePaths.catalogProducts(store.id), loaf);
      expect(noSku.statusCode).toBe(400);
      expect(noSku.json()).toMatchObject({
        status: 0,
        message: storeProductMessages.ownProductNeedsSku,
      });
      // A mistyped barcode gets the retailer's words, not a field path.
      const badGtin = await staff.post(managePaths.catalogProducts(store.id), {
        ...loaf,
        gtin: '12345',
      });
      expect(badGtin.json().message).toBe(gtinMessages.digits);

      const photo = await upload(app, cast.staff, store.id, await png(900, 600));
      // The form claims a size; the stored bytes decide it.
      const created = await staff.post(managePaths.catalogProducts(store.id), {
        ...loaf,
        images: [{ ...photo, width: 5, height: 5 }],
        offer: { ...loaf.offer, sku: 'BREAD-800' },
      });
      expect(created.statusCode).toBe(201);
      const offer = offerOf(created.json());
      expect(offer).toMatchObject({
        title: 'Country Sourdough 800 g',
        brand: store.name,
        gtin: null,
        sku: 'BREAD-800',
        contentStatus: 'store',
        contentEditable: true,
        image: { url: photo.url, width: 900, height: 600 },
      });
      const row = await productRow(offer.productId);
      expect(row).toMatchObject({ gtin: null, ownerBusinessId: store.id, contentStatus: 'store' });

      // Shoppers see it on the product page with this store's offer.
      const page = productDetailResponse.parse(
        (await app.inject({ method: 'GET', url: catalogPaths.product(offer.productId) })).json(),
      );
      expect(page.status === 1 && page.result).toMatchObject({
        title: 'Country Sourdough 800 g',
        gtin: null,
        offers: [{ business: { id: store.id } }],
      });

      // Edit everything: title, description, two photos (one new), details, category.
      const second = await upload(app, cast.owner, store.id, await png(400, 400, '#8a5'));
      const otherCategory = city().categories.find(
        (c) => c.kind === 'retail' && c.parentId !== null && c.id !== category.id,
      )!;
      const edited = await staff.put(storeProductPaths.product(store.id, offer.productId), {
        title: 'Country Sourdough Loaf 800 g',
        brand: 'Our Bakery',
        description: 'Stone-baked.',
        categoryId: otherCategory.id,
        images: [photo, second],
        attributes: [
          { name: 'Weight', value: '800 g' },
          { name: 'Flour', value: 'Organic wheat and rye' },
        ],
      });
      expect(edited.statusCode).toBe(200);
      const product = storeProductResponse.parse(edited.json());
      expect(product.status === 1 && product.result).toMatchObject({
        title: 'Country Sourdough Loaf 800 g',
        brand: 'Our Bakery',
        categoryId: otherCategory.id,
        images: [{ url: photo.url }, { url: second.url, width: 400, height: 400 }],
        editable: true,
        sku: 'BREAD-800',
      });

      // Another store: not in its catalogue, cannot offer, read or edit it.
      const search = catalogProductSearchResponse.parse(
        (await otherStaff.get(`${managePaths.catalogProducts(other.id)}?q=sourdough`)).json(),
      );
      expect(search.status === 1 && search.results.map((hit) => hit.id)).not.toContain(
        offer.productId,
      );
      const foreignAdd = await otherStaff.post(managePaths.offers(other.id), {
        productId: offer.productId,
        price: 100,
        quantity: 1,
      });
      expect(foreignAdd.statusCode).toBe(404);
      expect(
        (await otherStaff.get(storeProductPaths.product(other.id, offer.productId))).statusCode,
      ).toBe(404);
      const foreignEdit = await otherStaff.put(
        storeProductPaths.product(other.id, offer.productId),
        {
          title: 'RECALL',
          categoryId: category.id,
        },
      );
      expect(foreignEdit.statusCode).toBe(404);
      expect((await productRow(offer.productId))?.title).toBe('Country Sourdough Loaf 800 g');
    });

    it('takes product photos only from our media store, uploaded by this store', async () => {
      const { app, store, other, cast, category, staff } = await world();
      const base = {
        title: 'Rye Crispbread',
        categoryId: category.id,
        offer: { price: 399, quantity: 3, sku: 'RYE-1' },
      };
      const outside = await staff.post(managePaths.catalogProducts(store.id), {
        ...base,
        images: [{ url: 'https://evil.example/recall.png', width: 10, height: 10, alt: '' }],
      });
      expect(outside.statusCode).toBe(400);
      expect(outside.json()).toEqual({
        status: 0,
        message: storeProductMessages.imageFromElsewhere,
      });
      // A protocol-relative URL or a path outside the media store is no better.
      for (const url of ['//evil.example/a.png', '/api/v1/catalog/images/not-ours']) {
        const response = await staff.post(managePaths.catalogProducts(store.id), {
          ...base,
          images: [{ url, width: 10, height: 10, alt: '' }],
        });
        expect(response.json().message).toBe(storeProductMessages.imageFromElsewhere);
      }
      // An image another store's member uploaded cannot be borrowed.
      const foreign = await upload(app, cast.otherStaff, other.id, await png(50, 50));
      const borrowed = await staff.post(managePaths.catalogProducts(store.id), {
        ...base,
        images: [foreign],
      });
      expect(borrowed.statusCode).toBe(400);
      expect(borrowed.json().message).toBe(storeProductMessages.imageUnknown);
      const rows = await getDb()
        .db.select({ id: products.id })
        .from(products)
        .where(eq(products.title, 'Rye Crispbread'));
      expect(rows).toHaveLength(0);

      // The edit refuses an outside image too, and keeps the product as it was.
      const created = offerOf(
        (await staff.post(managePaths.catalogProducts(store.id), { ...base, images: [] })).json(),
      );
      const edit = await staff.put(storeProductPaths.product(store.id, created.productId), {
        title: 'Rye Crispbread',
        categoryId: category.id,
        images: [{ url: 'http://evil.example/x.png', width: 1, height: 1, alt: '' }],
      });
      expect(edit.json()).toEqual({ status: 0, message: storeProductMessages.imageFromElsewhere });
      expect((await productRow(created.productId))?.images).toEqual([]);
    });

    it("keeps a store's content for a new GTIN to its own offer until an admin confirms it", async () => {
      const { app, store, other, category, staff, otherStaff, admin } = await world();
      const gtin = freshGtin(9101);
      const poisoned = await staff.post(managePaths.catalogProducts(store.id), {
        title: 'Sparkling Water 500 ml',
        brand: 'Brookfizz',
        gtin,
        categoryId: category.id,
        offer: { price: 199, quantity: 5 },
      });
      expect(poisoned.statusCode).toBe(201);
      const first = offerOf(poisoned.json());
      expect(first).toMatchObject({ gtin, contentStatus: 'store', contentEditable: true });

      // The other store does not see it by barcode; its own content for the GTIN is its own.
      const byGtin = catalogProductSearchResponse.parse(
        (await otherStaff.get(`${managePaths.catalogProducts(other.id)}?q=${gtin}`)).json(),
      );
      expect(byGtin.status === 1 && byGtin.results).toEqual([]);
      const theirs = await otherStaff.post(managePaths.catalogProducts(other.id), {
        title: 'Brookfizz Sparkling Water',
        gtin,
        categoryId: category.id,
        offer: { price: 219, quantity: 8 },
      });
      expect(theirs.statusCode).toBe(201);
      const second = offerOf(theirs.json());
      expect(second.productId).not.toBe(first.productId);
      expect(second.title).toBe('Brookfizz Sparkling Water');
      // Each product page carries its own store's offer only.
      const pageOf = async (productId: string) => {
        const parsed = productDetailResponse.parse(
          (await app.inject({ method: 'GET', url: catalogPaths.product(productId) })).json(),
        );
        if (parsed.status !== 1) throw new Error(parsed.message);
        return parsed.result;
      };
      expect((await pageOf(first.productId)).offers.map((o) => o.business.id)).toEqual([store.id]);
      expect((await pageOf(second.productId)).offers.map((o) => o.business.id)).toEqual([other.id]);

      // The admin queue lists both; non-admins cannot confirm.
      const queue = pendingProductContentResponse.parse(
        (await admin.get(storeProductPaths.adminPending)).json(),
      );
      // Both waiting; the same clock wrote them, so their order is by id (either way round).
      const waiting = queue.status === 1 ? queue.results.filter((item) => item.gtin === gtin) : [];
      expect(waiting).toHaveLength(2);
      expect(waiting).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ productId: first.productId, storeName: store.name }),
          expect.objectContaining({ productId: second.productId, storeName: other.name }),
        ]),
      );
      expect((await staff.post(storeProductPaths.adminConfirm(first.productId))).statusCode).toBe(
        403,
      );

      const confirmed = await admin.post(storeProductPaths.adminConfirm(first.productId));
      expect(confirmed.json()).toEqual({ status: 1, message: storeProductMessages.confirmed });
      expect((await productRow(first.productId))?.contentStatus).toBe('confirmed');
      // One shared product per barcode: the second store's content cannot be confirmed as well.
      const again = await admin.post(storeProductPaths.adminConfirm(second.productId));
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(storeProductMessages.confirmBarcodeTaken);
      expect(
        (await admin.post(storeProductPaths.adminConfirm(first.productId))).json().message,
      ).toBe(storeProductMessages.alreadyConfirmed);

      // Now shared: another store finds it by barcode, and its writer can no longer change it.
      const shared = catalogProductSearchResponse.parse(
        (await otherStaff.get(`${managePaths.catalogProducts(other.id)}?q=${gtin}`)).json(),
      );
      expect(shared.status === 1 && shared.results.map((hit) => hit.id)).toContain(first.productId);
      const locked = await staff.put(storeProductPaths.product(store.id, first.productId), {
        title: 'RECALL: refund at evil.example',
        categoryId: category.id,
      });
      expect(locked.statusCode).toBe(403);
      expect(locked.json().message).toBe(storeProductMessages.contentShared);
      const view = storeProductResponse.parse(
        (await staff.get(storeProductPaths.product(store.id, first.productId))).json(),
      );
      expect(view.status === 1 && view.result).toMatchObject({
        editable: false,
        contentStatus: 'confirmed',
      });
      // And a later product for that barcode is refused in favour of the shared one.
      const duplicate = await staff.post(managePaths.catalogProducts(store.id), {
        title: 'Water',
        gtin,
        categoryId: category.id,
        offer: { price: 100, quantity: 1 },
      });
      expect(duplicate.statusCode).toBe(409);
    });

    it('a store under review writes no content for a barcode, and its own products stay hidden', async () => {
      const { app, other, category, otherStaff, admin } = await world();
      const db = getDb().db;
      await db.update(businesses).set({ status: 'pending' }).where(eq(businesses.id, other.id));
      const gtin = freshGtin(9202);
      const refused = await otherStaff.post(managePaths.catalogProducts(other.id), {
        title: 'RECALL: refund at evil.example',
        gtin,
        categoryId: category.id,
        offer: { price: 100, quantity: 1 },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        status: 0,
        message: storeProductMessages.pendingStoreNoBarcode,
      });
      expect(await db.select().from(products).where(eq(products.gtin, gtin))).toHaveLength(0);

      // Its own product is allowed (it prepares its shelves), and hidden from shoppers meanwhile.
      const own = await otherStaff.post(managePaths.catalogProducts(other.id), {
        title: 'Honey Oat Loaf',
        categoryId: category.id,
        offer: { price: 500, quantity: 4, sku: 'HONEY-1' },
      });
      expect(own.statusCode).toBe(201);
      expect(own.json().message).toBe(offersMessages.ownProductCreated);
      const loaf = offerOf(own.json());
      const hidden = await app.inject({ method: 'GET', url: catalogPaths.product(loaf.productId) });
      expect(hidden.statusCode).toBe(404);
      // Never shareable: no barcode, and the store is not approved.
      const confirm = await admin.post(storeProductPaths.adminConfirm(loaf.productId));
      expect(confirm.statusCode).toBe(400);
      expect(confirm.json().message).toBe(storeProductMessages.confirmNeedsBarcode);
    });

    it('the inventory feed of another store never links a barcode to unconfirmed content', async () => {
      const { store, other, category, staff } = await world();
      const gtin = freshGtin(9303);
      offerOf(
        (
          await staff.post(managePaths.catalogProducts(store.id), {
            title: 'Fake Recall Notice',
            gtin,
            categoryId: category.id,
            offer: { price: 100, quantity: 1 },
          })
        ).json(),
      );
      const db = getDb().db;
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.gtin, gtin));
      const { offerableProductRawSql } = await import('./product-content.ts');
      const { sql } = await import('drizzle-orm');
      const { executeRows } = await import('../../catalog/search/execute-rows.ts');
      const visible = (businessId: string) =>
        executeRows<{ id: string }>(
          db,
          sql`select p.id from products p where p.gtin = ${gtin} and ${offerableProductRawSql('p', businessId)}`,
        );
      expect((await visible(store.id)).map((r) => r.id)).toEqual([row!.id]);
      expect(await visible(other.id)).toEqual([]);
    });
  });
}
