import { brotliDecompressSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { commonMessages } from '@localmart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders, useTestApp } from '../test/app.ts';
import { pgliteBackend, useTestDatabase } from '../test/databases.ts';

const INDEX = '<!doctype html><title>Localmart test shell</title><div id="root"></div>';

describe('web app serving', () => {
  const database = useTestDatabase(pgliteBackend);
  const testApp = useTestApp(database);
  let webDist: string;
  let emptyDir: string;

  beforeAll(() => {
    webDist = mkdtempSync(path.join(tmpdir(), 'localmart-web-'));
    emptyDir = mkdtempSync(path.join(tmpdir(), 'localmart-noweb-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), INDEX);
    writeFileSync(path.join(webDist, 'assets', 'index-Ab12Cd34.js'), 'console.log("app");');
    // What the web build's precompress plugin writes beside each file (stand-in bodies, told apart).
    writeFileSync(path.join(webDist, 'assets', 'index-Ab12Cd34.js.br'), 'brotli body');
    writeFileSync(path.join(webDist, 'assets', 'index-Ab12Cd34.js.gz'), 'gzip body');
    writeFileSync(path.join(webDist, 'index.html.gz'), 'gzip shell');
    writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"Localmart"}');
  });
  afterAll(() => {
    rmSync(webDist, { recursive: true, force: true });
    rmSync(emptyDir, { recursive: true, force: true });
  });

  const production = () => testApp({ env: { NODE_ENV: 'production', WEB_DIST_DIR: webDist } });

  it.each(['/', '/home', '/cms/about-us/6f1c1b1e-8a8b-4a7e-9d51-3d2f1c1e0a11', '/checkout/42?x=1'])(
    'serves index.html for %s',
    async (url) => {
      const app = await production();
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX);
    },
  );

  it('sends the precompressed copy a browser accepts, with Vary: Accept-Encoding', async () => {
    const app = await production();
    const brotli = await app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body).toBe('brotli body');
    expect(brotli.headers['content-type']).toMatch(/^application\/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(brotli.headers.vary)).toMatch(/Accept-Encoding/);

    const gzip = await app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toBe('gzip body');

    const plain = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app");');
  });

  it('sends the compressed app shell for deep links, and compresses a file without a copy on the fly', async () => {
    const app = await production();
    const shell = await app.inject({
      method: 'GET',
      url: '/home',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['content-encoding']).toBe('gzip');
    expect(shell.body).toBe('gzip shell');
    expect(shell.headers['cache-control']).toBe('no-cache');

    const icon = await app.inject({
      method: 'GET',
      url: '/favicon.svg',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(icon.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(icon.rawPayload).toString('utf8')).toContain('<svg');
  });

  it('answers HEAD of an app route with 200', async () => {
    const app = await production();
    const response = await app.inject({ method: 'HEAD', url: '/profile' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it('serves hashed assets with a long immutable cache and other files revalidated', async () => {
    const app = await production();
    const asset = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app");');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['set-cookie']).toBeUndefined();

    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker revalidated on every visit, and the manifest with its own type', async () => {
    const app = await production();
    const worker = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^application\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');

    const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual({ name: 'Localmart' });
  });

  it.each(['/manage.webmanifest', '/other.webmanifest'])(
    'does not answer a missing manifest (%s) with the HTML shell',
    async (url) => {
      const app = await production();
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('<!doctype html>');
    },
  );

  it('does not answer a missing asset with the HTML shell', async () => {
    const app = await production();
    const response = await app.inject({ method: 'GET', url: '/assets/index-gone.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<!doctype html>');
  });

  it('never falls back for API paths', async () => {
    const app = await production();
    for (const url of ['/api/nope', '/api/v1/nope/deeper', '/api/']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ status: 0, message: commonMessages.routeNotFound });
    }
    const post = await app.inject({
      method: 'POST',
      url: '/api/nope',
      headers: await csrfHeaders(app),
    });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ status: 0, message: commonMessages.routeNotFound });
  });

  it('in development, serves the built app too (npm start runs the default mode)', async () => {
    const app = await testApp({ env: { NODE_ENV: 'development', WEB_DIST_DIR: webDist } });
    const page = await app.inject({ method: 'GET', url: '/home' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(INDEX);
    const asset = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('without a build, answers app routes with a short page pointing to the Vite dev server', async () => {
    const app = await testApp({ env: { NODE_ENV: 'development', WEB_DIST_DIR: emptyDir } });
    const response = await app.inject({ method: 'GET', url: '/home' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('http://localhost:5173');
    expect(response.body).not.toContain('Localmart test shell');
  });

  it('in production without a build, serves the API only', async () => {
    const app = await testApp({ env: { NODE_ENV: 'production', WEB_DIST_DIR: emptyDir } });
    const page = await app.inject({ method: 'GET', url: '/home' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('npm run build');
    const api = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(api.statusCode).toBe(200);
  });
});
