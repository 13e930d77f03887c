import { renderAvatar, renderCover, renderLogo, renderServiceImage } from './business-images.ts';
import { renderClip, renderGalleryImage } from './gallery-images.ts';
import { renderDish } from './dish-image.ts';
import { renderFlyerPage } from './flyer-page-image.ts';
import { demoUuid } from './ids.ts';
import { type DemoImage, type DemoImageSpec, IMAGE_SIZES } from './image-specs.ts';
import { renderPackshot } from './packshot-image.ts';
import { hashText } from './random.ts';
import type { SvgImage } from './svg.ts';

export type { SvgImage } from './svg.ts';

/**
 * Demo images, generated locally as SVG (no downloads): packshots, logos, covers, dishes, avatars,
 * service tiles, gallery photos, flyer pages and a looping video stand-in. Each is a pure function of
 * its spec, so the server can render on request and cache by id forever.
 */
export function renderDemoImage(spec: DemoImageSpec): SvgImage {
  switch (spec.kind) {
    case 'packshot':
      return renderPackshot(spec);
    case 'logo':
      return renderLogo(spec);
    case 'cover':
      return renderCover(spec);
    case 'dish':
      return renderDish(spec);
    case 'avatar':
      return renderAvatar(spec);
    case 'service':
      return renderServiceImage(spec);
    case 'gallery':
      return renderGalleryImage(spec);
    case 'flyer-page':
      return renderFlyerPage(spec);
    case 'clip':
      return renderClip(spec);
  }
}

/** Spec without its seed: the seed comes from the image id, so two images never look alike by accident. */
type SpecInput = DemoImageSpec extends infer S
  ? S extends DemoImageSpec
    ? Omit<S, 'seed'>
    : never
  : never;

/** A DemoImage with a deterministic id (from the city seed and `key`) and its kind's size. */
export function demoImage(citySeed: string, key: string, alt: string, spec: SpecInput): DemoImage {
  const id = demoUuid(citySeed, `image:${key}`);
  const { width, height } = IMAGE_SIZES[spec.kind];
  return { id, width, height, alt, spec: { ...spec, seed: hashText(id) } as DemoImageSpec };
}
