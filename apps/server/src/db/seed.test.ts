import {
  ADMIN_ROLE,
  apiPaths,
  DEMO_ACCOUNT_PASSWORD,
  DEMO_ACCOUNTS,
  loginResponse,
  managePaths,
} from '@localmart/contract';
import { and, asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { countPages } from '../modules/cms/cms.service.ts';
import { useTestApp } from '../test/app.ts';
import { testDatabases, useTestDatabase } from '../test/databases.ts';
import { generateCity } from '../modules/catalog/demo/generate-city.ts';
import { businessMembers } from './schema/manage.ts';
import { businesses, cmsPages, serviceAvailability, services, users } from './schema/index.ts';
import { seedDemoAccounts, seedDemoCity, seedDemoContent, seedIfFirstStart } from './seed.ts';

const DEMO_SLUGS = ['about-us', 'faq', 'contact', 'privacy-policy', 'terms'];

describe.each(testDatabases())('demo seed on $name', (backend) => {
  const database = useTestDatabase(backend);
  const testApp = useTestApp(database);

  beforeEach(async () => {
    await database().db.delete(cmsPages);
  });

  it('writes the five menu pages, and running it again changes nothing', async () => {
    const { db } = database();
    expect(await seedDemoContent(db)).toBe(5);
    const firstIds = await db.select({ id: cmsPages.id, pageId: cmsPages.pageId }).from(cmsPages);

    await seedDemoContent(db);
    expect(await countPages(db)).toBe(5);
    const secondIds = await db.select({ id: cmsPages.id, pageId: cmsPages.pageId }).from(cmsPages);
    expect(secondIds).toEqual(expect.arrayContaining(firstIds));
  });

  it('lists them in menu order through the API', async () => {
    await seedDemoContent(database().db);
    const app = await testApp();
    const response = await app.inject({ method: 'GET', url: apiPaths.pages });
    expect(response.json().results.map((p: { page_id: string }) => p.page_id)).toEqual(DEMO_SLUGS);
  });

  it('uses the configured product name and the terms constants', async () => {
    const { db } = database();
    await seedDemoContent(db, { appName: 'Corner & Co' });
    const [about] = await db.select().from(cmsPages).where(eq(cmsPages.pageId, 'about-us'));
    expect(about!.content).toContain('Corner &amp; Co brings the shops');
    const [faq] = await db.select().from(cmsPages).where(eq(cmsPages.pageId, 'faq'));
    expect(faq!.content).toContain('within 4 hours');
    expect(faq!.content).toContain('every\n30 minutes');
  });

  it(`seeds on first start only for the embedded database (${backend.name})`, async () => {
    const seeded = await seedIfFirstStart(database());
    if (backend.name === 'pglite') {
      expect(seeded).toBe(true);
      expect(await countPages(database().db)).toBe(5);
      const stores = await database().db.select({ id: businesses.id }).from(businesses);
      expect(stores.length).toBe(generateCity({ scale: 'small' }).businesses.length);
      // not empty any more: a restart leaves the content alone
      await database().db.delete(cmsPages).where(eq(cmsPages.pageId, 'faq'));
      expect(await seedIfFirstStart(database())).toBe(false);
      expect(await countPages(database().db)).toBe(4);
    } else {
      expect(seeded).toBe(false);
      expect(await countPages(database().db)).toBe(0);
      expect(await database().db.select().from(businesses)).toEqual([]);
    }
  });

  it('leaves the demo accounts out when asked (db:seed in production): the city alone', async () => {
    const { db } = database();
    // An earlier test's first start made them; start from a city without accounts.
    await db.delete(businessMembers);
    await db.update(businesses).set({ ownerId: null });
    await db.delete(users);
    await seedDemoCity(db, 'small', new Date(), { demoAccounts: false });
    const stores = await db.select({ ownerId: businesses.ownerId }).from(businesses);
    expect(stores.length).toBeGreaterThan(0);
    expect(await db.select().from(users)).toEqual([]);
    expect(await db.select().from(businessMembers)).toEqual([]);
    // Every service of the city can be booked for a time (issue 15): classes 12 a slot.
    const allServices = await db.select({ id: services.id, name: services.name }).from(services);
    const availability = await db.select().from(serviceAvailability);
    expect(availability).toHaveLength(allServices.length);
    const classes = allServices.filter((service) => /class/i.test(service.name));
    for (const service of classes) {
      expect(availability.find((row) => row.serviceId === service.id)?.capacity).toBe(12);
    }
  });

  it('seeds the demo accounts with the city: an admin and the owner of its first grocery', async () => {
    const { db } = database();
    await seedDemoCity(db, 'small');
    await seedDemoAccounts(db); // twice: nothing doubles
    const [grocery] = await db
      .select({ id: businesses.id, ownerId: businesses.ownerId })
      .from(businesses)
      .where(and(eq(businesses.kind, 'retail'), eq(businesses.type, 'grocery')))
      .orderBy(asc(businesses.slug))
      .limit(1);
    const accounts = await db.select().from(users);
    const admin = accounts.find((u) => u.email === DEMO_ACCOUNTS.admin.email);
    const owner = accounts.find((u) => u.email === DEMO_ACCOUNTS.owner.email);
    expect(admin?.roles).toEqual(['user', ADMIN_ROLE]);
    expect(owner?.roles).toEqual(['user']);
    expect(admin?.emailVerifiedAt).not.toBeNull();
    expect(owner?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(grocery?.ownerId).toBe(owner?.id);
    const memberships = await db
      .select()
      .from(businessMembers)
      .where(eq(businessMembers.userId, owner!.id));
    expect(memberships).toMatchObject([{ businessId: grocery!.id, role: 'owner' }]);

    const app = await testApp();
    for (const account of [DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.owner]) {
      const login = await app.inject({
        method: 'POST',
        url: apiPaths.login,
        payload: { email: account.email, password: DEMO_ACCOUNT_PASSWORD },
        headers: { authorization: 'Bearer none' },
      });
      expect(login.statusCode, login.body).toBe(200);
      const token = (loginResponse.parse(login.json()) as { result: { token: string } }).result
        .token;
      const me = await app.inject({
        method: 'GET',
        url: managePaths.me,
        headers: { authorization: `Bearer ${token}` },
      });
      const result = me.json().result;
      expect(result.isAdmin).toBe(account === DEMO_ACCOUNTS.admin);
      expect(result.stores.map((store: { id: string }) => store.id)).toEqual(
        account === DEMO_ACCOUNTS.owner ? [grocery!.id] : [],
      );
    }
  }, 180_000);
});
