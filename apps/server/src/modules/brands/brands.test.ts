import {
  type BrandPartner,
  brandCsvResponse,
  brandGtinResponse,
  brandMessages,
  brandPartnerResponse,
  brandPaths,
  brandProductsResponse,
  catalogPaths,
  gtinCheckDigit,
  type ImageRef,
  managePaths,
  productDetailResponse,
  STORE_IMAGE_FIELD,
  storeProductMessages,
  storeProductPaths,
} from '@localmart/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { brandPartners, businesses, offers, products } from '../../db/schema/index.ts';
import { multipartFile } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../test/databases.ts';
import { manageCast, manageClient, type Person, person } from '../manage/manage-test-support.ts';

const LATER = new Date(CITY_NOW.getTime() + 3_600_000);

function partnerOf(body: unknown): BrandPartner {
  const parsed = brandPartnerResponse.parse(body);
  if (parsed.status !== 1) throw new Error(parsed.message);
  return parsed.result;
}

/** A multipart form with one file and text fields. */
function form(
  file: { field: string; name: string; type: string; bytes: Buffer },
  fields: Record<string, string>,
) {
  const boundary = `----brand${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  return {
    payload: Buffer.concat([
      ...parts,
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

for (const backend of testDatabases()) {
  describe(`brand partners on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const city = useCatalogCity(getDb);
    const makeApp = useTestApp(getDb);

    /** A demo GTIN that at least two stores sell, and a prefix covering it. */
    async function soldTwice() {
      const [row] = await getDb()
        .db.select({ id: products.id, gtin: products.gtin, stores: sql<number>`count(*)::int` })
        .from(products)
        .innerJoin(offers, eq(offers.productId, products.id))
        .where(and(eq(products.contentStatus, 'confirmed'), sql`${products.gtin} is not null`))
        .groupBy(products.id)
        .having(sql`count(*) >= 2`)
        .orderBy(products.gtin)
        .limit(1);
      return {
        productId: row!.id,
        gtin: row!.gtin!,
        stores: row!.stores,
        prefix: row!.gtin!.slice(0, 9),
      };
    }

    async function world(env: Record<string, string> = { RATE_LIMIT_MULTIPLIER: '100' }) {
      // The file shares one database: each test starts with no brand partners.
      await getDb().db.delete(brandPartners);
      await getDb()
        .db.update(businesses)
        .set({ status: 'published' })
        .where(eq(businesses.id, city().businesses.find((b) => b.kind === 'retail')!.id));
      const app = await makeApp({ now: () => LATER, env });
      const [store, other] = city().businesses.filter((business) => business.kind === 'retail');
      const cast = await manageCast(getDb().db, CITY_NOW, {
        storeId: store!.id,
        otherStoreId: other!.id,
      });
      const brandOwner = await person(getDb().db, CITY_NOW, { name: 'Bree' });
      const category = city().categories.find((c) => c.kind === 'retail' && c.parentId !== null)!;
      return { app, store: store!, other: other!, cast, brandOwner, category };
    }

    async function approvedPartner(
      app: FastifyInstance,
      owner: Person,
      admin: Person,
      prefix: string,
    ) {
      const applied = await manageClient(app, owner).post(brandPaths.brands, {
        name: 'Acme Foods Ltd',
        brands: ['Acme'],
        gtinPrefixes: [prefix],
        note: 'We make Acme.',
      });
      expect(applied.statusCode).toBe(201);
      const partner = partnerOf(applied.json());
      const approved = await manageClient(app, admin).post(brandPaths.adminApprove(partner.id));
      expect(approved.json()).toMatchObject({ status: 1, message: brandMessages.approved });
      return partner;
    }

    async function upload(app: FastifyInstance, who: Person, brandId: string) {
      const bytes = await sharp({
        create: { width: 1200, height: 800, channels: 3, background: '#48c' },
      })
        .png()
        .toBuffer();
      const file = multipartFile(STORE_IMAGE_FIELD, 'pack.png', 'image/png', bytes);
      const response = await app.inject({
        method: 'POST',
        url: brandPaths.images(brandId),
        headers: { ...file.headers, authorization: `Bearer ${who.token}` },
        payload: file.payload,
      });
      return response;
    }

    it('applies (strict, in words), edits nothing until an admin approves, and only admins approve', async () => {
      const { app, brandOwner, cast, category } = await world();
      const { gtin, prefix } = await soldTwice();
      const me = manageClient(app, brandOwner);
      expect(
        (await me.post(brandPaths.brands, { name: 'X', gtinPrefixes: ['12a45'] })).json(),
      ).toMatchObject({
        status: 0,
        message: brandMessages.prefixDigits,
      });
      expect((await me.post(brandPaths.brands, { name: 'X' })).json()).toMatchObject({
        status: 0,
        message: brandMessages.claimsRequired,
      });
      // Strict: an unknown field (trying to set the status) is refused.
      expect(
        (await me.post(brandPaths.brands, { name: 'X', brands: ['X'], status: 'approved' }))
          .statusCode,
      ).toBe(400);

      const applied = await me.post(brandPaths.brands, {
        name: 'Acme Foods Ltd',
        brands: ['Acme', 'ACME '],
        gtinPrefixes: [prefix],
      });
      expect(applied.statusCode).toBe(201);
      const partner = partnerOf(applied.json());
      expect(partner).toMatchObject({
        status: 'pending',
        brands: ['Acme'],
        gtinPrefixes: [prefix],
      });

      const content = {
        title: 'Acme Oat Drink 1 L',
        description: 'New text',
        categoryId: category.id,
      };
      const pending = await me.put(brandPaths.product(partner.id, gtin), content);
      expect(pending.statusCode).toBe(403);
      expect(pending.json()).toMatchObject({ status: 0, message: brandMessages.notApproved });
      // Strangers see nothing of it; a store owner cannot approve it.
      expect(
        (await manageClient(app, cast.owner).get(brandPaths.brand(partner.id))).statusCode,
      ).toBe(403);
      expect(
        (await manageClient(app, cast.owner).post(brandPaths.adminApprove(partner.id))).statusCode,
      ).toBe(403);
      expect((await me.post(brandPaths.adminApprove(partner.id))).statusCode).toBe(403);

      const admin = manageClient(app, cast.admin);
      const queue = (await admin.get(brandPaths.adminList)).json();
      expect(queue.results[0]).toMatchObject({
        id: partner.id,
        status: 'pending',
        applicantEmail: brandOwner.email,
      });
      expect((await admin.post(brandPaths.adminApprove(partner.id))).statusCode).toBe(200);
      expect((await admin.post(brandPaths.adminApprove(partner.id))).json()).toMatchObject({
        status: 0,
        message: brandMessages.alreadyReviewed,
      });
      expect(partnerOf((await me.get(brandPaths.brand(partner.id))).json()).status).toBe(
        'approved',
      );

      // A second organisation claiming the same prefix is not approved beside the first.
      const rival = await person(getDb().db, CITY_NOW, { name: 'Rita' });
      const rivalPartner = partnerOf(
        (
          await manageClient(app, rival).post(brandPaths.brands, {
            name: 'Not Acme',
            gtinPrefixes: [prefix.slice(0, 8)],
          })
        ).json(),
      );
      expect((await admin.post(brandPaths.adminApprove(rivalPartner.id))).json()).toMatchObject({
        status: 0,
        message: brandMessages.claimTaken(prefix.slice(0, 8), 'Acme Foods Ltd'),
      });
      const rejected = await admin.post(brandPaths.adminReject(rivalPartner.id), {
        reason: 'Not the brand owner.',
      });
      expect(rejected.statusCode).toBe(200);
      const rivalPut = await manageClient(app, rival).put(
        brandPaths.product(rivalPartner.id, gtin),
        content,
      );
      expect(rivalPut.json()).toMatchObject({ status: 0, message: brandMessages.rejectedNoEdit });
    });

    it('every brand route: 401 signed out, 403 for a non-member (a store owner, an admin), 404 for an unknown partner', async () => {
      const { app, brandOwner, cast } = await world();
      const partner = partnerOf(
        (
          await manageClient(app, brandOwner).post(brandPaths.brands, {
            name: 'Acme Foods Ltd',
            brands: ['Acme'],
          })
        ).json(),
      );
      const routes = app.manageRouteTable.filter((entry) => entry.guard === 'brand');
      expect(routes.length).toBeGreaterThanOrEqual(6);
      const urlOf = (url: string, brandId: string) =>
        url.replace(':brandId', brandId).replace(':gtin', '4006381333931');
      for (const entry of routes) {
        const label = `${entry.method} ${entry.url}`;
        const body = entry.method === 'GET' ? undefined : {};
        const send = (who: Person | undefined, brandId: string) =>
          manageClient(app, who).send(
            entry.method as 'GET' | 'POST' | 'PUT',
            urlOf(entry.url, brandId),
            body,
          );
        expect((await send(undefined, partner.id)).statusCode, label).toBe(401);
        expect((await send(cast.owner, partner.id)).statusCode, label).toBe(403);
        expect((await send(cast.admin, partner.id)).statusCode, label).toBe(403);
        expect(
          (await send(brandOwner, '00000000-0000-4000-8000-000000000001')).statusCode,
          label,
        ).toBe(404);
        expect((await send(brandOwner, partner.id)).statusCode, label).toBeLessThan(500);
      }
    });

    it('throttles applications per account', async () => {
      const { app, brandOwner } = await world({});
      const me = manageClient(app, brandOwner);
      for (let i = 0; i < 3; i++) {
        expect(
          (await me.post(brandPaths.brands, { name: `Brand ${i}`, brands: [`B${i}`] })).statusCode,
        ).toBe(201);
      }
      const over = await me.post(brandPaths.brands, { name: 'Brand 4', brands: ['B4'] });
      expect(over.statusCode).toBe(429);
      expect(over.headers['retry-after']).toBeDefined();
    });

    it("the brand's content is what every store selling the GTIN shows; stores can no longer change it", async () => {
      const { app, brandOwner, cast, category, store } = await world();
      const { productId, gtin, stores, prefix } = await soldTwice();
      const partner = await approvedPartner(app, brandOwner, cast.admin, prefix);
      const me = manageClient(app, brandOwner);

      const listed = brandProductsResponse.parse(
        (await me.get(brandPaths.products(partner.id))).json(),
      );
      expect(listed.status === 1 && listed.results.map((row) => row.gtin)).toContain(gtin);

      // An outside picture is refused; an upload to our media store is kept at its real size.
      const outside = await me.put(brandPaths.product(partner.id, gtin), {
        title: 'Acme Oat Drink 1 L',
        categoryId: category.id,
        images: [{ url: 'https://evil.example/pack.png', width: 10, height: 10, alt: '' }],
      });
      expect(outside.statusCode).toBe(400);
      expect(outside.json()).toMatchObject({
        status: 0,
        message: brandMessages.imageFromElsewhere,
      });
      const uploaded = await upload(app, brandOwner, partner.id);
      expect(uploaded.statusCode).toBe(200);
      const photo = uploaded.json().result as ImageRef;

      const saved = await me.put(brandPaths.product(partner.id, gtin), {
        title: 'Acme Oat Drink 1 L',
        brand: 'Acme',
        description: 'Brand-written description.',
        categoryId: category.id,
        images: [{ ...photo, width: 1, height: 1 }],
        attributes: [{ name: 'Volume', value: '1 L' }],
      });
      expect(saved.json()).toMatchObject({ status: 1, message: brandMessages.contentSaved });
      const answer = brandGtinResponse.parse(saved.json());
      expect(answer.status === 1 && answer.result).toMatchObject({
        product: {
          id: productId,
          title: 'Acme Oat Drink 1 L',
          brandContent: true,
          images: [{ width: 1200, height: 800 }],
        },
        storeCount: stores,
      });
      const page = productDetailResponse.parse(
        (await app.inject({ method: 'GET', url: catalogPaths.product(productId) })).json(),
      );
      if (page.status !== 1) throw new Error(page.message);
      expect(page.result.title).toBe('Acme Oat Drink 1 L');
      expect(page.result.description).toBe('Brand-written description.');

      // A GTIN outside its prefixes and brands: 403 in words.
      const [foreign] = await getDb()
        .db.select({ gtin: products.gtin })
        .from(products)
        .where(
          and(
            sql`${products.gtin} not like ${`${prefix}%`}`,
            sql`lower(${products.brand}) <> 'acme'`,
          ),
        )
        .limit(1);
      const notMine = await me.put(brandPaths.product(partner.id, foreign!.gtin!), {
        title: 'Mine now',
        categoryId: category.id,
      });
      expect(notMine.statusCode).toBe(403);
      expect(notMine.json()).toMatchObject({ status: 0, message: brandMessages.gtinNotYours });

      // A store selling it cannot change the brand's content.
      const [sold] = await getDb()
        .db.select({ businessId: offers.businessId })
        .from(offers)
        .where(eq(offers.productId, productId))
        .limit(1);
      const storeEdit = await manageClient(app, cast.admin).put(
        storeProductPaths.product(sold!.businessId, productId),
        {
          title: 'RECALL refund at evil.example',
          categoryId: category.id,
        },
      );
      expect(storeEdit.statusCode).toBe(403);
      expect(storeEdit.json()).toMatchObject({
        status: 0,
        message: brandMessages.storeBrandContent('Acme Foods Ltd'),
      });

      // A pending store cannot write content for the brand's GTIN (nor for a new one of its prefix).
      await getDb()
        .db.update(businesses)
        .set({ status: 'pending' })
        .where(eq(businesses.id, store.id));
      const pending = await manageClient(app, cast.owner).post(
        managePaths.catalogProducts(store.id),
        {
          title: 'Fake Oat Drink',
          gtin,
          categoryId: category.id,
          offer: { price: 100, quantity: 1 },
        },
      );
      expect(pending.statusCode).toBe(403);
      expect(pending.json()).toMatchObject({
        status: 0,
        message: storeProductMessages.pendingStoreNoBarcode,
      });
      expect((await me.get(brandPaths.product(partner.id, gtin))).json().result.product.title).toBe(
        'Acme Oat Drink 1 L',
      );
    });

    it("takes over a store's unconfirmed content for its GTIN: that store's offer moves to the brand's product", async () => {
      const { app, brandOwner, cast, category, store } = await world();
      const { prefix } = await soldTwice();
      const partner = await approvedPartner(app, brandOwner, cast.admin, prefix);
      const body = `${prefix}${'9'.repeat(12 - prefix.length)}`;
      const gtin = `${body}${gtinCheckDigit(body)}`;
      const created = await manageClient(app, cast.owner).post(
        managePaths.catalogProducts(store.id),
        {
          title: 'Oat drink (store words)',
          gtin,
          categoryId: category.id,
          offer: { price: 299, quantity: 5 },
        },
      );
      expect(created.statusCode).toBe(201);
      const storeProductId = created.json().result.productId as string;

      // The admin does not confirm a store's text for a brand's barcode.
      const confirm = await manageClient(app, cast.admin).post(
        storeProductPaths.adminConfirm(storeProductId),
      );
      expect(confirm.json()).toMatchObject({
        status: 0,
        message: brandMessages.adminClaimedGtin('Acme Foods Ltd'),
      });

      const saved = await manageClient(app, brandOwner).put(brandPaths.product(partner.id, gtin), {
        title: 'Acme Oat Drink Barista 1 L',
        categoryId: category.id,
      });
      expect(saved.statusCode).toBe(200);
      const brandProductId = brandGtinResponse.parse(saved.json());
      if (brandProductId.status !== 1) throw new Error('saved');
      const sharedId = brandProductId.result.product!.id;
      expect(sharedId).not.toBe(storeProductId);
      const [offer] = await getDb()
        .db.select()
        .from(offers)
        .where(and(eq(offers.businessId, store.id), eq(offers.productId, sharedId)));
      expect(offer).toMatchObject({ priceAmount: 299, quantity: 5 });
      const page = productDetailResponse.parse(
        (await app.inject({ method: 'GET', url: catalogPaths.product(sharedId) })).json(),
      );
      expect(page.status === 1 && page.result).toMatchObject({
        title: 'Acme Oat Drink Barista 1 L',
        offers: [{ business: { id: store.id } }],
      });
      expect(
        (await app.inject({ method: 'GET', url: catalogPaths.product(storeProductId) })).statusCode,
      ).toBe(404);
      const [row] = await getDb().db.select().from(products).where(eq(products.id, sharedId));
      expect(row).toMatchObject({
        contentStatus: 'confirmed',
        brandPartnerId: partner.id,
        ownerBusinessId: null,
      });
    });

    it('a content file: a dry run writes nothing and lists each bad row; applying writes the good ones', async () => {
      const { app, brandOwner, cast, category } = await world();
      const { gtin, productId, prefix } = await soldTwice();
      const partner = await approvedPartner(app, brandOwner, cast.admin, prefix);
      const body = `${prefix}${'8'.repeat(12 - prefix.length)}`;
      const fresh = `${body}${gtinCheckDigit(body)}`;
      const body2 = `${prefix}${'7'.repeat(12 - prefix.length)}`;
      const photoGtin = `${body2}${gtinCheckDigit(body2)}`;
      const csv = [
        'gtin,title,description,category,detail:Volume,image',
        `${gtin},Acme Oat Drink 2 L,From the file,,2 L,`,
        `${fresh},Acme New Bar,,${category.name},,`,
        `12345,Bad barcode,,,,`,
        `${gtin},Twice,,,,`,
        `${fresh.slice(0, -1)}${(Number(fresh.slice(-1)) + 1) % 10},Wrong digit,,,,`,
        `${fresh},,,,,`,
        `4006381333931,Not ours,,${category.name},,`,
        `${photoGtin},Photo link,,,,https://evil.example/p.png`,
      ].join('\n');
      const send = (apply: boolean) => {
        const file = form(
          { field: 'file', name: 'content.csv', type: 'text/csv', bytes: Buffer.from(csv) },
          { apply: String(apply) },
        );
        return app.inject({
          method: 'POST',
          url: brandPaths.contentFile(partner.id),
          headers: { ...file.headers, authorization: `Bearer ${brandOwner.token}` },
          payload: file.payload,
        });
      };
      const dry = brandCsvResponse.parse((await send(false)).json());
      if (dry.status !== 1) throw new Error(dry.message);
      expect(dry.result).toMatchObject({ applied: false, rows: 8, created: 1, updated: 1 });
      expect(dry.result.errors.map((error) => [error.line, error.message])).toEqual([
        [4, brandMessages.gtinInvalid],
        [5, brandMessages.csvDuplicate(2)],
        [6, brandMessages.gtinInvalid],
        [7, brandMessages.csvDuplicate(3)],
        [8, brandMessages.gtinNotYours],
        [9, brandMessages.csvImageColumn],
      ]);
      const [before] = await getDb().db.select().from(products).where(eq(products.id, productId));
      expect(before!.title).not.toBe('Acme Oat Drink 2 L');

      const applied = brandCsvResponse.parse((await send(true)).json());
      expect(applied.status === 1 && applied.result).toMatchObject({
        applied: true,
        created: 1,
        updated: 1,
      });
      const [after] = await getDb().db.select().from(products).where(eq(products.id, productId));
      expect(after).toMatchObject({
        title: 'Acme Oat Drink 2 L',
        description: 'From the file',
        attributes: [{ name: 'Volume', value: '2 L' }],
        brandPartnerId: partner.id,
      });
      const [created] = await getDb().db.select().from(products).where(eq(products.gtin, fresh));
      expect(created).toMatchObject({
        title: 'Acme New Bar',
        categoryId: category.id,
        contentStatus: 'confirmed',
      });
    });
  });
}
