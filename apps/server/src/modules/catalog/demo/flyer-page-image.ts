import { glyph } from './glyphs.ts';
import { type DemoImageSpec, type FlyerTile, IMAGE_SIZES } from './image-specs.ts';
import { el, FONT_STACK, fit, hsl, type SvgImage, svgDocument, text, wrap } from './svg.ts';

type FlyerPageSpec = Extract<DemoImageSpec, { kind: 'flyer-page' }>;

/** The header band's height as a fraction of the page; flyer layouts keep tiles below it. */
export const FLYER_HEADER_FRACTION = 0.15;
/** The footer strip's height as a fraction of the page; tiles stay above it. */
export const FLYER_FOOTER_FRACTION = 0.04;

function tile(t: FlyerTile, pageWidth: number, pageHeight: number): string {
  const x = t.box.left * pageWidth;
  const y = t.box.top * pageHeight;
  const w = t.box.width * pageWidth;
  const h = t.box.height * pageHeight;
  const pad = Math.min(18, w * 0.05);
  const glyphSize = Math.min(h * 0.42, w * 0.3);
  const titleSize = Math.max(14, Math.min(22, w / 16));
  const priceSize = Math.max(26, Math.min(58, h * 0.22, w / 6));
  const titleLines = wrap(t.title, Math.floor((w - glyphSize - pad * 3) / (titleSize * 0.56)), 2);
  const story = t.saleStory
    ? el('rect', {
        x: x + pad,
        y: y + h - pad - 30,
        width: Math.min(w - 2 * pad, t.saleStory.length * 9 + 24),
        height: 30,
        rx: 15,
        fill: hsl(t.hue, 70, 45),
      }) +
      text(fit(t.saleStory, Math.floor((w - 2 * pad - 24) / 9)), {
        x: x + pad + 12,
        y: y + h - pad - 10,
        'font-size': 15,
        'font-weight': 700,
        fill: '#ffffff',
      })
    : '';
  return (
    el('rect', {
      x,
      y,
      width: w,
      height: h,
      rx: 14,
      fill: hsl(t.hue, 60, 95),
      stroke: hsl(t.hue, 45, 80),
      'stroke-width': 2,
    }) +
    el('circle', {
      cx: x + pad + glyphSize / 2,
      cy: y + pad + glyphSize / 2,
      r: glyphSize / 2,
      fill: '#ffffff',
    }) +
    glyph(
      t.glyph,
      x + pad + glyphSize * 0.2,
      y + pad + glyphSize * 0.2,
      glyphSize * 0.6,
      hsl(t.hue, 60, 40),
    ) +
    titleLines
      .map((line, i) =>
        text(line, {
          x: x + pad * 2 + glyphSize,
          y: y + pad + titleSize + i * titleSize * 1.25,
          'font-size': titleSize,
          'font-weight': 600,
          fill: '#1f1f1f',
        }),
      )
      .join('') +
    text(fit(t.priceText, Math.floor((w - 2 * pad) / (priceSize * 0.6))), {
      x: x + w - pad,
      y: y + h - pad - (t.saleStory ? 40 : 4),
      'text-anchor': 'end',
      'font-size': priceSize,
      'font-weight': 800,
      fill: '#d62828',
    }) +
    story
  );
}

/** A flyer page: header with the store and dates, then one tile per deal exactly at its hotspot box. */
export function renderFlyerPage(spec: FlyerPageSpec): SvgImage {
  const { width, height } = IMAGE_SIZES['flyer-page'];
  const headerHeight = height * FLYER_HEADER_FRACTION;
  const header =
    el('rect', { width, height: headerHeight, fill: hsl(spec.hue, 65, 40) }) +
    el('rect', {
      y: headerHeight - 10,
      width,
      height: 10,
      fill: hsl((spec.hue + 40) % 360, 80, 55),
    }) +
    text(fit(spec.storeName, 30), {
      x: 36,
      y: 70,
      'font-size': 44,
      'font-weight': 800,
      fill: '#ffffff',
    }) +
    text(fit(spec.title, 40), {
      x: 36,
      y: 112,
      'font-size': 26,
      'font-weight': 600,
      fill: '#ffffff',
    }) +
    text(spec.dates, {
      x: width - 36,
      y: 112,
      'text-anchor': 'end',
      'font-size': 22,
      fill: '#ffffff',
    });
  const footer = text(`Page ${spec.pageNumber} of ${spec.pageCount}`, {
    x: width / 2,
    y: height - 16,
    'text-anchor': 'middle',
    'font-size': 18,
    fill: '#777777',
  });
  return svgDocument(
    width,
    height,
    `${spec.storeName} ${spec.title}, page ${spec.pageNumber}`,
    el(
      'g',
      { 'font-family': FONT_STACK },
      el('rect', { width, height, fill: '#fffdf8' }),
      header,
      ...spec.tiles.map((t) => tile(t, width, height)),
      footer,
    ),
  );
}
