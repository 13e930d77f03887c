import {
  managePaths,
  STORE_IMAGE_FIELD,
  STORE_IMAGE_MAX_BYTES,
  STORE_IMAGE_MAX_SIDE,
  storeImageMessages,
} from '@localmart/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { multipartFile } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { manageCast, type Person } from '../manage-test-support.ts';

function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();
}

for (const backend of testDatabases()) {
  describe(`store image upload on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const city = useCatalogCity(getDb);
    const makeApp = useTestApp(getDb);

    async function world() {
      const app = await makeApp({ now: () => CITY_NOW });
      const [store, other] = city().businesses;
      const cast = await manageCast(getDb().db, CITY_NOW, {
        storeId: store!.id,
        otherStoreId: other!.id,
      });
      return { app, storeId: store!.id, ...cast };
    }

    function upload(
      app: FastifyInstance,
      who: Person,
      storeId: string,
      file: { name: string; type: string; bytes: Buffer },
    ) {
      const form = multipartFile(STORE_IMAGE_FIELD, file.name, file.type, file.bytes);
      return app.inject({
        method: 'POST',
        url: managePaths.images(storeId),
        headers: { ...form.headers, authorization: `Bearer ${who.token}` },
        payload: form.payload,
      });
    }

    it('resizes a large photo to the web size, as WebP, and serves it from its ImageRef', async () => {
      const { app, storeId, staff } = await world();
      const response = await upload(app, staff, storeId, {
        name: 'shelf.png',
        type: 'image/png',
        bytes: await png(3200, 2000),
      });
      expect(response.statusCode).toBe(200);
      const image = response.json().result;
      expect(image).toMatchObject({ width: STORE_IMAGE_MAX_SIDE, height: 1000 });
      const served = await app.inject({ method: 'GET', url: image.url });
      expect(served.headers['content-type']).toBe('image/webp');
      const metadata = await sharp(served.rawPayload).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 1600, 1000]);
    });

    it('keeps a small image at its size', async () => {
      const { app, storeId, owner } = await world();
      const response = await upload(app, owner, storeId, {
        name: 'logo.png',
        type: 'image/png',
        bytes: await png(200, 120),
      });
      expect(response.json().result).toMatchObject({ width: 200, height: 120 });
    });

    it('refuses what is not an image, whatever its name and declared type', async () => {
      const { app, storeId, owner } = await world();
      const response = await upload(app, owner, storeId, {
        name: 'photo.png',
        type: 'image/png',
        bytes: Buffer.from('<svg onload="alert(1)"></svg>'),
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ status: 0, message: storeImageMessages.wrongType });
    });

    it('refuses a corrupt image with a clear message, and a file over the size limit with 413', async () => {
      const { app, storeId, owner } = await world();
      const truncated = (await png(400, 400)).subarray(0, 60);
      const corrupt = await upload(app, owner, storeId, {
        name: 'broken.png',
        type: 'image/png',
        bytes: truncated,
      });
      expect(corrupt.statusCode).toBe(400);
      expect(corrupt.json().message).toBe(storeImageMessages.unreadable);

      const huge = Buffer.concat([await png(10, 10), Buffer.alloc(STORE_IMAGE_MAX_BYTES)]);
      const tooLarge = await upload(app, owner, storeId, {
        name: 'huge.png',
        type: 'image/png',
        bytes: huge,
      });
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().message).toBe(storeImageMessages.tooLarge);
    });

    it('asks for a file when the form has none', async () => {
      const { app, storeId, owner } = await world();
      const form = multipartFile('other', 'a.txt', 'text/plain', Buffer.from('x'));
      const response = await app.inject({
        method: 'POST',
        url: managePaths.images(storeId),
        headers: { ...form.headers, authorization: `Bearer ${owner.token}` },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(storeImageMessages.missing);
    });
  });
}
