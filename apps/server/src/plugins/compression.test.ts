import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { catalogPaths } from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../test/databases.ts';

const [pglite] = testDatabases();

describe('API answer compression', () => {
  const getDb = useTestDatabase(pglite!);
  useCatalogCity(getDb);
  const makeApp = useTestApp(getDb);

  it('compresses a JSON list for a client that accepts brotli or gzip, and sends it plain otherwise', async () => {
    const app = await makeApp({ now: () => CITY_NOW });
    const url = `${catalogPaths.products}?limit=24`;
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const body = plain.json();
    expect(plain.rawPayload.length).toBeGreaterThan(5_000);

    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(body);

    const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(body);
  });

  it('leaves small answers alone', async () => {
    const app = await makeApp({ now: () => CITY_NOW });
    const health = await app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 1 });
  });
});
