import { catalogPaths, commonMessages } from '@localmart/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogImages } from '../../../db/schema/index.ts';
import { useTestApp } from '../../../test/app.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { demoImage, renderDemoImage } from '../demo/images.ts';
import { catalogImageRenderer } from './catalog-image.service.ts';

const UNKNOWN_ID = '3d1c0b2a-5e4f-4a6b-8c7d-9e0f1a2b3c4d';

for (const backend of testDatabases()) {
  describe(`GET catalog image on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    // Images of their own (no city needed): a logo, and a flyer page-sized gallery photo.
    const logo = demoImage('image-test', 'logo', 'Corner Shop logo', {
      kind: 'logo',
      name: 'Corner Shop',
      hue: 120,
    });
    const photo = demoImage('image-test', 'photo', 'Inside the shop', {
      kind: 'gallery',
      name: 'Corner Shop',
      hue: 200,
      scene: 'interior',
    });

    async function store() {
      await getDb()
        .db.insert(catalogImages)
        .values([logo, photo].map(({ id, spec }) => ({ id, spec })))
        .onConflictDoNothing();
    }

    it('renders the stored drawing as SVG with a year-long immutable cache', async () => {
      await store();
      const app = await makeApp();
      for (const image of [logo, photo]) {
        const response = await app.inject({
          method: 'GET',
          url: catalogPaths.catalogImage(image.id),
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.body).toBe(renderDemoImage(image.spec).body);
      }
    });

    it('renders an image once and then answers from memory', async () => {
      await store();
      const { db } = getDb();
      const renderer = catalogImageRenderer(db);
      const first = await renderer.render(logo.id);
      expect(renderer.cache.count).toBe(1);
      // Gone from the database, still served: the second answer came from the cache.
      await db.delete(catalogImages).where(eq(catalogImages.id, logo.id));
      expect(await renderer.render(logo.id)).toBe(first);
      expect(await catalogImageRenderer(db).render(logo.id)).toBeUndefined();
    });

    it('answers 404 for an unknown image and 400 for a bad id', async () => {
      const app = await makeApp();
      const unknown = await app.inject({
        method: 'GET',
        url: catalogPaths.catalogImage(UNKNOWN_ID),
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ status: 0, message: commonMessages.notFound });
      const bad = await app.inject({ method: 'GET', url: catalogPaths.catalogImage('logo.svg') });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ status: 0, message: expect.stringMatching(/Invalid id/) });
    });
  });
}
