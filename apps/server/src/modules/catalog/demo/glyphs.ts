import { el, num } from './svg.ts';

/**
 * Category glyphs: tiny pictograms drawn in a 24x24 box, used on packshots, flyer tiles and service
 * images so a milk carton shows a drop and a drill a bolt. Filled shapes only, no strokes to scale.
 */
const GLYPH_PATHS = {
  milk: 'M12 2C9 7 5 11 5 15a7 7 0 0 0 14 0c0-4-4-8-7-13z',
  cheese: 'M2 18h20V9L2 14zM7 15.5a1.5 1.5 0 1 0 .01 0zM15 13a2 2 0 1 0 .01 0z',
  egg: 'M12 3C8 3 5 9 5 14a7 7 0 0 0 14 0c0-5-3-11-7-11z',
  bread: 'M4 11a8 5 0 0 1 16 0v8H4zM8 9v3M12 8v4',
  croissant: 'M2 15c3-7 17-7 20 0l-4 2-3-4-3 5-3-5-3 4z',
  apple: 'M12 7c-5-3-9 1-8 6s4 9 8 7c4 2 7-2 8-7s-3-9-8-6zM12 7c0-2 1-4 3-5l1 1c-2 1-3 2-3 4z',
  leaf: 'M4 20C4 10 11 4 21 4c0 9-6 16-17 16zM6 19c4-5 7-8 11-11',
  grain:
    'M11 22V9h2v13zM12 2c2 2 2 4 0 6-2-2-2-4 0-6zM8 7c3 0 4 2 3 5-3 0-4-2-3-5zM16 7c1 3 0 5-3 5-1-3 0-5 3-5z',
  can: 'M6 4h12v16H6zM6 4a6 2 0 0 1 12 0M6 8h12v1H6zM6 15h12v1H6z',
  cup: 'M4 8h13v6a6 6 0 0 1-13 0zM17 9h2a3 3 0 0 1 0 6h-2v-2h2a1 1 0 0 0 0-2h-2zM3 21h16v1H3z',
  cookie:
    'M12 3a9 9 0 1 0 9 9 3 3 0 0 1-3-3 3 3 0 0 1-3-3 3 3 0 0 1-3-3zM8 10a1 1 0 1 0 .01 0zM13 15a1 1 0 1 0 .01 0zM9 16a1 1 0 1 0 .01 0z',
  bottle: 'M10 2h4v4c2 1 3 3 3 5v11H7V11c0-2 1-4 3-5z',
  snowflake:
    'M11 2h2v20h-2zM2 11h20v2H2zM4.9 6.3l1.4-1.4 12.8 12.8-1.4 1.4zM17.7 4.9l1.4 1.4L6.3 19.1l-1.4-1.4z',
  spray: 'M9 8h6v14H9zM10 4h5v3h-5zM15 5h4v1h-4zM18 3h1v1h-1zM20 5h1v1h-1zM18 7h1v1h-1z',
  roll: 'M5 6a7 3 0 0 1 14 0v12a7 3 0 0 1-14 0zM12 6a2 1 0 1 0 .01 0z',
  pill: 'M8.5 3.5a5 5 0 0 1 7 7l-5 5a5 5 0 0 1-7-7zM6 11l7 7',
  heart: 'M12 21C5 15 2 12 2 8a5 5 0 0 1 10-1 5 5 0 0 1 10 1c0 4-3 7-10 13z',
  drop: 'M12 2c-3 5-7 9-7 13a7 7 0 0 0 14 0c0-4-4-8-7-13zM9 15a3 3 0 0 0 3 3v1a4 4 0 0 1-4-4z',
  tooth:
    'M6 3c3 0 4 1 6 1s3-1 6-1 4 3 3 7-2 5-3 11c-1 1-2 0-2-2s-1-5-2-5h-4c-1 0-2 3-2 5s-1 3-2 2C5 15 4 14 3 10s0-7 3-7z',
  baby: 'M12 3a4 4 0 1 0 .01 0zM6 13h12l-2 9H8z',
  wrench: 'M21 6a5 5 0 0 1-7 5L6 19a2 2 0 0 1-3-3l8-8a5 5 0 0 1 5-7l-3 3 1 3 3 1z',
  hammer: 'M4 6l6-4 4 3-2 2 9 11-3 3-9-11-2 2-3-3z',
  brush: 'M14 2h6v8h-6zM13 10h8v3h-8zM15 13h4v3l-1 6h-2l-1-6z',
  bulb: 'M12 2a7 7 0 0 0-4 13v3h8v-3a7 7 0 0 0-4-13zM9 20h6v2H9z',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7z',
  faucet:
    'M4 8h10a4 4 0 0 1 4 4v2h-3v-2a1 1 0 0 0-1-1H4zM8 4h2v4H8zM5 3h8v2H5zM15 16h3v2h-3zM15 19h3v3h-3z',
  sprout: 'M11 22v-8c-5 0-8-3-8-8 5 0 8 3 8 7 0-5 3-9 9-9 0 6-3 9-7 9v9z',
  phone:
    'M7 2h10a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM7 5v13h10V5zM11 19h2v1h-2z',
  headphones:
    'M12 3a9 9 0 0 0-9 9v6a3 3 0 0 0 3 3h2v-8H5v-1a7 7 0 0 1 14 0v1h-3v8h2a3 3 0 0 0 3-3v-6a9 9 0 0 0-9-9z',
  speaker: 'M6 2h12v20H6zM12 5a2 2 0 1 0 .01 0zM12 11a4 4 0 1 0 .01 0z',
  plug: 'M8 2h2v5H8zM14 2h2v5h-2zM5 7h14v4a7 7 0 0 1-6 7v4h-2v-4a7 7 0 0 1-6-7z',
  laptop: 'M5 4h14v11H5zM7 6v7h10V6zM2 17h20l-2 3H4z',
  book: 'M5 3h12a2 2 0 0 1 2 2v16H7a2 2 0 0 1-2-2zM7 17v2h10v-2zM8 6h8v2H8z',
  paw: 'M12 12c3 0 6 4 6 7 0 2-2 2-6 2s-6 0-6-2c0-3 3-7 6-7zM5 8a2 2.5 0 1 0 .01 0zM19 8a2 2.5 0 1 0 .01 0zM9 3a2 2.5 0 1 0 .01 0zM15 3a2 2.5 0 1 0 .01 0z',
  bone: 'M6 8a3 3 0 1 1 3-3l6 6a3 3 0 1 1 3 3 3 3 0 1 1-3 3l-6-6a3 3 0 1 1-3-3z',
  fish: 'M2 12c4-6 12-6 16 0-4 6-12 6-16 0zM18 12l4-4v8zM7 11a1 1 0 1 0 .01 0z',
  flower:
    'M12 8a3 3 0 1 0 .01 0zM12 1a3.5 3.5 0 0 1 0 7 3.5 3.5 0 0 1 0-7zM12 15a3.5 3.5 0 0 1 0 7 3.5 3.5 0 0 1 0-7zM5 8a3.5 3.5 0 0 1 7 3.5A3.5 3.5 0 0 1 5 8zM12 12.5a3.5 3.5 0 0 1 7 3.5 3.5 3.5 0 0 1-7-3.5z',
  pot: 'M5 12h14l-2 10H7zM4 10h16v2H4zM12 10V5c0-2 2-3 4-3 0 2-1 4-4 4',
  scissors: 'M6 3a3 3 0 1 0 .01 0zM6 15a3 3 0 1 0 .01 0zM8 8l13 11-1 1L7 10zM8 16l13-11-1-1L7 14z',
  comb: 'M3 6h18v4H3zM4 10h1v8H4zM7 10h1v8H7zM10 10h1v8h-1zM13 10h1v8h-1zM16 10h1v8h-1zM19 10h1v8h-1z',
  dumbbell: 'M1 10h3v4H1zM4 7h3v10H4zM7 11h10v2H7zM17 7h3v10h-3zM20 10h3v4h-3z',
  lotus:
    'M12 4c2 3 3 6 0 12-3-6-2-9 0-12zM3 10c4 0 7 2 9 6-4 1-8-1-9-6zM21 10c-1 5-5 7-9 6 2-4 5-6 9-6zM3 19h18v1H3z',
  shirt: 'M8 3l4 2 4-2 6 4-3 4-2-1v11H7V10l-2 1-3-4z',
  spark: 'M12 2l2 7 7 3-7 3-2 7-2-7-7-3 7-3z',
  basket: 'M2 9h20l-2 12H4zM7 9l4-6 1 1-3 5zM17 9l-4-6-1 1 3 5z',
  star: 'M12 2l3 7 7 .6-5.4 4.7 1.7 7.2L12 17.8 5.7 21.5l1.7-7.2L2 9.6 9 9z',
} as const;

export type GlyphName = keyof typeof GLYPH_PATHS;
export const GLYPH_NAMES = Object.keys(GLYPH_PATHS) as GlyphName[];

/** The glyph scaled into a `size` box whose top-left corner is (x, y). */
export function glyph(name: GlyphName, x: number, y: number, size: number, fill: string): string {
  return el('path', {
    d: GLYPH_PATHS[name],
    fill,
    'fill-rule': 'evenodd',
    transform: `translate(${num(x)} ${num(y)}) scale(${Math.round((size / 24) * 1000) / 1000})`,
  });
}
