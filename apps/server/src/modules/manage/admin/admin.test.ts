import {
  ADMIN_BUSINESSES_PAGE_SIZE,
  adminBusinessesResponse,
  adminBusinessResponse,
  adminMessages,
  adminPageResponse,
  adminPagesResponse,
  managePaths,
  manageMessages,
} from '@localmart/contract';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { businesses, cmsPages } from '../../../db/schema/index.ts';
import { businessDocuments } from '../../../db/schema/manage.ts';
import { mailTo } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { upsertPage } from '../../cms/cms.service.ts';
import { listAdminBusinesses } from './admin-businesses.service.ts';
import { addMember, manageClient, person, type Person } from '../manage-test-support.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000001';
const PDF = Buffer.from('%PDF-1.4\n% a verification document\n%%EOF\n');

for (const backend of testDatabases()) {
  describe(`platform admin on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    const city = useCatalogCity(getDb);
    let admin: Person;
    let shopper: Person;

    beforeAll(async () => {
      admin = await person(getDb().db, CITY_NOW, { admin: true, name: 'Ada' });
      shopper = await person(getDb().db, CITY_NOW, { name: 'Sam' });
    });

    let nextStore = 0;
    /** A city store turned into a pending submission with an owner, a co-owner and a document. */
    async function pendingStore(submittedAt = CITY_NOW) {
      const { db } = getDb();
      const store = city().businesses.filter((b) => b.kind === 'retail')[nextStore++]!;
      const owner = await person(db, CITY_NOW, { name: 'Olive' });
      const coOwner = await person(db, CITY_NOW, { name: 'Otto' });
      const staff = await person(db, CITY_NOW, { name: 'Stan' });
      await addMember(db, store.id, owner, 'owner');
      await addMember(db, store.id, coOwner, 'owner');
      await addMember(db, store.id, staff, 'staff');
      await db
        .update(businesses)
        .set({ status: 'pending', submittedAt, ownerId: owner.userId, reviewNote: null })
        .where(eq(businesses.id, store.id));
      const [document] = await db
        .insert(businessDocuments)
        .values({
          businessId: store.id,
          uploadedBy: owner.userId,
          filename: 'licence é.pdf',
          contentType: 'application/pdf',
          byteSize: PDF.length,
          bytes: PDF,
        })
        .returning({ id: businessDocuments.id });
      return { store, owner, coOwner, staff, documentId: document!.id };
    }

    async function adminApp() {
      const app = await makeApp({ now: () => CITY_NOW });
      return { app, api: manageClient(app, admin) };
    }

    it('lists pending stores newest submission first with owner and document count', async () => {
      const older = await pendingStore(new Date(CITY_NOW.getTime() - 3_600_000));
      const newer = await pendingStore(CITY_NOW);
      const { api } = await adminApp();

      const response = await api.get(managePaths.adminBusinesses);
      expect(response.statusCode, response.body).toBe(200);
      const page = adminBusinessesResponse.parse(response.json()).result;
      const ids = page.items.map((row) => row.id);
      expect(ids.indexOf(newer.store.id)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(newer.store.id)).toBeLessThan(ids.indexOf(older.store.id));
      const row = page.items.find((item) => item.id === newer.store.id)!;
      expect(row).toMatchObject({
        name: newer.store.name,
        kind: 'retail',
        status: 'pending',
        documentsCount: 1,
        owner: { id: newer.owner.userId, email: newer.owner.email },
        submittedAt: CITY_NOW.toISOString(),
      });
      expect(page.items.every((item) => item.status === 'pending')).toBe(true);

      const published = await api.get(`${managePaths.adminBusinesses}?status=published`);
      const publishedIds = adminBusinessesResponse
        .parse(published.json())
        .result.items.map((r) => r.id);
      expect(publishedIds).not.toContain(newer.store.id);
      expect(publishedIds.length).toBeGreaterThan(0);

      const bad = await api.get(`${managePaths.adminBusinesses}?status=closed`);
      expect(bad.statusCode).toBe(400);
    });

    it('pages the published stores with a cursor, never repeating one', async () => {
      const { db } = getDb();
      const { api } = await adminApp();
      const published = await db
        .select({ id: businesses.id })
        .from(businesses)
        .where(eq(businesses.status, 'published'));
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let pages = 0; pages < 100; pages++) {
        const page = await listAdminBusinesses(db, { status: 'published', cursor }, 7);
        expect(page).toBeDefined();
        seen.push(...page!.items.map((r) => r.id));
        if (page!.nextCursor === null) break;
        expect(page!.items).toHaveLength(7);
        cursor = page!.nextCursor;
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.sort()).toEqual(published.map((r) => r.id).sort());
      // The route hands the cursor over as is.
      const viaRoute = await api.get(`${managePaths.adminBusinesses}?status=published`);
      expect(adminBusinessesResponse.parse(viaRoute.json()).result.items.length).toBe(
        Math.min(published.length, ADMIN_BUSINESSES_PAGE_SIZE),
      );
      const broken = await api.get(`${managePaths.adminBusinesses}?cursor=nonsense`);
      expect(broken.statusCode).toBe(400);
    });

    it('shows the details and documents of a store, and downloads a document', async () => {
      const { store, owner, documentId } = await pendingStore();
      const { app, api } = await adminApp();

      const response = await api.get(managePaths.adminBusiness(store.id));
      expect(response.statusCode, response.body).toBe(200);
      const detail = adminBusinessResponse.parse(response.json()).result;
      expect(detail).toMatchObject({
        id: store.id,
        name: store.name,
        status: 'pending',
        owner: { email: owner.email },
        documents: [{ id: documentId, filename: 'licence é.pdf', contentType: 'application/pdf' }],
      });
      expect(detail.hours.timeZone).toBe('America/Toronto');

      const file = await api.get(managePaths.adminDocument(store.id, documentId));
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="licence _.pdf"/);
      expect(file.headers['content-disposition']).toContain(
        "filename*=UTF-8''licence%20%C3%A9.pdf",
      );
      expect(file.rawPayload.equals(PDF)).toBe(true);

      // Another store's id with this document: not found; a shopper: refused.
      const other = city().businesses.find((b) => b.id !== store.id)!;
      expect((await api.get(managePaths.adminDocument(other.id, documentId))).statusCode).toBe(404);
      expect((await api.get(managePaths.adminBusiness(UNKNOWN_ID))).statusCode).toBe(404);
      const refused = await manageClient(app, shopper).get(
        managePaths.adminDocument(store.id, documentId),
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(manageMessages.adminOnly);
    });

    it('approves: published, reviewer recorded, owners emailed, a second approval is 409', async () => {
      const { store, owner, coOwner, staff } = await pendingStore();
      const { db } = getDb();
      const { api } = await adminApp();

      const response = await api.post(managePaths.adminBusinessReview(store.id), {
        decision: 'approve',
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = adminBusinessResponse.parse(response.json());
      expect(body.message).toBe(adminMessages.approved);
      expect(body.result).toMatchObject({
        status: 'published',
        reviewNote: null,
        reviewedAt: CITY_NOW.toISOString(),
        reviewedBy: { id: admin.userId },
      });

      for (const who of [owner, coOwner]) {
        const [mail] = await mailTo(db, who.email);
        expect(mail?.subject).toBe(`${store.name} is live on Localmart`);
        expect(mail?.text).toContain(`http://localhost:3000/business-details/${store.id}/products`);
      }
      expect(await mailTo(db, staff.email)).toHaveLength(0);

      const again = await api.post(managePaths.adminBusinessReview(store.id), {
        decision: 'approve',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ status: 0, message: adminMessages.alreadyPublished });
    });

    it('rejects with a note, which is required, and emails it with the settings link', async () => {
      const { store, owner } = await pendingStore();
      const { db } = getDb();
      const { api } = await adminApp();

      const noNote = await api.post(managePaths.adminBusinessReview(store.id), {
        decision: 'reject',
      });
      expect(noNote.statusCode).toBe(400);
      expect(noNote.json().message).toContain(adminMessages.noteRequired);
      const tooLong = await api.post(managePaths.adminBusinessReview(store.id), {
        decision: 'reject',
        note: 'x'.repeat(1001),
      });
      expect(tooLong.statusCode).toBe(400);

      const note = 'Please upload a business licence <b>issued this year</b>.';
      const response = await api.post(managePaths.adminBusinessReview(store.id), {
        decision: 'reject',
        note,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(adminBusinessResponse.parse(response.json()).result).toMatchObject({
        status: 'rejected',
        reviewNote: note,
      });
      const [mail] = await mailTo(db, owner.email);
      expect(mail?.subject).toBe(`Changes needed for ${store.name}`);
      expect(mail?.text).toContain(note);
      expect(mail?.text).toContain(`http://localhost:3000/manage/stores/${store.id}/settings`);
      expect(mail?.html).toContain('&#60;b&#62;issued this year');
      expect(mail?.html).not.toContain('<b>issued');

      const listed = await api.get(`${managePaths.adminBusinesses}?status=rejected`);
      expect(adminBusinessesResponse.parse(listed.json()).result.items.map((r) => r.id)).toContain(
        store.id,
      );
    });

    it('answers 404 for an unknown store and 400 for a bad decision', async () => {
      const { api } = await adminApp();
      const unknown = await api.post(managePaths.adminBusinessReview(UNKNOWN_ID), {
        decision: 'approve',
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ status: 0, message: manageMessages.storeNotFound });
      const bad = await api.post(managePaths.adminBusinessReview(UNKNOWN_ID), {
        decision: 'maybe',
      });
      expect(bad.statusCode).toBe(400);
    });

    it('edits CMS pages: sanitises the HTML before storing and shoppers get the clean page', async () => {
      const { db } = getDb();
      const page = await upsertPage(db, {
        pageId: `admin-edit-${backend.name}`,
        pageName: 'Before',
        content: '<p>Old</p>',
      });
      const draft = await upsertPage(db, {
        pageId: `admin-draft-${backend.name}`,
        pageName: 'Draft',
        content: '<p>Draft</p>',
        published: false,
      });
      const { app, api } = await adminApp();

      const list = adminPagesResponse.parse((await api.get(managePaths.adminPages)).json());
      expect(list.results.map((p) => p.id)).toEqual(expect.arrayContaining([page.id, draft.id]));

      const saved = await api.put(managePaths.adminPage(page.id), {
        title: '  About the shop ',
        html: '<h2 onclick="steal()">Hello</h2><script>alert(1)</script><p onmouseover="x()">Body <a href="javascript:alert(1)">link</a></p><img src="https://img.example/a.png" onerror="x()">',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const result = adminPageResponse.parse(saved.json()).result;
      expect(result.title).toBe('About the shop');
      expect(result.html).not.toMatch(/script|onclick|onmouseover|onerror|javascript:/i);
      expect(result.html).toContain('<h2>Hello</h2>');
      expect(result.html).toContain('<img src="https://img.example/a.png" />');
      expect(result.updatedAt).toBe(CITY_NOW.toISOString());

      const [stored] = await db.select().from(cmsPages).where(eq(cmsPages.id, page.id));
      expect(stored!.content).toBe(result.html);
      const fetched = adminPageResponse.parse(
        (await api.get(managePaths.adminPage(page.id))).json(),
      );
      expect(fetched.result.html).toBe(result.html);

      const empty = await api.put(managePaths.adminPage(page.id), { title: '', html: '' });
      expect(empty.statusCode).toBe(400);
      const unknown = await api.put(managePaths.adminPage(UNKNOWN_ID), { title: 'x', html: '' });
      expect(unknown.statusCode).toBe(404);
      const bySeller = await manageClient(app, shopper).put(managePaths.adminPage(page.id), {
        title: 'Hijack',
        html: '',
      });
      expect(bySeller.statusCode).toBe(403);
      await db.delete(cmsPages).where(inArray(cmsPages.id, [page.id, draft.id]));
    });
  });
}
