import { glyph } from './glyphs.ts';
import { type DemoImageSpec, IMAGE_SIZES } from './image-specs.ts';
import { Random } from './random.ts';
import { el, FONT_STACK, fit, hsl, initials, type SvgImage, svgDocument, text } from './svg.ts';

/** Store logos, wide covers, team avatars and service tiles. */
type Spec<K extends DemoImageSpec['kind']> = Extract<DemoImageSpec, { kind: K }>;

const LOGO_SHAPES = ['circle', 'rounded', 'hexagon', 'shield', 'arch'] as const;

function logoShape(shape: (typeof LOGO_SHAPES)[number], fill: string): string {
  switch (shape) {
    case 'circle':
      return el('circle', { cx: 128, cy: 128, r: 116, fill });
    case 'rounded':
      return el('rect', { x: 14, y: 14, width: 228, height: 228, rx: 48, fill });
    case 'hexagon':
      return el('polygon', { points: '128,10 230,69 230,187 128,246 26,187 26,69', fill });
    case 'shield':
      return el('path', {
        d: 'M128 12l108 36v70c0 70-48 114-108 128C68 232 20 188 20 118V48z',
        fill,
      });
    case 'arch':
      return el('path', { d: 'M24 244V128a104 104 0 0 1 208 0v116z', fill });
  }
}

/** A store logo: its monogram in white on a coloured shape, with a thin inner ring. */
export function renderLogo(spec: Spec<'logo'>): SvgImage {
  const { width, height } = IMAGE_SIZES.logo;
  const random = new Random(spec.seed);
  const shape = random.pick(LOGO_SHAPES);
  const monogram = initials(spec.name) || '?';
  return svgDocument(
    width,
    height,
    `${spec.name} logo`,
    logoShape(shape, hsl(spec.hue, 62, 42)) +
      el('circle', {
        cx: 128,
        cy: 128,
        r: 92,
        fill: 'none',
        stroke: '#ffffff',
        'stroke-width': 3,
        opacity: 0.35,
      }) +
      text(monogram, {
        x: 128,
        y: monogram.length > 1 ? 152 : 160,
        'text-anchor': 'middle',
        'font-family': FONT_STACK,
        'font-size': monogram.length > 1 ? 84 : 104,
        'font-weight': 800,
        fill: '#ffffff',
      }),
  );
}

function storefronts(random: Random, hue: number): string {
  let x = -20;
  let out = '';
  while (x < 1200) {
    const w = random.int(160, 260);
    const h = random.int(190, 300);
    const y = 480 - h;
    const wall = hsl(
      (hue + random.int(-40, 40) + 360) % 360,
      random.int(20, 45),
      random.int(55, 78),
    );
    const awning = hsl((hue + random.int(120, 240)) % 360, 60, 50);
    out +=
      el('rect', { x, y, width: w, height: h, fill: wall }) +
      el('rect', {
        x: x + 16,
        y: y + 20,
        width: w - 32,
        height: 26,
        rx: 4,
        fill: '#ffffff',
        opacity: 0.85,
      }) +
      el('path', { d: `M${x + 8} ${y + 60}h${w - 16}l-12 34H${x + 20}z`, fill: awning }) +
      el('rect', {
        x: x + 22,
        y: y + 104,
        width: w * 0.45,
        height: h - 130,
        fill: '#bfe3f2',
        opacity: 0.85,
      }) +
      el('rect', {
        x: x + w * 0.6,
        y: y + 120,
        width: w * 0.28,
        height: h - 120,
        fill: hsl(hue, 30, 28),
      });
    x += w + random.int(6, 18);
  }
  return out;
}

function diningScene(random: Random, hue: number): string {
  const lights = Array.from({ length: 18 }, (_, i) =>
    el('circle', {
      cx: 30 + i * 66,
      cy: 70 + Math.sin(i / 2) * 18,
      r: 8,
      fill: '#ffe9a8',
      opacity: 0.95,
    }),
  ).join('');
  const tables = Array.from({ length: 4 }, (_, i) => {
    const cx = 170 + i * 290 + random.int(-20, 20);
    return (
      el('ellipse', { cx, cy: 380, rx: 120, ry: 34, fill: hsl(30, 35, 35) }) +
      el('circle', { cx: cx - 40, cy: 372, r: 24, fill: '#ffffff' }) +
      el('circle', { cx: cx - 40, cy: 372, r: 14, fill: hsl((hue + 20) % 360, 60, 50) }) +
      el('circle', { cx: cx + 42, cy: 376, r: 22, fill: '#ffffff' }) +
      el('circle', { cx: cx + 42, cy: 376, r: 12, fill: hsl((hue + 80) % 360, 55, 45) })
    );
  }).join('');
  return (
    el('path', {
      d: 'M0 70q300 40 600 0t600 0',
      fill: 'none',
      stroke: '#3b3b3b',
      'stroke-width': 2,
    }) +
    lights +
    el('rect', { y: 300, width: 1200, height: 180, fill: hsl(hue, 25, 22), opacity: 0.6 }) +
    tables
  );
}

