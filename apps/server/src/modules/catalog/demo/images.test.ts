import { describe, expect, it } from 'vitest';
import { GLYPH_NAMES } from './glyphs.ts';
import { type DemoImageSpec, type DishStyle, IMAGE_SIZES, type PackShape } from './image-specs.ts';
import { demoImage, renderDemoImage } from './images.ts';

const HOSTILE = `<script>alert("x")</script> & 'quotes' onload="evil()" javascript:void(0)`;

const SHAPES: PackShape[] = [
  'carton',
  'jug',
  'bottle',
  'box',
  'bag',
  'can',
  'jar',
  'tube',
  'tub',
  'card',
  'device',
  'book',
  'pot',
  'bouquet',
  'sack',
];
const DISHES: DishStyle[] = [
  'cup',
  'pastry',
  'pizza',
  'pasta',
  'bowl',
  'curry',
  'sushi',
  'taco',
  'burger',
  'plate',
  'dessert',
  'drink',
  'salad',
  'sandwich',
];

/** One spec of every kind and variant, with hostile text wherever text is drawn. */
const SPECS: DemoImageSpec[] = [
  ...SHAPES.flatMap((shape, i): DemoImageSpec[] => [
    {
      kind: 'packshot',
      seed: i,
      shape,
      glyph: GLYPH_NAMES[i % GLYPH_NAMES.length] ?? 'star',
      hue: i * 24,
      brand: HOSTILE,
      label: `Organic 2% Milk ${HOSTILE}`,
      size: '2 L',
      back: false,
    },
    {
      kind: 'packshot',
      seed: i,
      shape,
      glyph: 'milk',
      hue: i * 24,
      brand: 'Maple Grove',
      label: 'Organic 2% Milk',
      size: '2 L',
      back: true,
    },
  ]),
  ...DISHES.map((style, i): DemoImageSpec => ({
    kind: 'dish',
    seed: i,
    name: HOSTILE,
    hue: i * 25,
    style,
  })),
  { kind: 'logo', seed: 1, name: HOSTILE, hue: 200 },
  { kind: 'logo', seed: 2, name: 'Leslieville Fresh Market', hue: 120 },
  ...(['retail', 'restaurant', 'service'] as const).map((scene, i): DemoImageSpec => ({
    kind: 'cover',
    seed: i,
    name: HOSTILE,
    hue: 30 * i,
    scene,
  })),
  { kind: 'avatar', seed: 3, name: 'Priya Patel', hue: 280 },
  { kind: 'service', seed: 4, name: HOSTILE, hue: 150, glyph: 'scissors' },
  ...(['storefront', 'interior', 'counter', 'detail', 'team'] as const).map(
    (scene, i): DemoImageSpec => ({ kind: 'gallery', seed: i, name: HOSTILE, hue: 40 * i, scene }),
  ),
  { kind: 'clip', seed: 5, name: HOSTILE, hue: 10, durationSeconds: 20 },
  {
    kind: 'flyer-page',
    seed: 6,
    hue: 120,
    storeName: HOSTILE,
    title: 'Weekly Flyer',
    dates: 'Thu Jun 12 – Wed Jun 18',
    pageNumber: 1,
    pageCount: 2,
    tiles: [
      {
        box: { left: 0.04, top: 0.17, width: 0.92, height: 0.2 },
        title: HOSTILE,
        priceText: '$3.99',
        saleStory: 'Save $1.50',
        glyph: 'milk',
        hue: 200,
      },
      {
        box: { left: 0.04, top: 0.4, width: 0.44, height: 0.2 },
        title: 'Bananas',
        priceText: '69¢/lb',
        saleStory: null,
        glyph: 'apple',
        hue: 50,
      },
    ],
  },
];

/** Elements and attributes an image may use: drawing only, nothing that loads, links or runs. */
const ALLOWED_ELEMENTS = new Set([
  'svg',
  'title',
  'g',
  'defs',
  'linearGradient',
  'stop',
  'rect',
  'circle',
  'ellipse',
  'path',
  'polygon',
  'text',
  'animate',
]);
const ALLOWED_ATTRIBUTES = new Set([
  'xmlns',
  'width',
  'height',
  'viewBox',
  'role',
  'aria-label',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'd',
  'points',
  'fill',
  'fill-rule',
  'stroke',
  'stroke-width',
  'opacity',
  'transform',
  'id',
  'offset',
  'stop-color',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'letter-spacing',
  'attributeName',
  'values',
  'dur',
  'begin',
  'repeatCount',
]);

