import { IonIcon } from '@ionic/react';
import type { GalleryItem } from '@localmart/contract';
import { play } from 'ionicons/icons';
import { Link } from 'react-router-dom';
import { CatalogImage } from '../../../components/catalog/catalog-image.tsx';
import { mediaViewerPath } from '../model/paths.ts';

/** The picture a grid or the viewer shows first: the photo, or a video's poster. */
export function galleryStill(item: GalleryItem) {
  return item.type === 'image' ? item.image : item.poster;
}

/** Photos and videos as square tiles; each opens the full-screen viewer at its place. */
export function GalleryGrid({
  businessId,
  items,
}: {
  businessId: string;
  items: readonly GalleryItem[];
}) {
  return (
    <ul className="lm-gallery-grid" aria-label="Gallery">
      {items.map((item, index) => (
        <li key={item.id}>
          <Link
            className="lm-gallery-tile"
            to={mediaViewerPath(businessId, index)}
            aria-label={`${item.type === 'video' ? 'Video' : 'Photo'} ${index + 1} of ${items.length}: ${item.caption}`}
          >
            <CatalogImage image={galleryStill(item)} sizes="(min-width: 768px) 25vw, 33vw" />
            {item.type === 'video' && (
              <span className="lm-gallery-play" aria-hidden="true">
                <IonIcon icon={play} />
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
