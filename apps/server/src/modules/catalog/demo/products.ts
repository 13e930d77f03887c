import type { ProductAttribute } from '@localmart/contract';
import { type CategoryIndex, categoryOf } from './categories.ts';
import { demoGtin13 } from './gtin.ts';
import { demoUuid, slugify } from './ids.ts';
import type { DemoImage } from './image-specs.ts';
import { demoImage } from './images.ts';
import { FIRST_NAMES, SURNAMES } from './names.ts';
import { charmPrice } from './pricing.ts';
import { BOOK_WORDS, PRODUCT_LINES, type ProductLine } from './product-lines.ts';
import { hashText, Random } from './random.ts';
import type { DemoProduct } from './types.ts';

/**
 * The product catalogue as a pure function of (seed, index): leaf categories own consecutive index
 * ranges sized by weight, and product i is built from its own random stream. Nothing is stored, so
 * 200,000 products stream in constant memory, and an offer can look up its product's price by index.
 */

export interface LeafRange {
  slug: string;
  categoryId: string;
  line: ProductLine;
  start: number;
  count: number;
}

export interface ProductLayout {
  total: number;
  leaves: readonly LeafRange[];
  bySlug: ReadonlyMap<string, LeafRange>;
  leafOf(index: number): LeafRange;
}

export function layoutProducts(categories: CategoryIndex, total: number): ProductLayout {
  const slugs = Object.keys(PRODUCT_LINES);
  const weightSum = slugs.reduce((sum, slug) => sum + (PRODUCT_LINES[slug]?.weight ?? 0), 0);
  // Largest remainder: counts add up to exactly `total`.
  const exact = slugs.map((slug) => (total * (PRODUCT_LINES[slug]?.weight ?? 0)) / weightSum);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((sum, n) => sum + n, 0);
  const order = exact
    .map((value, i) => ({ i, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction || a.i - b.i);
  for (const { i } of order) {
    if (left-- <= 0) break;
    counts[i] = (counts[i] ?? 0) + 1;
  }
  let start = 0;
  const leaves = slugs.map((slug, i): LeafRange => {
    const line = PRODUCT_LINES[slug] as ProductLine;
    const count = counts[i] ?? 0;
    const range = { slug, categoryId: categoryOf(categories, slug).id, line, start, count };
    start += count;
    return range;
  });
  const bySlug = new Map(leaves.map((leaf) => [leaf.slug, leaf]));
  return {
    total,
    leaves,
    bySlug,
    leafOf(index) {
      let low = 0;
      let high = leaves.length - 1;
      while (low < high) {
        const mid = (low + high + 1) >> 1;
        if ((leaves[mid]?.start ?? 0) <= index) low = mid;
        else high = mid - 1;
      }
      const leaf = leaves[low];
      if (!leaf || index < 0 || index >= total) throw new RangeError(`no product ${index}`);
      return leaf;
    },
  };
}

/** The parts of a product an offer needs, drawn first so offers can skip the rest. */
export interface ProductCore {
  index: number;
  id: string;
  leaf: LeafRange;
  brand: string;
  /** Front-of-pack name without brand or size: 'Organic 2% Milk'. */
  name: string;
  size: string;
  title: string;
  qualifier: string;
  referencePrice: number;
  random: Random;
}

function bookTitle(random: Random, leaf: string): string {
  const patterns =
    leaf === 'cookbooks'
      ? BOOK_WORDS.cookbookPatterns
      : leaf === 'childrens-books'
        ? BOOK_WORDS.childrenPatterns
        : BOOK_WORDS.patterns;
  return random
    .pick(patterns)
    .replace('{adj}', random.pick(BOOK_WORDS.adjectives))
    .replace('{noun2}', random.pick(BOOK_WORDS.nouns))
    .replace('{noun}', random.pick(BOOK_WORDS.nouns))
    .replace('{animal}', random.pick(BOOK_WORDS.animals));
}

export function productCore(seed: string, layout: ProductLayout, index: number): ProductCore {
  const leaf = layout.leafOf(index);
  const random = Random.for(seed, `product:${index}`);
  const { line } = leaf;
  const brand = random.pick(line.brands);
  const [item, basePrice, itemSizes] = random.pick(line.items);
  const [qualifier, qualifierFactor] = random.pick(line.qualifiers);
  const [size, sizeFactor] = random.pick(itemSizes ?? line.sizes);
  const name = line.books
    ? bookTitle(random, leaf.slug)
    : [qualifier, item].filter(Boolean).join(' ');
  const referencePrice = charmPrice(
    basePrice * qualifierFactor * sizeFactor * random.between(0.9, 1.12),
  );
  return {
    index,
    id: demoUuid(seed, `product:${index}`),
    leaf,
    brand,
    name,
    size,
    title: line.books || size === 'Each' ? name : `${name} ${size}`,
    qualifier,
    referencePrice,
    random,
  };
}

function attributesOf(core: ProductCore): ProductAttribute[] {
  const { line } = core.leaf;
  const random = core.random;
  const attributes: ProductAttribute[] = [];
  if (line.books) {
    attributes.push({
      name: 'Author',
      value: `${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES)}`,
    });
    attributes.push({ name: 'Format', value: core.size });
    attributes.push({ name: 'Pages', value: String(random.int(96, 520)) });
  } else {
    attributes.push({ name: line.sizeAttribute ?? 'Size', value: core.size });
    const fat = /(\d+(?:\.\d+)?)%/.exec(core.name)?.[1];
    if (core.leaf.slug === 'milk') {
      attributes.push({
        name: 'Milk fat',
        value: fat ? `${fat}%` : /Skim/.test(core.name) ? '0%' : '3.25%',
      });
    }
    if (core.qualifier) attributes.push({ name: 'Claims', value: core.qualifier });
  }
  for (const [name, values] of line.facts) attributes.push({ name, value: random.pick(values) });
  return attributes;
}

function imagesOf(seed: string, core: ProductCore): DemoImage[] {
  const { line } = core.leaf;
  const random = core.random;
  const hue = Math.round(random.between(line.hue[0], line.hue[1])) % 360;
  const common = {
    kind: 'packshot',
    shape: line.shape,
    glyph: line.glyph,
    hue,
    brand: core.brand,
    label: core.name,
    size: core.size,
  } as const;
  const alt = `${core.brand} ${core.title}`;
  const images = [demoImage(seed, `product:${core.index}:0`, alt, { ...common, back: false })];
  if (random.chance(0.35)) {
    images.push(
      demoImage(seed, `product:${core.index}:1`, `${alt}, back of pack`, { ...common, back: true }),
    );
  }
  return images;
}

/** Product `index` of the catalogue (0 <= index < layout.total). */
export function productAt(seed: string, layout: ProductLayout, index: number): DemoProduct {
  const core = productCore(seed, layout, index);
  const attributes = attributesOf(core);
  const images = imagesOf(seed, core);
  const gtin = demoGtin13(
    index,
    hashText(seed) % 1_000_000_000,
    core.leaf.line.books ? 'book' : 'item',
  );
  return {
    id: core.id,
    slug: `${slugify(`${core.brand} ${core.title}`)}-${index.toString(36)}`,
    title: core.title,
    brand: core.brand,
    gtin,
    description: `${core.brand} ${core.title}. ${core.leaf.line.blurb}`,
    categoryId: core.leaf.categoryId,
    images,
    attributes,
  };
}
