import { glyph } from './glyphs.ts';
import type { DemoImageSpec, PackShape } from './image-specs.ts';
import { IMAGE_SIZES } from './image-specs.ts';
import { Random } from './random.ts';
import { el, FONT_STACK, fit, hsl, type SvgImage, svgDocument, text, wrap } from './svg.ts';

type PackshotSpec = Extract<DemoImageSpec, { kind: 'packshot' }>;
interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface Palette {
  body: string;
  dark: string;
  light: string;
  ink: string;
}

/** Each pack shape: its silhouette, and where its label panel sits. */
function silhouette(shape: PackShape, p: Palette, random: Random): { body: string; label: Box } {
  switch (shape) {
    case 'carton':
      return {
        body:
          el('rect', { x: 200, y: 84, width: 80, height: 16, fill: p.dark }) +
          el('polygon', { points: '160,150 200,100 280,100 320,150', fill: p.light }) +
          el('rect', { x: 160, y: 150, width: 160, height: 275, fill: p.body }),
        label: { x: 172, y: 190, w: 136, h: 215 },
      };
    case 'jug':
      return {
        body:
          el('rect', { x: 246, y: 92, width: 60, height: 22, rx: 4, fill: p.dark }) +
          el('rect', { x: 252, y: 112, width: 48, height: 50, fill: p.light }) +
          el('path', { d: 'M160 425V200q0-40 40-40h100q30 0 30 40v225z', fill: p.body }) +
          el('path', {
            d: 'M160 210q-30 0-30 40t30 40',
            fill: 'none',
            stroke: p.dark,
            'stroke-width': 12,
          }),
        label: { x: 172, y: 225, w: 146, h: 180 },
      };
    case 'bottle':
      return {
        body:
          el('rect', { x: 218, y: 92, width: 44, height: 40, rx: 5, fill: p.dark }) +
          el('path', { d: 'M222 130h36v30q40 20 40 60v205H182V220q0-40 40-60z', fill: p.body }),
        label: { x: 188, y: 255, w: 104, h: 135 },
      };
    case 'box':
      return {
        body:
          el('polygon', { points: '140,130 172,104 370,104 340,130', fill: p.light }) +
          el('polygon', { points: '340,130 370,104 370,398 340,425', fill: p.dark }) +
          el('rect', { x: 140, y: 130, width: 200, height: 295, fill: p.body }),
        label: { x: 154, y: 160, w: 172, h: 245 },
      };
    case 'device':
      return {
        body:
          el('polygon', { points: '110,180 140,156 390,156 360,180', fill: p.light }) +
          el('polygon', { points: '360,180 390,156 390,400 360,425', fill: p.dark }) +
          el('rect', { x: 110, y: 180, width: 250, height: 245, fill: p.body }),
        label: { x: 126, y: 196, w: 218, h: 212 },
      };
    case 'bag':
    case 'sack': {
      const wide = shape === 'sack' ? 25 : 0;
      return {
        body:
          el('path', {
            d: `M${170 - wide} 120h${140 + 2 * wide}l${20 + wide / 2} 280q0 25-25 25H${175 - wide}q-25 0-25-25z`,
            fill: p.body,
          }) +
          el('rect', {
            x: 164 - wide,
            y: 96,
            width: 152 + 2 * wide,
            height: 30,
            rx: 6,
            fill: p.dark,
          }),
        label: { x: 172 - wide, y: 160, w: 136 + 2 * wide, h: 220 },
      };
    }
    case 'can':
      return {
        body:
          el('rect', { x: 175, y: 140, width: 130, height: 285, rx: 14, fill: p.body }) +
          el('ellipse', { cx: 240, cy: 142, rx: 65, ry: 12, fill: p.light }) +
          el('rect', { x: 175, y: 160, width: 130, height: 10, fill: p.dark }) +
          el('rect', { x: 175, y: 398, width: 130, height: 10, fill: p.dark }),
        label: { x: 181, y: 190, w: 118, h: 195 },
      };
    case 'jar':
      return {
        body:
          el('rect', { x: 172, y: 128, width: 136, height: 44, rx: 8, fill: p.dark }) +
          el('rect', { x: 162, y: 168, width: 156, height: 257, rx: 30, fill: p.body }),
        label: { x: 174, y: 215, w: 132, h: 170 },
      };
    case 'tube':
      return {
        body:
          el('rect', { x: 165, y: 98, width: 150, height: 18, fill: p.dark }) +
          el('polygon', { points: '170,114 310,114 288,380 192,380', fill: p.body }) +
          el('rect', { x: 206, y: 378, width: 68, height: 47, rx: 6, fill: p.dark }),
        label: { x: 188, y: 150, w: 104, h: 190 },
      };
    case 'tub':
      return {
        body:
          el('polygon', { points: '150,232 330,232 312,425 168,425', fill: p.body }) +
          el('rect', { x: 138, y: 208, width: 204, height: 28, rx: 10, fill: p.dark }),
        label: { x: 170, y: 256, w: 140, h: 150 },
      };
    case 'card':
      return {
        body:
          el('rect', { x: 140, y: 88, width: 200, height: 337, rx: 14, fill: p.body }) +
          el('ellipse', { cx: 240, cy: 112, rx: 18, ry: 7, fill: '#ffffff' }),
        label: { x: 156, y: 140, w: 168, h: 270 },
      };
    case 'book':
      return {
        body:
          el('rect', { x: 160, y: 86, width: 172, height: 339, rx: 4, fill: p.body }) +
          el('rect', { x: 160, y: 86, width: 18, height: 339, fill: p.dark }) +
          el('rect', { x: 332, y: 92, width: 8, height: 327, fill: '#f3efe6' }),
        label: { x: 190, y: 120, w: 128, h: 280 },
      };
    case 'pot': {
      const leaves = Array.from({ length: 6 }, (_, i) => {
        const angle = -150 + i * 24 + random.int(-6, 6);
        const length = random.int(90, 140);
        return el('ellipse', {
          cx: 240,
          cy: 300 - length / 2,
          rx: 22,
          ry: length / 2,
          fill: hsl(110 + random.int(-15, 25), 45, 35 + random.int(0, 15)),
          transform: `rotate(${angle + 90} 240 300)`,
        });
      }).join('');
      return {
        body:
          leaves +
          el('rect', { x: 166, y: 290, width: 148, height: 26, rx: 6, fill: p.dark }) +
          el('polygon', { points: '176,314 304,314 288,425 192,425', fill: p.body }),
        label: { x: 196, y: 338, w: 88, h: 60 },
      };
    }
    case 'bouquet': {
      const blooms = Array.from({ length: 9 }, () =>
        el('circle', {
          cx: 240 + random.int(-80, 80),
          cy: 170 + random.int(-60, 50),
          r: random.int(22, 36),
          fill: hsl((random.int(0, 4) * 70 + random.int(300, 360)) % 360, 70, random.int(55, 72)),
        }),
      ).join('');
      return {
        body:
          el('rect', { x: 232, y: 250, width: 16, height: 160, fill: hsl(110, 40, 35) }) +
          blooms +
          el('polygon', {
            points: '140,230 340,230 250,425 230,425',
            fill: p.light,
            opacity: 0.95,
          }),
        label: { x: 200, y: 290, w: 80, h: 50 },
      };
    }
  }
}

