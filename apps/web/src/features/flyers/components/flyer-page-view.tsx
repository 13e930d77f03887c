import type { FlyerItem, FlyerPage } from '@localmart/contract';
import { CatalogImage } from '../../../components/catalog/catalog-image.tsx';
import { hotspotStyle } from '../model/hotspot-style.ts';

export interface FlyerPageViewProps {
  page: FlyerPage;
  pageCount: number;
  /** The first page loads at once: it is what the shopper came to see (LCP). */
  eager: boolean;
  onSelect: (item: FlyerItem) => void;
}

/**
 * One flyer page: the printed page image with a button over every deal on it. Each button is named
 * by the deal's title, so a screen reader (and a role-based test) can list the page's deals.
 */
export function FlyerPageView({ page, pageCount, eager, onSelect }: FlyerPageViewProps) {
  return (
    <figure className="lm-flyer-page" aria-label={`Page ${page.pageNumber} of ${pageCount}`}>
      <div className="lm-flyer-page-canvas">
        <CatalogImage image={page.image} eager={eager} sizes="100vw" />
        {page.items.map((item) => (
          <button
            key={item.id}
            type="button"
            className={item.offer ? 'lm-hotspot lm-hotspot-linked' : 'lm-hotspot'}
            style={hotspotStyle(item.box)}
            aria-label={item.title}
            onClick={() => onSelect(item)}
          />
        ))}
      </div>
    </figure>
  );
}
