import type { Plugin } from 'vite';

/**
 * Builds `source` as an entry of its own and puts its script first in index.html's head. Vite merges
 * every module script of an HTML page into one entry chunk, so a small script listed there would wait
 * for the whole app bundle; as a separate entry it arrives in one round trip and runs (module scripts
 * run in document order) before the app, while the app's bundle is still downloading.
 * See src/app/first-screen.ts for what it starts.
 */
export function firstScreenEntry(name: string, source: string): Plugin {
  return {
    name: 'localmart:first-screen-entry',
    apply: 'build',
    config: (config) => ({
      build: {
        rollupOptions: {
          input: { index: `${config.root ?? '.'}/index.html`, [name]: source },
        },
      },
    }),
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === name,
        );
        if (!chunk) throw new Error(`first-screen-entry: no entry chunk named ${name}`);
        // Its own few tiny imports are listed too, so they do not wait for the script to be parsed.
        const imports = chunk.type === 'chunk' ? chunk.imports : [];
        return [
          {
            tag: 'script',
            attrs: { type: 'module', crossorigin: true, src: `/${chunk.fileName}` },
            injectTo: 'head-prepend',
          },
          ...imports.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head-prepend' as const,
          })),
        ];
      },
    },
  };
}
