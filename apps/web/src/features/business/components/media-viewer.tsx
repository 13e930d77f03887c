import { IonIcon } from '@ionic/react';
import type { GalleryItem } from '@localmart/contract';
import { chevronBackOutline, chevronForwardOutline } from 'ionicons/icons';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { clampIndex, counterLabel } from '../model/media-index.ts';
import { MediaSlide } from './media-slide.tsx';

export const PREVIOUS_LABEL = 'Previous';
export const NEXT_LABEL = 'Next';

/** Puts slide `index` in view at once; smooth scrolling would report every slide it passes. */
function scrollToSlide(track: HTMLElement | null, index: number) {
  if (!track || typeof track.scrollTo !== 'function') return;
  track.scrollTo({ left: index * track.clientWidth, behavior: 'instant' });
}

/**
 * Full-screen slides side by side on a CSS scroll-snap track: a swipe scrolls one slide (the browser
 * does the physics), and the slide in view becomes the current index. Previous / Next buttons and the
 * arrow keys move one slide too.
 */
export function MediaViewer({
  items,
  index,
  onIndexChange,
}: {
  items: readonly GalleryItem[];
  index: number;
  onIndexChange: (index: number) => void;
}) {
  const track = useRef<HTMLDivElement>(null);
  const region = useRef<HTMLDivElement>(null);
  const current = clampIndex(index, items.length);
  const item = items[current];

  // Open at the slide the shopper tapped.
  useLayoutEffect(() => {
    scrollToSlide(track.current, current);
    // Only when the viewer mounts: later index changes come from the track or from go().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function go(next: number) {
    const target = clampIndex(next, items.length);
    if (target === current) return;
    scrollToSlide(track.current, target);
    onIndexChange(target);
  }

  function onScroll() {
    const element = track.current;
    if (!element || element.clientWidth === 0) return;
    const seen = clampIndex(element.scrollLeft / element.clientWidth, items.length);
    if (seen !== current) onIndexChange(seen);
  }

  // Arrow keys anywhere on the page, without tabbing into the viewer first. Ionic keeps pages it
  // has left in the DOM (hidden), so a hidden viewer ignores them; so do text fields.
  const goRef = useRef(go);
  goRef.current = go;
  const currentRef = useRef(current);
  currentRef.current = current;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
      const target = event.target;
      if (target instanceof HTMLElement && target.closest('input, textarea, select')) return;
      if (!region.current || region.current.closest('.ion-page-hidden')) return;
      event.preventDefault();
      goRef.current(currentRef.current + (event.key === 'ArrowRight' ? 1 : -1));
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div
      ref={region}
      className="lm-media-viewer"
      role="region"
      aria-roledescription="carousel"
      aria-label="Media viewer"
    >
      <div ref={track} className="lm-media-track" onScroll={onScroll} data-testid="media-track">
        {items.map((slide, slideIndex) => (
          <figure
            key={slide.id}
            className="lm-media-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={counterLabel(slideIndex, items.length)}
            aria-hidden={slideIndex !== current}
          >
            {Math.abs(slideIndex - current) <= 1 && (
              <MediaSlide item={slide} eager={slideIndex === current} />
            )}
          </figure>
        ))}
      </div>
      <button
        type="button"
        className="lm-media-nav lm-media-prev"
        aria-label={PREVIOUS_LABEL}
        disabled={current === 0}
        onClick={() => go(current - 1)}
      >
        <IonIcon icon={chevronBackOutline} aria-hidden="true" />
      </button>
      <button
        type="button"
        className="lm-media-nav lm-media-next"
        aria-label={NEXT_LABEL}
        disabled={current >= items.length - 1}
        onClick={() => go(current + 1)}
      >
        <IonIcon icon={chevronForwardOutline} aria-hidden="true" />
      </button>
      <div className="lm-media-footer">
        <output className="lm-media-counter" aria-live="polite" aria-label="Slide">
          {counterLabel(current, items.length)}
        </output>
        {item && <p className="lm-media-caption">{item.caption}</p>}
      </div>
    </div>
  );
}
