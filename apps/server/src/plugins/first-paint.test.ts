import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { pgliteBackend, useTestDatabase } from '../test/databases.ts';
import {
  FIRST_PAINT_MODULE,
  FIRST_PAINT_PAGE,
  firstPaintPage,
  scriptSafeJson,
  type FirstPaintModule,
} from './first-paint.ts';

const INDEX =
  '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div></body></html>';
const PAGE =
  '<!doctype html><html><head><title>first paint page</title></head><body><div id="root"></div></body></html>';

/**
 * A stand-in for the web app's module (apps/web/src/app/first-paint/server-entry.ts, tested there):
 * the same interface, markup that says what it was given.
 */
const FAKE_MODULE = `
export const FIRST_ANSWER_ID = 'lm-first-answer';
export const PREFERENCES_COOKIE = 'lm_prefs';
export function firstPaintCall(pathname, search) {
  if (pathname === '/' || pathname === '/home') return { page: 'stores', api: '/api/v1/businesses' };
  if (pathname === '/products' && search === '') return { page: 'products', api: '/api/v1/products' };
  if (pathname === '/broken') throw new Error('markup bug');
  return null;
}
export function renderFirstPaint(page, answer) {
  if (answer.status !== 1) return null;
  return {
    head: '<style id="lm-first-paint-style"></style>',
    body: '<div id="lm-first-paint" data-page="' + page + '" data-count="' + answer.results.length + '"></div>',
  };
}
`;

