import { IonIcon } from '@ionic/react';
import type { GalleryItem } from '@localmart/contract';
import { play } from 'ionicons/icons';
import { useState } from 'react';
import { catalogImageUrl, CatalogImage } from '../../../components/catalog/catalog-image.tsx';

/**
 * One slide: a photo, or a video shown by its poster until the shopper plays it. Real video files
 * play in <video>; the demo clips are animated SVGs, which browsers play only as images.
 */
export function MediaSlide({ item, eager }: { item: GalleryItem; eager: boolean }) {
  const [playing, setPlaying] = useState(false);
  if (item.type === 'image') {
    return <CatalogImage image={item.image} eager={eager} className="lm-media-picture" />;
  }
  if (!playing) {
    return (
      <button
        type="button"
        className="lm-media-poster"
        aria-label={`Play video: ${item.caption}`}
        onClick={() => setPlaying(true)}
      >
        <CatalogImage image={item.poster} eager={eager} className="lm-media-picture" />
        <span className="lm-gallery-play lm-gallery-play-large" aria-hidden="true">
          <IonIcon icon={play} />
        </span>
      </button>
    );
  }
  const src = catalogImageUrl(item.video.url);
  if (item.video.mimeType.startsWith('video/')) {
    return (
      // Store clips come without a caption track; the caption under the slide describes them.
      // eslint-disable-next-line jsx-a11y/media-has-caption
      <video
        className="lm-media-picture"
        src={src}
        poster={catalogImageUrl(item.poster.url)}
        width={item.video.width}
        height={item.video.height}
        controls
        autoPlay
        playsInline
        aria-label={item.caption}
      />
    );
  }
  return (
    <img
      className="lm-media-picture lm-catalog-image"
      src={src}
      alt={item.caption}
      width={item.video.width}
      height={item.video.height}
    />
  );
}
