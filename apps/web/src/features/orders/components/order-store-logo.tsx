import type { ImageRef } from '@localmart/contract';
import { catalogImageUrl } from '../../../components/catalog/catalog-image.tsx';

/** The store's logo beside its name (decorative: the name is the text next to it). */
export function OrderStoreLogo({ logo, lazy = false }: { logo: ImageRef; lazy?: boolean }) {
  return (
    <img
      className="lm-order-logo"
      src={catalogImageUrl(logo.url)}
      alt=""
      width={40}
      height={40}
      loading={lazy ? 'lazy' : undefined}
    />
  );
}
