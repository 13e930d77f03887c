import type { Plugin } from 'vite';

/** Where the page sent with the server's first paint is written, beside the first-paint module. */
export const FIRST_PAINT_PAGE = '.first-paint/index.html';
/** The id of the `<script type="application/json">` naming the app's entry in that page. */
export const APP_ENTRY_ID = 'lm-app-entry';

/**
 * index.html as sent with the server's first paint (src/app/first-paint, issue 18): the same page,
 * except that the app's entry script and its module preloads are not requested at once but named in
 * a JSON block, and the first-screen entry starts them once the first paint's images have arrived
 * (first-screen.ts). Over HTTP/1.1's six connections, the ~250 KB of the app's code otherwise went
 * first and the first paint's stylesheet and covers, a few KB, waited behind it for a second and
 * more on a phone's link. Without a first paint, index.html itself is sent, unchanged.
 *
 * Vite writes the entry's script tag followed by its modulepreload links; anything else fails the
 * build rather than sending a page whose app never starts.
 */
export function deferAppEntry(html: string, entryUrl: string): string {
  const script = `<script type="module" crossorigin src="${entryUrl}"></script>`;
  const at = html.indexOf(script);
  if (at === -1 || html.indexOf(script, at + 1) !== -1) {
    throw new Error(`first-paint-page: index.html has no single script tag for ${entryUrl}`);
  }
  const after = html.slice(at + script.length);
  const links =
    /^(?:\s*<link rel="modulepreload" crossorigin href="[^"]+">)*/.exec(after)?.[0] ?? '';
  const preloads = [...links.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
  const data = JSON.stringify({ entry: entryUrl, preloads }).replace(/</g, '\\u003c');
  return (
    html.slice(0, at) +
    `<script type="application/json" id="${APP_ENTRY_ID}">${data}</script>` +
    after.slice(links.length)
  );
}

export function firstPaintPage(entryName = 'index'): Plugin {
  return {
    name: 'localmart:first-paint-page',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle['index.html'];
        const entry = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === entryName,
        );
        if (!page || page.type !== 'asset' || !entry) {
          this.error('first-paint-page: no index.html or no app entry in the bundle');
        }
        const html =
          typeof page.source === 'string' ? page.source : Buffer.from(page.source).toString();
        this.emitFile({
          type: 'asset',
          fileName: FIRST_PAINT_PAGE,
          source: deferAppEntry(html, `/${entry.fileName}`),
        });
      },
    },
  };
}
