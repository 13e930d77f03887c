import type { CityPlan } from './city-plan.ts';
import { demoUuid } from './ids.ts';
import type { GalleryScene } from './image-specs.ts';
import { demoImage } from './images.ts';
import { Random } from './random.ts';
import type { DemoGalleryItem } from './types.ts';

const SCENES: readonly GalleryScene[] = [
  'interior',
  'counter',
  'detail',
  'team',
  'interior',
  'detail',
];
const VIDEO_CAPTIONS = [
  'A morning at {name}',
  'Behind the scenes',
  'Meet the team',
  'How we do it',
];

/**
 * 4-10 photos and videos of a business. The storefront comes first; about a third of businesses
 * have a video, whose poster and playable clip are both generated.
 */
export function galleryOf(plan: CityPlan, businessIndex: number): DemoGalleryItem[] {
  const business = plan.businesses[businessIndex];
  const type = plan.types[businessIndex];
  if (!business || !type) return [];
  const { seed } = plan;
  const random = Random.for(seed, `gallery:${businessIndex}`);
  const count = random.int(4, 10);
  const videoPositions = new Set<number>();
  if (random.chance(0.35)) videoPositions.add(random.int(1, count - 1));
  if (random.chance(0.1)) videoPositions.add(random.int(1, count - 1));
  const hue = Math.round(random.between(type.hue[0], type.hue[1])) % 360;

  return Array.from({ length: count }, (_, position): DemoGalleryItem => {
    const key = `gallery:${businessIndex}:${position}`;
    const id = demoUuid(seed, key);
    const scene: GalleryScene = position === 0 ? 'storefront' : random.pick(SCENES);
    if (videoPositions.has(position)) {
      const caption = random.pick(VIDEO_CAPTIONS).replace('{name}', business.name);
      const durationSeconds = random.int(12, 60);
      return {
        id,
        businessId: business.id,
        position,
        caption,
        type: 'video',
        durationSeconds,
        poster: demoImage(seed, `${key}:poster`, caption, {
          kind: 'gallery',
          name: business.name,
          hue,
          scene,
        }),
        clip: demoImage(seed, `${key}:clip`, caption, {
          kind: 'clip',
          name: business.name,
          hue,
          durationSeconds,
        }),
      };
    }
    const caption =
      position === 0
        ? `${business.name} on ${business.address.line1.replace(/^\d+\s+/, '')}`
        : random.pick(type.galleryCaptions);
    return {
      id,
      businessId: business.id,
      position,
      caption,
      type: 'image',
      image: demoImage(seed, key, caption, { kind: 'gallery', name: business.name, hue, scene }),
    };
  });
}
