import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { catalogImages } from '../../../db/schema/index.ts';
import type { DemoImageSpec } from '../demo/image-specs.ts';
import { renderDemoImage } from '../demo/images.ts';
import { SvgCache } from './svg-cache.ts';

/** ~32 MB of UTF-16: thousands of logos and packshots, or a few hundred flyer pages. */
export const SVG_CACHE_CHARS = 16 * 1024 * 1024;

export interface CatalogImageRenderer {
  /** The SVG document of image `id`, or undefined when no such image is stored. */
  render(id: string): Promise<string | undefined>;
  readonly cache: SvgCache;
}

/**
 * Demo images are stored as drawing instructions and rendered on request: storing 300,000 SVGs at
 * bench scale would dwarf the catalogue. Rendering is pure, so a rendered image is cached forever
 * (in memory, LRU) and the browser is told it never changes.
 */
export function catalogImageRenderer(
  db: Database,
  maxChars: number = SVG_CACHE_CHARS,
): CatalogImageRenderer {
  const cache = new SvgCache(maxChars);
  return {
    cache,
    async render(id) {
      const cached = cache.get(id);
      if (cached !== undefined) return cached;
      const [row] = await db
        .select({ spec: catalogImages.spec })
        .from(catalogImages)
        .where(eq(catalogImages.id, id));
      if (!row) return undefined;
      // Only the seed step writes this column, from DemoImage.spec (load-city.ts).
      const svg = renderDemoImage(row.spec as DemoImageSpec).body;
      cache.set(id, svg);
      return svg;
    },
  };
}