interface Tag {
  closing: boolean;
  name: string;
  selfClosing: boolean;
  attributes: [string, string][];
}

/** Every tag with its attributes; attribute values are escaped, so `"` always ends one. */
function tagsOf(svg: string): Tag[] {
  return [...svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)((?:\s+[^\s=>]+="[^"]*")*)\s*(\/?)>/g)].map(
    ([, closing, name, attributes, selfClosing]) => ({
      closing: closing === '/',
      name: name ?? '',
      selfClosing: selfClosing === '/',
      attributes: [...(attributes ?? '').matchAll(/([^\s=]+)="([^"]*)"/g)].map(
        ([, key, value]): [string, string] => [key ?? '', value ?? ''],
      ),
    }),
  );
}

/** Tags open and close in order, and every '<' in the document starts a tag we parsed. */
function isWellFormed(svg: string): boolean {
  const tags = tagsOf(svg);
  if (tags.length !== (svg.match(/</g) ?? []).length) return false;
  const stack: string[] = [];
  for (const tag of tags) {
    if (tag.selfClosing) continue;
    if (!tag.closing) stack.push(tag.name);
    else if (stack.pop() !== tag.name) return false;
  }
  return stack.length === 0;
}

/** Only allowed elements and attributes; no value references anything but a local gradient. */
function unsafeParts(svg: string): string[] {
  const problems: string[] = [];
  for (const tag of tagsOf(svg)) {
    if (!ALLOWED_ELEMENTS.has(tag.name)) problems.push(`element ${tag.name}`);
    for (const [key, value] of tag.attributes) {
      if (!ALLOWED_ATTRIBUTES.has(key)) problems.push(`attribute ${key}`);
      if (key === 'aria-label' || (key === 'xmlns' && value === 'http://www.w3.org/2000/svg'))
        continue;
      if (/javascript:|https?:|\/\/|url\((?!#)/i.test(value))
        problems.push(`value ${key}=${value}`);
    }
  }
  return problems;
}

describe('demo SVG images', () => {
  it.each(
    SPECS.map(
      (spec) =>
        [
          `${spec.kind}${'shape' in spec ? `/${spec.shape}` : ''}${'style' in spec ? `/${spec.style}` : ''}`,
          spec,
        ] as const,
    ),
  )('%s renders a sized, safe, well-formed SVG', (_label, spec) => {
    const image = renderDemoImage(spec);
    const { width, height } = IMAGE_SIZES[spec.kind];
    expect(image).toMatchObject({ contentType: 'image/svg+xml', width, height });
    expect(
      image.body.startsWith(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`,
      ),
    ).toBe(true);
    expect(isWellFormed(image.body)).toBe(true);
    // Safe: drawing elements only; no scripts, handlers, links or external references.
    expect(unsafeParts(image.body)).toEqual([]);
    // Hostile text arrives escaped, as text.
    expect(image.body).not.toContain('<script');
    if (image.body.includes('alert')) expect(image.body).toContain('&#60;script&#62;');

    // Lightweight.
    expect(image.body.length).toBeLessThan(16_000);
  });

  it('renders the same bytes for the same spec, and different pictures for different seeds', () => {
    const spec = SPECS[0] as DemoImageSpec;
    expect(renderDemoImage(spec).body).toBe(renderDemoImage(spec).body);
    const logo = (seed: number) =>
      renderDemoImage({ kind: 'logo', seed, name: 'Petal & Stem', hue: 330 }).body;
    const bodies = new Set(Array.from({ length: 8 }, (_, seed) => logo(seed)));
    expect(bodies.size).toBeGreaterThan(1);
  });

  it('gives every image a deterministic id, its kind size and a seed from the id', () => {
    const a = demoImage('localmart', 'business:0:logo', 'Logo', {
      kind: 'logo',
      name: 'A',
      hue: 1,
    });
    const b = demoImage('localmart', 'business:0:logo', 'Logo', {
      kind: 'logo',
      name: 'A',
      hue: 1,
    });
    const c = demoImage('localmart', 'business:1:logo', 'Logo', {
      kind: 'logo',
      name: 'A',
      hue: 1,
    });
    expect(a).toEqual(b);
    expect(a.id).not.toBe(c.id);
    expect(a.spec.seed).not.toBe(c.spec.seed);
    expect(a).toMatchObject({ width: 256, height: 256 });
  });
});