function frontLabel(spec: PackshotSpec, box: Box, p: Palette): string {
  const panel = el('rect', {
    x: box.x,
    y: box.y,
    width: box.w,
    height: box.h,
    rx: 10,
    fill: '#ffffff',
    opacity: 0.93,
  });
  const cx = box.x + box.w / 2;
  if (box.h < 100) {
    return panel + glyph(spec.glyph, cx - box.h * 0.35, box.y + box.h * 0.15, box.h * 0.7, p.dark);
  }
  const brandSize = Math.min(18, box.w / 8);
  const charsPerLine = Math.floor(box.w / (brandSize * 0.62));
  const badge =
    el('circle', { cx: box.x + 22, cy: box.y + 24, r: 14, fill: p.dark }) +
    text(spec.brand[0]?.toUpperCase() ?? '?', {
      x: box.x + 22,
      y: box.y + 30,
      'text-anchor': 'middle',
      'font-size': 16,
      'font-weight': 700,
      fill: '#ffffff',
    });
  const brand = text(fit(spec.brand.toUpperCase(), charsPerLine - 4), {
    x: box.x + 42,
    y: box.y + 30,
    'font-size': brandSize * 0.8,
    'font-weight': 700,
    'letter-spacing': 1,
    fill: p.ink,
  });
  const glyphSize = Math.min(64, box.h * 0.28);
  const art = glyph(spec.glyph, cx - glyphSize / 2, box.y + 48, glyphSize, p.body);
  const lines = wrap(spec.label, charsPerLine, 3);
  const nameY = box.y + 64 + glyphSize;
  const name = lines
    .map((line, i) =>
      text(line, {
        x: cx,
        y: nameY + i * brandSize * 1.2,
        'text-anchor': 'middle',
        'font-size': brandSize,
        'font-weight': 600,
        fill: '#222222',
      }),
    )
    .join('');
  const size = text(spec.size, {
    x: cx,
    y: box.y + box.h - 12,
    'text-anchor': 'middle',
    'font-size': brandSize * 1.1,
    'font-weight': 800,
    fill: p.dark,
  });
  return panel + badge + brand + art + name + size;
}