describe('first paint of the landing pages (issue 18)', () => {
  const database = useTestDatabase(pgliteBackend);
  const testApp = useTestApp(database);
  let webDist: string;
  let withoutModule: string;

  beforeAll(() => {
    webDist = mkdtempSync(path.join(tmpdir(), 'localmart-first-paint-'));
    withoutModule = mkdtempSync(path.join(tmpdir(), 'localmart-no-first-paint-'));
    for (const dir of [webDist, withoutModule]) writeFileSync(path.join(dir, 'index.html'), INDEX);
    mkdirSync(path.dirname(path.join(webDist, FIRST_PAINT_MODULE)), { recursive: true });
    writeFileSync(path.join(webDist, FIRST_PAINT_MODULE), FAKE_MODULE);
    writeFileSync(path.join(webDist, FIRST_PAINT_PAGE), PAGE);
  });
  afterAll(() => {
    rmSync(webDist, { recursive: true, force: true });
    rmSync(withoutModule, { recursive: true, force: true });
  });

  const appWith = async (dist: string) => {
    const app = await testApp({ env: { WEB_DIST_DIR: dist } });
    await app.firstPaintLoaded;
    return app;
  };

  it.each([
    ['/', 'stores', '/api/v1/businesses'],
    ['/home', 'stores', '/api/v1/businesses'],
    ['/products', 'products', '/api/v1/products'],
  ])('%s is sent with its first paint and the list it was drawn from', async (url, page, api) => {
    const app = await appWith(webDist);
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    // The first-paint page (the app started by the first-screen entry), not index.html.
    expect(response.body).toContain('<title>first paint page</title>');
    expect(response.body).toContain('<style id="lm-first-paint-style"></style></head>');
    expect(response.body).toContain(`<div id="lm-first-paint" data-page="${page}"`);
    // The embedded answer is the API's own, byte for byte, for the app to use instead of asking.
    const embedded = new RegExp(
      `<script type="application/json" id="lm-first-answer" data-api="${api}">(.*?)</script></body>`,
    ).exec(response.body);
    expect(embedded).not.toBeNull();
    const direct = await app.inject({ method: 'GET', url: api });
    expect(JSON.parse(embedded?.[1] ?? 'null')).toEqual(direct.json());
  });

  it('is compressed for a browser that accepts it', async () => {
    const app = await appWith(webDist);
    const response = await app.inject({
      method: 'GET',
      url: '/home',
      headers: { 'accept-encoding': 'br' },
    });
    // Under compression.ts's 1 kB threshold here; what matters is that it is not refused or broken.
    expect(response.statusCode).toBe(200);
    expect(String(response.headers.vary)).toMatch(/Accept-Encoding/);
  });

  it('is not drawn for a browser with stored preferences, other pages, HEAD, or a filtered grid', async () => {
    const app = await appWith(webDist);
    const withCookie = await app.inject({
      method: 'GET',
      url: '/home',
      headers: { cookie: 'lm_prefs=1' },
    });
    expect(withCookie.body).toBe(INDEX);
    for (const url of ['/cart', '/products?q=milk', '/home/../cart']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('lm-first-paint');
    }
    const head = await app.inject({ method: 'HEAD', url: '/home' });
    expect(head.statusCode).toBe(200);
  });

  it('never serves the first-paint module or its page as files', async () => {
    const app = await appWith(webDist);
    for (const url of [
      '/.first-paint/server/server-entry.js',
      '/.first-paint/index.html',
      '/%2efirst-paint/index.html',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.body).not.toContain('renderFirstPaint');
      expect(response.body).not.toContain('first paint page');
    }
  });

  it('sends index.html as before when the built app has no first-paint module', async () => {
    const app = await appWith(withoutModule);
    const response = await app.inject({ method: 'GET', url: '/home' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
  });

  it('sends index.html, never a 500, when the markup fails', async () => {
    const app = await appWith(webDist);
    const response = await app.inject({ method: 'GET', url: '/broken' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
  });

  describe('firstPaintPage', () => {
    const module: FirstPaintModule = {
      FIRST_ANSWER_ID: 'lm-first-answer',
      PREFERENCES_COOKIE: 'lm_prefs',
      firstPaintCall: () => ({ page: 'stores', api: '/api/v1/businesses' }),
      renderFirstPaint: () => ({
        head: '<style></style>',
        body: '<div id="lm-first-paint"></div>',
      }),
    };
    const request = {
      method: 'GET',
      url: '/home',
      cookies: {},
      log: { warn: vi.fn() },
    } as unknown as FastifyRequest;
    const answering = (statusCode: number, body: string, delayMs = 0) =>
      ({
        inject: () =>
          new Promise((resolve) =>
            setTimeout(() => resolve({ statusCode, body, json: () => JSON.parse(body) }), delayMs),
          ),
      }) as unknown as FastifyInstance;

    it('gives up on a list slower than its timeout: the page goes without it', async () => {
      const started = performance.now();
      const page = await firstPaintPage(answering(200, '{"status":1}', 2000), request, {
        module,
        indexHtml: PAGE,
        listTimeoutMs: 50,
      });
      expect(page).toBeNull();
      expect(performance.now() - started).toBeLessThan(1000);
    });

    it('draws nothing from a failed list', async () => {
      for (const status of [400, 500, 503]) {
        const page = await firstPaintPage(answering(status, '{"status":0}'), request, {
          module,
          indexHtml: PAGE,
        });
        expect(page).toBeNull();
      }
    });

    it('embeds an answer holding markup as data that cannot end its script element', async () => {
      const hostile = JSON.stringify({
        status: 1,
        results: [{ name: '</script><script>alert(1)</script>\u2028' }],
      });
      const page = await firstPaintPage(answering(200, hostile), request, {
        module,
        indexHtml: PAGE,
      });
      expect(page).not.toBeNull();
      const data = /<script type="application\/json"[^>]*>(.*?)<\/script><\/body>/s.exec(
        page ?? '',
      );
      expect(data?.[1]).not.toContain('<');
      expect(JSON.parse(data?.[1] ?? 'null')).toEqual(JSON.parse(hostile));
    });
  });

  it('scriptSafeJson leaves no "<" and stays the same JSON', () => {
    const json = JSON.stringify({ a: '<!-- </script> <b>', b: 'line\u2028sep' });
    expect(scriptSafeJson(json)).not.toMatch(/[<\u2028]/);
    expect(JSON.parse(scriptSafeJson(json))).toEqual(JSON.parse(json));
  });
});
