import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-plugins/precompress.ts';
import { IONIC_PURE_FACTORIES, sideEffectFree } from './vite-plugins/side-effect-free.ts';

/**
 * The Manage Your Store site (manage.html, served under /manage) is built on its own, after the
 * shopper app and into the same dist folder: as a second input of one build, the bundler split
 * React and Ionic out of the shopper app's entry into chunks shared with this site, adding requests
 * to the phone's first screen. Separately built, neither app changes the other's files.
 */
export default defineConfig({
  plugins: [react(), sideEffectFree(), precompress()],
  build: {
    target: 'es2022',
    sourcemap: false,
    outDir: 'dist',
    // The shopper app is already there (npm run build builds it first).
    emptyOutDir: false,
    // Under /assets/ (immutable caching, never answered with HTML) but apart from the shopper's files.
    assetsDir: 'assets/manage',
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      input: { manage: 'manage.html' },
      treeshake: { manualPureFunctions: [...IONIC_PURE_FACTORIES] },
    },
  },
});
