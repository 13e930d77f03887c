import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sideEffectFree } from './vite-plugins/side-effect-free.ts';

export default defineConfig({
  plugins: [react(), sideEffectFree()],
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
    // compete with the first render) but fetched after first paint by src/app/prefetch-routes.ts.
    // Every browser and web view an es2022 build runs in supports modulepreload: no polyfill.
    modulePreload: { polyfill: false },
    // The entry is ~700 kB raw (~180 kB gzipped), nearly all React DOM and Ionic's runtime. The
    // budget that matters is gzipped initial JS, checked by scripts/initial-js-size.mjs.
    chunkSizeWarningLimit: 800,
  },
});
