#!/usr/bin/env node
// Size of the JavaScript a first visit must download before the app can start: the entry
// <script type="module"> of dist/index.html plus every <link rel="modulepreload"> it lists (the entry's
// static imports), each gzipped at level 9. Route chunks fetched later are not counted.
// Usage: node apps/web/scripts/initial-js-size.mjs [distDir]   (the bench imports initialJsSize()).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import { gzipSync, constants } from 'node:zlib';

const defaultDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

/**
 * Issue 18's budget for the initial JS, in KB gzipped: the one the bench prints its figure against
 * and initial-js-budget.test.ts enforces in `npm test`.
 */
export const INITIAL_JS_BUDGET_KB = 170;

/** Attribute values of the tags in `html` matching `tagPattern`, read from `attribute`. */
function attributeValues(html, tagPattern, attribute) {
  const values = [];
  for (const [tag] of html.matchAll(tagPattern)) {
    const match = tag.match(new RegExp(`\\s${attribute}\\s*=\\s*["']([^"']+)["']`, 'i'));
    if (match) values.push(match[1]);
  }
  return values;
}

/**
 * @param {string} [distDir] the built app (default: apps/web/dist)
 * @returns {Promise<{ totalBytes: number, totalKb: number, files: { file: string, rawBytes: number, gzipBytes: number }[] }>}
 */
export async function initialJsSize(distDir = defaultDist) {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const entries = attributeValues(html, /<script\b[^>]*\btype\s*=\s*["']module["'][^>]*>/gi, 'src');
  const preloads = attributeValues(
    html,
    /<link\b[^>]*\brel\s*=\s*["']modulepreload["'][^>]*>/gi,
    'href',
  );
  if (entries.length === 0)
    throw new Error(`no <script type="module" src> in ${distDir}/index.html`);
  const urls = [...new Set([...entries, ...preloads])];
  const files = await Promise.all(
    urls.map(async (url) => {
      const relative = new URL(url, 'http://localhost/').pathname.replace(/^\/+/, '');
      const content = await readFile(path.join(distDir, relative));
      const gzipBytes = gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
      return { file: relative, rawBytes: content.length, gzipBytes };
    }),
  );
  const totalBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  return { totalBytes, totalKb: Math.round((totalBytes / 1024) * 10) / 10, files };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = process.argv[2] ? path.resolve(process.argv[2]) : defaultDist;
  const { totalKb, files } = await initialJsSize(distDir);
  const list = files.map((f) => `${f.file} ${(f.gzipBytes / 1024).toFixed(1)} KB`).join(', ');
  process.stdout.write(`initial JS: ${totalKb} KB gzipped (files: ${list})\n`);
}
