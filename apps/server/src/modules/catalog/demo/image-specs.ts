import type { BusinessKind } from '@localmart/contract';
import type { GlyphName } from './glyphs.ts';

/**
 * What a demo image shows, as data. Records carry a spec, not SVG text: an SVG is rendered on request
 * from its spec (renderDemoImage), so bench scale does not store 200,000 packshots, and the same spec
 * always renders the same bytes.
 */

export type PackShape =
  | 'carton'
  | 'jug'
  | 'bottle'
  | 'box'
  | 'bag'
  | 'can'
  | 'jar'
  | 'tube'
  | 'tub'
  | 'card'
  | 'device'
  | 'book'
  | 'pot'
  | 'bouquet'
  | 'sack';

export type DishStyle =
  | 'cup'
  | 'pastry'
  | 'pizza'
  | 'pasta'
  | 'bowl'
  | 'curry'
  | 'sushi'
  | 'taco'
  | 'burger'
  | 'plate'
  | 'dessert'
  | 'drink'
  | 'salad'
  | 'sandwich';

export type GalleryScene = 'storefront' | 'interior' | 'counter' | 'detail' | 'team';

/** A deal drawn on a flyer page, at the same box its hotspot uses (fractions of the page). */
export interface FlyerTile {
  box: { left: number; top: number; width: number; height: number };
  title: string;
  priceText: string;
  saleStory: string | null;
  glyph: GlyphName;
  hue: number;
}

/** `seed` varies decoration (positions, tints) between images of the same kind. */
export type DemoImageSpec =
  | {
      kind: 'packshot';
      seed: number;
      shape: PackShape;
      glyph: GlyphName;
      hue: number;
      brand: string;
      label: string;
      size: string;
      /** The back of the pack: a facts panel instead of the front label. */
      back: boolean;
    }
  | { kind: 'logo'; seed: number; name: string; hue: number }
  | { kind: 'cover'; seed: number; name: string; hue: number; scene: BusinessKind }
  | { kind: 'dish'; seed: number; name: string; hue: number; style: DishStyle }
  | { kind: 'avatar'; seed: number; name: string; hue: number }
  | { kind: 'service'; seed: number; name: string; hue: number; glyph: GlyphName }
  | { kind: 'gallery'; seed: number; name: string; hue: number; scene: GalleryScene }
  | {
      kind: 'flyer-page';
      seed: number;
      hue: number;
      storeName: string;
      title: string;
      dates: string;
      pageNumber: number;
      pageCount: number;
      tiles: FlyerTile[];
    }
  | { kind: 'clip'; seed: number; name: string; hue: number; durationSeconds: number };

export type DemoImageKind = DemoImageSpec['kind'];

/** Pixel size per kind: fixed, so records can state width and height without rendering. */
export const IMAGE_SIZES = {
  packshot: { width: 480, height: 480 },
  logo: { width: 256, height: 256 },
  cover: { width: 1200, height: 480 },
  dish: { width: 640, height: 480 },
  avatar: { width: 256, height: 256 },
  service: { width: 640, height: 480 },
  gallery: { width: 1200, height: 800 },
  'flyer-page': { width: 800, height: 1100 },
  clip: { width: 1280, height: 720 },
} as const satisfies Record<DemoImageKind, { width: number; height: number }>;

/** An image as records hold it: id (for its URL), size, alt text and what to draw. */
export interface DemoImage {
  id: string;
  width: number;
  height: number;
  alt: string;
  spec: DemoImageSpec;
}
