import type { Flyer, FlyerItem } from '@localmart/contract';
import { useRef, useState } from 'react';
import { useGestureZoom } from '../model/use-gesture-zoom.ts';
import { MIN_ZOOM } from '../model/zoom.ts';
import { FlyerPageView } from './flyer-page-view.tsx';
import { FlyerZoomBar } from './flyer-zoom-bar.tsx';

/**
 * The pages one under another inside a zoomable stage. Zoom widens the stage (width: 150%) rather
 * than applying a CSS scale: the scroll area then grows with the picture, so a zoomed page pans with
 * ordinary scrolling, and the percentage-placed hotspots stay on their deals at every level.
 */
export function FlyerViewer({
  flyer,
  onSelect,
}: {
  flyer: Flyer;
  onSelect: (item: FlyerItem) => void;
}) {
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const viewport = useRef<HTMLDivElement>(null);
  useGestureZoom(viewport, zoom, setZoom);
  const pages = [...flyer.pages].sort((a, b) => a.pageNumber - b.pageNumber);
  return (
    <div className="lm-flyer-viewer">
      <FlyerZoomBar zoom={zoom} onZoom={setZoom} />
      <div className="lm-flyer-viewport" ref={viewport} data-testid="flyer-viewport">
        <div className="lm-flyer-stage" style={{ width: `${zoom * 100}%` }}>
          {pages.map((page, index) => (
            <FlyerPageView
              key={page.id}
              page={page}
              pageCount={pages.length}
              eager={index === 0}
              onSelect={onSelect}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