function studioScene(random: Random, hue: number): string {
  return Array.from({ length: 14 }, () =>
    el('circle', {
      cx: random.int(0, 1200),
      cy: random.int(0, 480),
      r: random.int(30, 150),
      fill: hsl((hue + random.int(-30, 60) + 360) % 360, 55, random.int(60, 85)),
      opacity: random.between(0.25, 0.6),
    }),
  ).join('');
}

/** A wide cover: a gradient sky and a simple scene by kind (street of shops, dining room, studio). */
export function renderCover(spec: Spec<'cover'>): SvgImage {
  const { width, height } = IMAGE_SIZES.cover;
  const random = new Random(spec.seed);
  const gradientId = `sky-${spec.seed.toString(36)}`;
  const defs = el(
    'defs',
    {},
    el(
      'linearGradient',
      { id: gradientId, x1: 0, y1: 0, x2: 0, y2: 1 },
      el('stop', {
        offset: 0,
        'stop-color': hsl(spec.hue, 70, spec.scene === 'restaurant' ? 25 : 72),
      }),
      el('stop', {
        offset: 1,
        'stop-color': hsl((spec.hue + 40) % 360, 60, spec.scene === 'restaurant' ? 40 : 90),
      }),
    ),
  );
  const scene =
    spec.scene === 'retail'
      ? el('circle', { cx: random.int(100, 1100), cy: 90, r: 50, fill: '#fff6d5', opacity: 0.9 }) +
        storefronts(random, spec.hue)
      : spec.scene === 'restaurant'
        ? diningScene(random, spec.hue)
        : studioScene(random, spec.hue);
  return svgDocument(
    width,
    height,
    `${spec.name} cover`,
    defs + el('rect', { width, height, fill: `url(#${gradientId})` }) + scene,
  );
}

/** A team member's avatar: initials on a colour, with a soft head-and-shoulders shape behind. */
export function renderAvatar(spec: Spec<'avatar'>): SvgImage {
  const { width, height } = IMAGE_SIZES.avatar;
  return svgDocument(
    width,
    height,
    spec.name,
    el('rect', { width, height, fill: hsl(spec.hue, 55, 55) }) +
      el('circle', { cx: 128, cy: 104, r: 56, fill: '#ffffff', opacity: 0.18 }) +
      el('path', {
        d: 'M28 256c0-60 45-96 100-96s100 36 100 96z',
        fill: '#ffffff',
        opacity: 0.18,
      }) +
      text(initials(spec.name) || '?', {
        x: 128,
        y: 150,
        'text-anchor': 'middle',
        'font-family': FONT_STACK,
        'font-size': 92,
        'font-weight': 700,
        fill: '#ffffff',
      }),
  );
}

/** A service tile: its trade's glyph large on a gradient, with soft circles. */
export function renderServiceImage(spec: Spec<'service'>): SvgImage {
  const { width, height } = IMAGE_SIZES.service;
  const random = new Random(spec.seed);
  const defs = el(
    'defs',
    {},
    el(
      'linearGradient',
      { id: `bg-${spec.seed.toString(36)}`, x1: 0, y1: 0, x2: 1, y2: 1 },
      el('stop', { offset: 0, 'stop-color': hsl(spec.hue, 60, 62) }),
      el('stop', { offset: 1, 'stop-color': hsl((spec.hue + 50) % 360, 60, 42) }),
    ),
  );
  const circles = Array.from({ length: 6 }, () =>
    el('circle', {
      cx: random.int(0, 640),
      cy: random.int(0, 480),
      r: random.int(30, 120),
      fill: '#ffffff',
      opacity: 0.1,
    }),
  ).join('');
  return svgDocument(
    width,
    height,
    spec.name,
    defs +
      el('rect', { width, height, fill: `url(#bg-${spec.seed.toString(36)})` }) +
      circles +
      el('circle', { cx: 320, cy: 220, r: 120, fill: '#ffffff', opacity: 0.92 }) +
      glyph(spec.glyph, 250, 150, 140, hsl(spec.hue, 60, 35)) +
      text(fit(spec.name, 34), {
        x: 320,
        y: 420,
        'text-anchor': 'middle',
        'font-family': FONT_STACK,
        'font-size': 30,
        'font-weight': 700,
        fill: '#ffffff',
      }),
  );
}
