import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstPaintPage } from './vite-plugins/first-paint-page.ts';
import { firstScreenEntry } from './vite-plugins/first-screen-entry.ts';
import { manageSite } from './vite-plugins/manage-site.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { IONIC_PURE_FACTORIES, sideEffectFree } from './vite-plugins/side-effect-free.ts';
import { splitIonicImports } from './vite-plugins/split-ionic-imports.ts';

/** The app's colours (src/theme/variables.css): the toolbar green and the page background. */
const THEME_COLOR = '#1b6b43';
const BACKGROUND_COLOR = '#fbfcfa';

/**
 * The installable app (issue 14): /manifest.webmanifest and /sw.js, built from service-worker/sw.ts
 * with its precache list injected (injectManifest: our own worker, which the Web Push handlers join).
 * Nothing is added to index.html's scripts: src/app/pwa/ registers the worker from a lazy chunk after
 * the first screen, in production builds only.
 */
function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'service-worker',
    filename: 'sw.ts',
    injectRegister: false,
    // The update toast asks the waiting worker to take over; it never swaps by itself.
    registerType: 'prompt',
    manifestFilename: 'manifest.webmanifest',
    // The icons are listed in globPatterns below.
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'Localmart',
      short_name: 'Localmart',
      description: 'Shop stores, products, food, services and flyers near you.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
      categories: ['shopping', 'food'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/maskable-192.png',
          sizes: '192x192',
          type: 'image/png',
          purpose: 'maskable',
        },
        {
          src: '/icons/maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    injectManifest: {
      // The shell: the page, every JS and CSS file of the shopper app (route chunks too, so any page
      // opens offline), icons, fonts and the offline page. Not the Manage Your Store site (built
      // after this into the same folder, under assets/manage/), nor the .br/.gz copies.
      globPatterns: [
        'index.html',
        'offline.html',
        'assets/**/*.{js,css,woff2,svg,png}',
        '*.{svg,png}',
        'icons/*.png',
      ],
      globIgnores: ['assets/manage/**', 'manage.html', '**/*.{br,gz}'],
      maximumFileSizeToCacheInBytes: 1024 * 1024,
    },
    devOptions: { enabled: false },
  });
}

export default defineConfig({
  plugins: [
    react(),
    sideEffectFree(),
    splitIonicImports(),
    firstScreenEntry('first-screen', 'src/app/first-screen-entry.ts'),
    // The page sent with the server's first paint (after the PWA plugin has added its manifest link).
    firstPaintPage(),
    // Before precompress: the worker and the manifest get .br/.gz copies like every other text file.
    installableApp(),
    precompress(),
    manageSite(),
  ],
  server: {
    port: 5173,
    strictPort: true,
    // The API lives on the server app in development; same-origin URLs keep cookies and CSRF simple.
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: { port: 4173 },
  build: {
    target: 'es2022',
    sourcemap: false,
    // index.html preloads the entry's static imports; route chunks are not listed there (they would
    // compete with the first render): the landing page's is started by the first-screen entry (and
    // main.tsx), every other one once the first page has settled (src/app/prefetch-routes.ts).
    // Every browser and web view an es2022 build runs in supports modulepreload: no polyfill.
    modulePreload: { polyfill: false },
    // The entry is ~600 kB raw (~165 kB gzipped), nearly all React DOM, the routers and Ionic's
    // runtime. The budget that matters is gzipped initial JS (170 KB, issue 18), checked by
    // scripts/initial-js-size.mjs and src/app/initial-js-budget.test.ts.
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      treeshake: { manualPureFunctions: [...IONIC_PURE_FACTORIES] },
      // No experimentalInlineCommonChunks (it copied shared chunks under 8 kB into their importers to
      // cut the number of files): it turns on strictExecutionOrder, whose per-module init wrappers
      // and copies were 13 KB of the shell's gzipped initial JS (183 -> 170 KB, issue 18) and main
      // thread on a phone. The first screen's route code arrives through the first-screen entry's
      // and Vite's preloads, all requested at once.
    },
  },
});
