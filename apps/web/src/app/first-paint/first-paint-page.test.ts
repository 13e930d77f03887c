import { describe, expect, it } from 'vitest';
import { APP_ENTRY_ID, deferAppEntry } from '../../../vite-plugins/first-paint-page.ts';

// index.html as Vite writes it (the first-screen entry first, then the app's entry and its preloads).
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="/assets/first-screen-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/paths-B.js">
    <title>Localmart</title>
    <script type="module" crossorigin src="/assets/index-C.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-D.js">
    <link rel="modulepreload" crossorigin href="/assets/paths-B.js">
    <link rel="stylesheet" crossorigin href="/assets/index-E.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('the page sent with the first paint (vite-plugins/first-paint-page.ts)', () => {
  it('names the app entry and its preloads instead of loading them, and keeps everything else', () => {
    const page = deferAppEntry(INDEX, '/assets/index-C.js');
    expect(page).not.toContain('src="/assets/index-C.js"');
    expect(page).not.toContain('href="/assets/runtime-D.js"');
    const data = new RegExp(
      `<script type="application/json" id="${APP_ENTRY_ID}">(.*?)</script>`,
    ).exec(page);
    expect(JSON.parse(data?.[1] ?? 'null')).toEqual({
      entry: '/assets/index-C.js',
      preloads: ['/assets/runtime-D.js', '/assets/paths-B.js'],
    });
    // The first-screen entry, its own preload and the stylesheet are requested as before.
    expect(page).toContain(
      '<script type="module" crossorigin src="/assets/first-screen-A.js"></script>',
    );
    expect(page).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/paths-B.js">\n    <title>',
    );
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-E.css">');
  });

  it('fails the build rather than send a page whose app never starts', () => {
    expect(() => deferAppEntry(INDEX, '/assets/other.js')).toThrow(/no single script tag/);
    const twice = INDEX.replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/index-C.js"></script></head>',
    );
    expect(() => deferAppEntry(twice, '/assets/index-C.js')).toThrow(/no single script tag/);
  });
});
