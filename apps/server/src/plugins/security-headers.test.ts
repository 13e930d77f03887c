import { apiPaths } from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { pgliteBackend, useTestDatabase } from '../test/databases.ts';

function directives(header: string | undefined): Map<string, string> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!, values.join(' ')] as const;
      }),
  );
}

describe('security headers (helmet)', () => {
  const database = useTestDatabase(pgliteBackend);
  const testApp = useTestApp(database);

  it('sends the CSP the Ionic app and Google sign-in work under', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'GET', url: apiPaths.health });
    const csp = directives(response.headers['content-security-policy'] as string | undefined);

    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('script-src')).toBe("'self' https://accounts.google.com/gsi/client");
    expect(csp.get('style-src')).toBe(
      "'self' 'unsafe-inline' https://accounts.google.com/gsi/style",
    );
    expect(csp.get('img-src')).toBe("'self' data: blob: https:");
    expect(csp.get('connect-src')).toBe("'self' https://accounts.google.com/gsi/");
    expect(csp.get('frame-src')).toBe('https://accounts.google.com/gsi/');
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'self'");
    expect(csp.get('form-action')).toBe("'self'");
    // the installable app: /sw.js and the manifests, nothing from elsewhere
    expect(csp.get('worker-src')).toBe("'self'");
    expect(csp.get('manifest-src')).toBe("'self'");
    // plain http: no forced upgrade, no HSTS
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS and upgrade-insecure-requests when the app is served over https', async () => {
    const app = await testApp({ env: { APP_URL: 'https://shop.example.com' } });
    const response = await app.inject({ method: 'GET', url: apiPaths.health });
    expect(
      directives(response.headers['content-security-policy'] as string).has(
        'upgrade-insecure-requests',
      ),
    ).toBe(true);
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('lets the checkout page post the hosted payment form to real PayU when it is configured', async () => {
    const app = await testApp({
      env: {
        PAYU_URL: 'https://secure.payu.in/_payment',
        PAYU_API_URL: 'https://info.payu.in/merchant/postservice.php?form=2',
        PAYU_KEY: 'C0Dr8m',
        PAYU_SALT: '3sf0jURk',
      },
    });
    const response = await app.inject({ method: 'GET', url: apiPaths.health });
    const csp = directives(response.headers['content-security-policy'] as string);
    // The origin only: the merchant API is called by the server, never by a page.
    expect(csp.get('form-action')).toBe("'self' https://secure.payu.in");
    expect(csp.get('connect-src')).toBe("'self' https://accounts.google.com/gsi/");
  });

  it('keeps popups working for Google sign-in and sends no COEP', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBeDefined();
  });
});
