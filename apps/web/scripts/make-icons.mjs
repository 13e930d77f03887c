#!/usr/bin/env node
// Draws the installable app's PNG icons from our own artwork (public/favicon.svg: the green tile, the
// white shop front, the amber door) and writes them to public/icons/. Run by hand after changing the
// artwork; the PNGs are committed, so the build needs nothing beyond Vite.
// Usage: node apps/web/scripts/make-icons.mjs   (sharp is the server's dependency, found from the root)
import { readFile, writeFile } from 'node:fs/promises';
import { Buffer } from 'node:buffer';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const THEME = '#1b6b43';

/** The shop front of favicon.svg (drawn on a 64-unit grid), without its tile. */
async function shopFront() {
  const svg = await readFile(path.join(publicDir, 'favicon.svg'), 'utf8');
  const inner = svg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  return inner.replace(/<rect width="64" height="64"[^>]*\/>/, '');
}

/**
 * `any` icons keep the favicon's rounded tile. A maskable icon is cropped by the launcher to a circle
 * or squircle inside its central 80 %: full-bleed green, the shop front scaled into the safe zone.
 */
function iconSvg(front, { maskable }) {
  if (!maskable) {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${THEME}"/>${front}</svg>`;
  }
  const scale = 0.62;
  const offset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${THEME}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${front}</g></svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-192.png', size: 192, maskable: true },
  { file: 'maskable-512.png', size: 512, maskable: true },
  // iOS ignores the manifest's icons and masks this one itself: full-bleed like a maskable icon.
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
];

const front = await shopFront();
for (const { file, size, maskable } of ICONS) {
  const png = await sharp(Buffer.from(iconSvg(front, { maskable })), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(path.join(publicDir, 'icons', file), png);
  process.stdout.write(`icons/${file} ${size}x${size} ${png.length} bytes\n`);
}
