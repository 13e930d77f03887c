import type { ImageRef } from '@localmart/contract';
import { serverOrigin } from '../../lib/platform.ts';
import './catalog.css';

export interface CatalogImageProps {
  image: ImageRef;
  /** The `sizes` attribute; a full-width phone image by default. */
  sizes?: string;
  /** Above the fold (the first cards, a detail page's hero): load at once, with high priority. */
  eager?: boolean;
  className?: string;
}

/** Our own image paths are relative; the native shells load pages from capacitor://localhost. */
export function catalogImageUrl(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${serverOrigin()}${url}` : url;
}

/**
 * A catalogue image with its width and height set, so the browser reserves its box before it loads
 * (no layout shift, CLS budget of issue 4), lazy unless it is above the fold.
 */
export function CatalogImage({
  image,
  sizes = '100vw',
  eager = false,
  className,
}: CatalogImageProps) {
  return (
    <img
      className={['lm-catalog-image', className].filter(Boolean).join(' ')}
      src={catalogImageUrl(image.url)}
      alt={image.alt}
      width={image.width}
      height={image.height}
      sizes={sizes}
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? 'sync' : 'async'}
      fetchPriority={eager ? 'high' : 'auto'}
    />
  );
}
