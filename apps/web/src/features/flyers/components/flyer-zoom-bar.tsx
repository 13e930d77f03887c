import { IonIcon } from '@ionic/react';
import { addOutline, removeOutline } from 'ionicons/icons';
import { MAX_ZOOM, MIN_ZOOM, zoomIn, zoomLabel, zoomOut } from '../model/zoom.ts';

export const ZOOM_IN_LABEL = 'Zoom in';
export const ZOOM_OUT_LABEL = 'Zoom out';

/** The viewer's zoom buttons and the current level, read out as it changes. */
export function FlyerZoomBar({ zoom, onZoom }: { zoom: number; onZoom: (zoom: number) => void }) {
  return (
    <div className="lm-flyer-zoom" role="group" aria-label="Zoom">
      <button
        type="button"
        className="lm-flyer-zoom-button"
        aria-label={ZOOM_OUT_LABEL}
        disabled={zoom <= MIN_ZOOM}
        onClick={() => onZoom(zoomOut(zoom))}
      >
        <IonIcon icon={removeOutline} aria-hidden="true" />
      </button>
      <output className="lm-flyer-zoom-level" aria-live="polite" aria-label="Zoom level">
        {zoomLabel(zoom)}
      </output>
      <button
        type="button"
        className="lm-flyer-zoom-button"
        aria-label={ZOOM_IN_LABEL}
        disabled={zoom >= MAX_ZOOM}
        onClick={() => onZoom(zoomIn(zoom))}
      >
        <IonIcon icon={addOutline} aria-hidden="true" />
      </button>
    </div>
  );
}
