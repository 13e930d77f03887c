import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { commonMessages, fail, isApiPath, isManageSitePath } from '@localmart/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import {
  firstPaintPage,
  loadFirstPaint,
  readFirstPaintPage,
  type FirstPaintModule,
} from './first-paint.ts';

/**
 * One process, one port: whenever the web app has been built (WEB_DIST_DIR/index.html exists), in any
 * mode, the server also serves it, with a single-page fallback so deep links (/home,
 * /cms/about-us/<id>) load the app. Any mode, because `npm start` runs the server in its default
 * (development) mode, so a new user can read the dev outbox and finish signing up locally; the e2e
 * suite runs it the same way. It also owns the not-found handler, since it alone knows which paths
 * are the app's: API paths always get the 404 envelope.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Unhashed files (index.html, icons, manifest) are revalidated on every use, so a deploy shows at once.
const REVALIDATE = 'no-cache';

function pathnameOf(request: FastifyRequest): string {
  const queryStart = request.url.indexOf('?');
  return queryStart === -1 ? request.url : request.url.slice(0, queryStart);
}

/**
 * Files of the installable app (issue 14) that must never be answered with the HTML shell: a
 * service worker script or a manifest that came back as HTML would fail to register or parse.
 */
const INSTALLABLE_APP_FILES = /^\/(?:sw\.js|[^/]+\.webmanifest)$/;

/**
 * Vite puts content-hashed bundles in assets/: they can be cached for good. Everything else is
 * revalidated on each use, /sw.js included: the browser then checks for a new worker on every visit
 * (it also ignores a long max-age for the worker script beyond a day; no-cache makes it immediate).
 */
function cacheControlFor(root: string, filePath: string): string {
  const relative = path.relative(root, filePath).split(path.sep).join('/');
  return relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function devPage(config: Config): string {
  const name = escapeHtml(config.appName);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${name} API</title></head>
<body><h1>${name} API server</h1>
<p>No page here: the web app has not been built, so this process serves the API only.</p>
<p>Development: run <code>npm run dev</code> and open <a href="http://localhost:5173">http://localhost:5173</a> (Vite dev server, proxying /api here).
Or build and serve everything from here: <code>npm run build</code>, then <code>npm run serve</code>.</p>
</body></html>
`;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles once the first-paint module has been looked for (and loaded when there is one). */
    firstPaintLoaded: Promise<void>;
  }
}

export const webAppPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const root = config.webDistDir;
    const serveBuiltApp = existsSync(path.join(root, 'index.html'));
    if (config.isProduction && !serveBuiltApp) {
      app.log.warn(`No built web app in ${root}: only the API is served (run npm run build).`);
    }

    if (serveBuiltApp) {
      await app.register(fastifyStatic, {
        root,
        // '/' goes to sendApp like every page, so it gets the first paint too.
        index: false,
        // Nothing under a dot folder is the browser's: .first-paint holds the server's own module
        // (first-paint.ts) and the page it fills in, and .vite the build's manifest.
        allowedPath: (pathname) => !pathname.split('/').some((segment) => segment.startsWith('.')),
        // The build writes .br/.gz copies beside each text file (apps/web/vite-plugins/precompress.ts):
        // sent to browsers that accept them, they cut the phone's first load by seconds, at no CPU cost.
        preCompressed: true,
        cacheControl: false,
        // Types by extension: .js application/javascript, .webmanifest application/manifest+json.
        setHeaders: (res, filePath) =>
          res.setHeader('cache-control', cacheControlFor(root, filePath)),
      });
    }

    if (serveBuiltApp) {
      // @fastify/static picks the .br/.gz copy by Accept-Encoding but says nothing about it: without
      // Vary a shared cache could hand a compressed body to a client that cannot read it. Added on
      // send, after CORS has set its own Vary: Origin, and appended rather than replaced.
      app.addHook('onSend', async (request, reply, payload) => {
        if (isApiPath(pathnameOf(request))) return payload;
        const vary = reply.getHeader('vary');
        const current = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
        if (!/\baccept-encoding\b/i.test(current)) {
          reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
        }
        return payload;
      });
    }

    // The landing pages' first paint (first-paint.ts), when the built app has its module.
    // Loaded once the server is up, not before: the module (~1.7 MB, React's server renderer and the
    // contract) would add to every start; pages asked for meanwhile go without a first paint.
    let firstPaint: FirstPaintModule | null = null;
    let indexHtml = '';
    let loaded: () => void = () => undefined;
    app.decorate(
      'firstPaintLoaded',
      new Promise<void>((resolve) => {
        loaded = resolve;
      }),
    );
    app.addHook('onReady', () => {
      if (!serveBuiltApp) return loaded();
      void loadFirstPaint(root, app.log)
        .then((module) => {
          if (!module) return;
          indexHtml = readFirstPaintPage(root);
          firstPaint = module;
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'first paint not loaded'))
        .finally(loaded);
    });

    // The Manage Your Store site is a page of its own (manage.html), the shopper app everything else.
    const sendApp = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
      reply.code(200).header('cache-control', REVALIDATE).type('text/html; charset=utf-8');
      if (isManageSitePath(pathname)) return reply.sendFile('manage.html');
      const page = firstPaint
        ? await firstPaintPage(app, request, { module: firstPaint, indexHtml })
        : null;
      // Compressed on the way out like an API answer (compression.ts); the file is precompressed.
      return page === null ? reply.sendFile('index.html') : reply.send(page);
    };

    if (serveBuiltApp) app.get('/', (request, reply) => sendApp(request, reply, '/'));

    app.setNotFoundHandler((request, reply) => {
      const pathname = pathnameOf(request);
      if (isApiPath(pathname)) return reply.code(404).send(fail(commonMessages.routeNotFound));

      const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
      // A missing hashed asset must stay a 404: answering HTML would be run as a script.
      const isFile = pathname.startsWith('/assets/') || INSTALLABLE_APP_FILES.test(pathname);
      if (isPageRequest && serveBuiltApp && !isFile) return sendApp(request, reply, pathname);
      if (isPageRequest && !serveBuiltApp) {
        return reply.code(404).type('text/html; charset=utf-8').send(devPage(config));
      }
      return reply.code(404).send(fail(commonMessages.notFound));
    });
  },
  { name: 'web-app', fastify: '5.x' },
);
