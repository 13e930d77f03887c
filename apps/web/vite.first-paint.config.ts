import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const firstPaint = (file: string) => path.join(here, 'src/app/first-paint', file);

/**
 * Modules of the browser app that the server-side first paint cannot load as they are (they need a
 * window or Ionic's web components), replaced by their server versions in src/app/first-paint.
 */
const SERVER_VERSIONS: Record<string, string> = {
  '@ionic/react': firstPaint('ionic-icon.server.tsx'),
  [path.join(here, 'src/lib/platform.ts')]: firstPaint('platform.server.ts'),
  [path.join(here, 'src/lib/location/device-preferences.ts')]: firstPaint(
    'device-preferences.server.ts',
  ),
};

function serverVersions(): Plugin {
  return {
    name: 'localmart:first-paint-server-versions',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source in SERVER_VERSIONS) return SERVER_VERSIONS[source];
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return (resolved && SERVER_VERSIONS[resolved.id]) ?? resolved;
    },
  };
}

/**
 * The server's first paint of the landing pages (src/app/first-paint, issue 18): a Node module in
 * the built app's folder (beside the page it is sent in, vite-plugins/first-paint-page.ts), where the server finds it (apps/server/src/plugins/first-paint.ts). The
 * folder starts with a dot, which the static file server never serves. Everything is bundled in
 * (React's server renderer, the router, the contract), so the server needs none of the web app's
 * packages.
 */
export default defineConfig({
  plugins: [serverVersions(), react()],
  // The app's VITE_ variables (VITE_APP_NAME) as in the browser build.
  envDir: here,
  ssr: { noExternal: true, target: 'node' },
  // The browser app's public files are already in dist/.
  publicDir: false,
  build: {
    ssr: 'src/app/first-paint/server-entry.ts',
    outDir: 'dist/.first-paint/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    minify: false,
    rollupOptions: { output: { entryFileNames: 'server-entry.js', format: 'es' } },
  },
});
