import { type DemoImageSpec, IMAGE_SIZES } from './image-specs.ts';
import { Random } from './random.ts';
import { el, FONT_STACK, fit, hsl, type SvgImage, svgDocument, text } from './svg.ts';

/** Gallery photo stand-ins and the looping clip that stands in for a video. */
type Spec<K extends DemoImageSpec['kind']> = Extract<DemoImageSpec, { kind: K }>;

function shelves(random: Random, hue: number): string {
  let out = el('rect', { width: 1200, height: 800, fill: hsl(hue, 15, 92) });
  for (let row = 0; row < 4; row++) {
    const y = 140 + row * 160;
    out += el('rect', { x: 60, y: y + 110, width: 1080, height: 14, fill: hsl(30, 30, 40) });
    let x = 70;
    while (x < 1120) {
      const w = random.int(40, 80);
      const h = random.int(60, 105);
      out += el('rect', {
        x,
        y: y + 110 - h,
        width: w,
        height: h,
        rx: 6,
        fill: hsl((hue + random.int(0, 300)) % 360, 55, random.int(45, 70)),
      });
      x += w + random.int(4, 12);
    }
  }
  return out;
}

function teamScene(random: Random, hue: number): string {
  let out = el('rect', { width: 1200, height: 800, fill: hsl(hue, 35, 85) });
  for (let i = 0; i < 4; i++) {
    const cx = 240 + i * 240 + random.int(-20, 20);
    const tone = hsl(random.int(15, 35), random.int(30, 50), random.int(35, 75));
    out +=
      el('path', {
        d: `M${cx - 110} 800c0-170 60-260 110-260s110 90 110 260z`,
        fill: hsl((hue + i * 60) % 360, 45, 45),
      }) + el('circle', { cx, cy: 440, r: 70, fill: tone });
  }
  return out;
}

function counterScene(random: Random, hue: number): string {
  return (
    el('rect', { width: 1200, height: 800, fill: hsl(hue, 25, 88) }) +
    el('rect', { y: 480, width: 1200, height: 320, fill: hsl(30, 35, 38) }) +
    el('rect', { y: 470, width: 1200, height: 24, fill: hsl(30, 30, 55) }) +
    el('rect', { x: 820, y: 360, width: 180, height: 120, rx: 10, fill: '#333333' }) +
    el('rect', { x: 835, y: 375, width: 150, height: 80, rx: 6, fill: '#9fd3e8' }) +
    Array.from({ length: 5 }, (_, i) =>
      el('circle', {
        cx: 150 + i * 130,
        cy: 430,
        r: random.int(28, 42),
        fill: hsl((hue + i * 50) % 360, 60, 55),
      }),
    ).join('')
  );
}

function detailScene(random: Random, hue: number): string {
  return (
    el('rect', { width: 1200, height: 800, fill: hsl(hue, 40, 80) }) +
    Array.from({ length: 12 }, () =>
      el('circle', {
        cx: random.int(100, 1100),
        cy: random.int(100, 700),
        r: random.int(40, 160),
        fill: hsl((hue + random.int(-40, 40) + 360) % 360, 60, random.int(40, 75)),
        opacity: random.between(0.5, 0.95),
      }),
    ).join('')
  );
}

function facadeScene(random: Random, hue: number, name: string): string {
  const awning = Array.from({ length: 10 }, (_, i) =>
    el('rect', {
      x: 150 + i * 90,
      y: 250,
      width: 90,
      height: 80,
      fill: i % 2 ? '#ffffff' : hsl(hue, 65, 45),
    }),
  ).join('');
  return (
    el('rect', { width: 1200, height: 800, fill: hsl(hue, 25, 70) }) +
    el('rect', { x: 120, y: 90, width: 960, height: 710, fill: hsl((hue + 30) % 360, 20, 88) }) +
    el('rect', { x: 170, y: 130, width: 860, height: 90, rx: 8, fill: hsl(hue, 50, 25) }) +
    text(fit(name, 36), {
      x: 600,
      y: 190,
      'text-anchor': 'middle',
      'font-family': FONT_STACK,
      'font-size': 46,
      'font-weight': 700,
      fill: '#ffffff',
    }) +
    awning +
    el('rect', { x: 180, y: 360, width: 470, height: 380, fill: '#bfe3f2' }) +
    el('rect', { x: 720, y: 360, width: 250, height: 440, fill: hsl(hue, 35, 30) }) +
    el('circle', { cx: 940, cy: 590, r: 9, fill: '#e8c66a' }) +
    el('rect', {
      x: 180,
      y: 700,
      width: 470,
      height: 40,
      fill: hsl(110, 35, 35),
      opacity: random.between(0.6, 0.9),
    })
  );
}

/** A gallery photo stand-in: storefront, aisles, counter, team or a close-up of colour. */
export function renderGalleryImage(spec: Spec<'gallery'>): SvgImage {
  const { width, height } = IMAGE_SIZES.gallery;
  const random = new Random(spec.seed);
  const scene = {
    storefront: () => facadeScene(random, spec.hue, spec.name),
    interior: () => shelves(random, spec.hue),
    counter: () => counterScene(random, spec.hue),
    team: () => teamScene(random, spec.hue),
    detail: () => detailScene(random, spec.hue),
  }[spec.scene]();
  return svgDocument(width, height, `${spec.name}: ${spec.scene}`, scene);
}

/**
 * The playable stand-in for a gallery video: a looping animated SVG (SMIL, no script) of drifting
 * shapes, `durationSeconds` long. No video files are generated or downloaded.
 */
export function renderClip(spec: Spec<'clip'>): SvgImage {
  const { width, height } = IMAGE_SIZES.clip;
  const random = new Random(spec.seed);
  const dur = `${spec.durationSeconds}s`;
  const shapes = Array.from({ length: 10 }, () => {
    const y = random.int(80, 640);
    const r = random.int(30, 110);
    return el(
      'circle',
      {
        cx: -120,
        cy: y,
        r,
        fill: hsl((spec.hue + random.int(-40, 80) + 360) % 360, 60, random.int(50, 80)),
        opacity: 0.7,
      },
      el('animate', {
        attributeName: 'cx',
        values: `-120;${width + 120}`,
        dur,
        begin: `-${random.int(0, spec.durationSeconds)}s`,
        repeatCount: 'indefinite',
      }),
    );
  }).join('');
  return svgDocument(
    width,
    height,
    `${spec.name} (video)`,
    el('rect', { width, height, fill: hsl(spec.hue, 45, 22) }) +
      shapes +
      text(fit(spec.name, 40), {
        x: 640,
        y: 380,
        'text-anchor': 'middle',
        'font-family': FONT_STACK,
        'font-size': 54,
        'font-weight': 700,
        fill: '#ffffff',
      }),
  );
}
