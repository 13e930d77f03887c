import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The landing pages' first paint (issue 18, ADR 0017): for /, /home and /products, index.html is sent
 * with the page's frame and first cards already drawn as HTML, so a phone paints them as soon as the
 * document and its stylesheet have arrived, seconds before the app's JavaScript has run. The markup
 * is the web app's own (apps/web/src/app/first-paint, built into the app's folder as
 * `.first-paint/server-entry.js`); this side only asks the API for the page's first list, exactly as
 * the browser would, and puts the answer and the markup into the page.
 *
 * Everything here is optional: no module (the app built without it), a list that is slow or fails,
 * a markup error: the plain index.html goes out, and the app draws the page itself as before.
 */

/** What the web app's module offers (apps/web/src/app/first-paint/server-entry.ts). */
export interface FirstPaintModule {
  firstPaintCall(pathname: string, search: string): { page: string; api: string } | null;
  renderFirstPaint(page: string, answer: unknown): { head: string; body: string } | null;
  FIRST_ANSWER_ID: string;
  PREFERENCES_COOKIE: string;
}

export const FIRST_PAINT_MODULE = path.join('.first-paint', 'server', 'server-entry.js');
/**
 * The page sent with a first paint: index.html with the app's entry started by the first-screen
 * entry once the first paint's images are in (apps/web/vite-plugins/first-paint-page.ts).
 */
export const FIRST_PAINT_PAGE = path.join('.first-paint', 'index.html');

/**
 * The first paint waits this long for the list, at most. The page's answer must not wait on a slow
 * database: without the first paint it still draws, later.
 */
export const FIRST_PAINT_LIST_TIMEOUT_MS = 400;

function isFirstPaintModule(value: unknown): value is FirstPaintModule {
  if (typeof value !== 'object' || value === null) return false;
  const module = value as Record<string, unknown>;
  return (
    typeof module.firstPaintCall === 'function' &&
    typeof module.renderFirstPaint === 'function' &&
    typeof module.FIRST_ANSWER_ID === 'string' &&
    typeof module.PREFERENCES_COOKIE === 'string'
  );
}

/** The built app's first-paint module, or null (logged) when there is none or it does not load. */
export async function loadFirstPaint(
  webDistDir: string,
  log: FastifyBaseLogger,
): Promise<FirstPaintModule | null> {
  const file = path.join(webDistDir, FIRST_PAINT_MODULE);
  if (!existsSync(file) || !existsSync(path.join(webDistDir, FIRST_PAINT_PAGE))) return null;
  try {
    const module: unknown = await import(pathToFileURL(file).href);
    if (isFirstPaintModule(module)) return module;
    log.warn(`${file} is not a first-paint module: landing pages are sent without a first paint`);
  } catch (error) {
    log.warn({ err: error }, `${file} did not load: landing pages are sent without a first paint`);
  }
  return null;
}

/** JSON inside `<script type="application/json">`: no `<` (so no `</script>` or `<!--`) stays as is. */
export function scriptSafeJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export interface FirstPaintOptions {
  module: FirstPaintModule;
  /** The page the first paint goes into (readFirstPaintPage). */
  indexHtml: string;
  listTimeoutMs?: number;
}

/**
 * index.html with the first paint of the page `request` asks for, or null when it gets none: not a
 * landing page, a browser with stored preferences (its list differs), a HEAD request, or no list in
 * time.
 */
export async function firstPaintPage(
  app: FastifyInstance,
  request: FastifyRequest,
  { module, indexHtml, listTimeoutMs = FIRST_PAINT_LIST_TIMEOUT_MS }: FirstPaintOptions,
): Promise<string | null> {
  if (request.method !== 'GET') return null;
  if (request.cookies[module.PREFERENCES_COOKIE] !== undefined) return null;
  const queryStart = request.url.indexOf('?');
  const pathname = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
  const search = queryStart === -1 ? '' : request.url.slice(queryStart);
  try {
    const call = module.firstPaintCall(pathname, search);
    if (!call) return null;
    // The API answers it as it answers the browser (same route, same headers that matter: none, the
    // list is the same for everyone); the answer is embedded so the app does not ask again.
    const answer = await withTimeout(
      app.inject({ method: 'GET', url: call.api, headers: { accept: 'application/json' } }),
      listTimeoutMs,
    );
    if (!answer || answer.statusCode !== 200) return null;
    const rendered = module.renderFirstPaint(call.page, answer.json());
    if (!rendered) return null;
    const data =
      `<script type="application/json" id="${escapeAttribute(module.FIRST_ANSWER_ID)}"` +
      ` data-api="${escapeAttribute(call.api)}">${scriptSafeJson(answer.body)}</script>`;
    if (!indexHtml.includes('</head>') || !indexHtml.includes('</body>')) return null;
    return indexHtml
      .replace('</head>', () => `${rendered.head}</head>`)
      .replace('</body>', () => `${rendered.body}${data}</body>`);
  } catch (error) {
    request.log.warn({ err: error }, 'first paint failed: the page is sent without it');
    return null;
  }
}

/** The page sent with a first paint, read once (the build's output; a new build means a restart). */
export function readFirstPaintPage(webDistDir: string): string {
  return readFileSync(path.join(webDistDir, FIRST_PAINT_PAGE), 'utf8');
}