/** The back of the pack: a facts panel of ruled lines, like a nutrition or spec table. */
function backLabel(spec: PackshotSpec, box: Box, p: Palette, random: Random): string {
  const panel = el('rect', {
    x: box.x,
    y: box.y,
    width: box.w,
    height: box.h,
    rx: 10,
    fill: '#ffffff',
    opacity: 0.95,
  });
  const rows = Math.max(2, Math.floor((box.h - 50) / 22));
  const lines = Array.from({ length: rows }, (_, i) => {
    const y = box.y + 44 + i * 22;
    return (
      el('rect', {
        x: box.x + 12,
        y,
        width: (box.w - 24) * random.between(0.45, 0.7),
        height: 7,
        rx: 3,
        fill: '#c9c9c9',
      }) +
      el('rect', { x: box.x + box.w - 44, y, width: 32, height: 7, rx: 3, fill: '#9a9a9a' }) +
      el('rect', { x: box.x + 12, y: y + 14, width: box.w - 24, height: 1, fill: '#e3e3e3' })
    );
  }).join('');
  const title = text(box.h < 100 ? spec.size : `${fit(spec.brand, 14)} · ${spec.size}`, {
    x: box.x + 12,
    y: box.y + 28,
    'font-size': 14,
    'font-weight': 700,
    fill: p.ink,
  });
  return panel + title + (box.h < 100 ? '' : lines);
}

/** A product "packshot": a coloured pack on a soft backdrop, brand initial, glyph, name and size. */
export function renderPackshot(spec: PackshotSpec): SvgImage {
  const { width, height } = IMAGE_SIZES.packshot;
  const random = new Random(spec.seed);
  const palette: Palette = {
    body: hsl(spec.hue, 58, 48),
    dark: hsl(spec.hue, 60, 30),
    light: hsl(spec.hue, 60, 72),
    ink: hsl(spec.hue, 55, 25),
  };
  const { body, label } = silhouette(spec.shape, palette, random);
  const backdrop =
    el('rect', { width, height, fill: hsl(spec.hue, 35, 96) }) +
    el('circle', { cx: 240 + random.int(-30, 30), cy: 230, r: 190, fill: hsl(spec.hue, 45, 91) }) +
    el('ellipse', { cx: 240, cy: 428, rx: 135, ry: 14, fill: '#000000', opacity: 0.12 });
  const labelArt = spec.back
    ? backLabel(spec, label, palette, random)
    : frontLabel(spec, label, palette);
  const title = `${spec.brand} ${spec.label} ${spec.size}${spec.back ? ' (back)' : ''}`;
  return svgDocument(
    width,
    height,
    title,
    el('g', { 'font-family': FONT_STACK }, backdrop, body, labelArt),
  );
}
