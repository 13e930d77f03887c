import type { ImageRef } from '@localmart/contract';
import { useRef, useState } from 'react';
import { CatalogImage } from '../../../components/catalog/catalog-image.tsx';

export interface ProductGalleryProps {
  images: readonly ImageRef[];
  title: string;
}

/**
 * The product's photos as a swipeable strip: CSS scroll-snap does the swiping (touch, trackpad,
 * keyboard arrows once focused) with no gesture code; the dots below say where you are and jump.
 */
export function ProductGallery({ images, title }: ProductGalleryProps) {
  const strip = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);

  if (images.length === 0) {
    return <div className="lm-pd-gallery lm-pd-gallery-empty" aria-hidden="true" />;
  }

  function onScroll() {
    const element = strip.current;
    if (!element || element.clientWidth === 0) return;
    setActive(Math.round(element.scrollLeft / element.clientWidth));
  }

  function show(index: number) {
    const element = strip.current;
    setActive(index);
    // Optional call: not every engine (jsdom) implements Element.scrollTo.
    element?.scrollTo?.({ left: index * element.clientWidth, behavior: 'smooth' });
  }

  return (
    <section
      className="lm-pd-gallery"
      aria-roledescription="carousel"
      aria-label={`Photos of ${title}`}
    >
      <ul
        ref={strip}
        className="lm-pd-gallery-strip"
        onScroll={onScroll}
        // Focusable so keyboard users can scroll it with the arrow keys.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        {images.map((image, index) => (
          <li
            key={`${image.url}-${index}`}
            className="lm-pd-gallery-slide"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${images.length}`}
          >
            <CatalogImage
              image={image}
              eager={index === 0}
              sizes="(min-width: 900px) 420px, 100vw"
              className="lm-pd-gallery-image"
            />
          </li>
        ))}
      </ul>
      {images.length > 1 && (
        <div className="lm-pd-gallery-dots">
          {images.map((image, index) => (
            <button
              key={`${image.url}-${index}`}
              type="button"
              className="lm-pd-gallery-dot"
              aria-label={`Show photo ${index + 1}`}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => show(index)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
