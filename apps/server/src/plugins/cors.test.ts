import { apiPaths, CSRF_HEADER } from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { pgliteBackend, useTestDatabase } from '../test/databases.ts';

describe('CORS', () => {
  const database = useTestDatabase(pgliteBackend);
  const testApp = useTestApp(database);
  const env = { APP_URL: 'https://shop.example.com', CORS_ORIGINS: 'https://partner.example.com' };

  it.each([
    'https://shop.example.com',
    'https://partner.example.com',
    'capacitor://localhost',
    'http://localhost',
  ])('allows %s with credentials', async (origin) => {
    const app = await testApp({ env });
    const response = await app.inject({ method: 'GET', url: apiPaths.pages, headers: { origin } });
    expect(response.headers['access-control-allow-origin']).toBe(origin);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
  });

  it.each(['https://evil.example', 'http://localhost:8080', 'null'])(
    'gives %s no CORS headers (the browser then withholds the answer)',
    async (origin) => {
      const app = await testApp({ env });
      const response = await app.inject({
        method: 'GET',
        url: apiPaths.pages,
        headers: { origin },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    },
  );

  it('answers an allowed preflight, allowing the CSRF and Authorization headers', async () => {
    const app = await testApp({ env });
    const response = await app.inject({
      method: 'OPTIONS',
      url: apiPaths.logout,
      headers: {
        origin: 'capacitor://localhost',
        'access-control-request-method': 'POST',
        'access-control-request-headers': `authorization,content-type,${CSRF_HEADER}`,
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('capacitor://localhost');
    const allowed = String(response.headers['access-control-allow-headers']).toLowerCase();
    expect(allowed).toContain(CSRF_HEADER);
    expect(allowed).toContain('authorization');
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
