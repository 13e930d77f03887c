import { useEffect, useRef, type RefObject } from 'react';
import { clampZoom } from './zoom.ts';

/** Wheel delta -> zoom factor; small so a trackpad pinch (ctrl+wheel in Chromium) feels smooth. */
const WHEEL_FACTOR = 0.01;

function touchDistance(touches: TouchList): number | null {
  const a = touches[0];
  const b = touches[1];
  if (!a || !b) return null;
  return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
}

/**
 * Pinch (two fingers) and ctrl+wheel (trackpad pinch, ctrl+mouse wheel) zoom on `target`. The
 * listeners are registered by hand as non-passive: React's wheel and touch handlers are passive, so
 * they could not stop the browser from zooming the whole page instead of the flyer.
 */
export function useGestureZoom(
  target: RefObject<HTMLElement | null>,
  zoom: number,
  setZoom: (zoom: number) => void,
): void {
  // Read through a ref so a zoom change mid-pinch does not re-register the listeners (and lose the
  // pinch's starting distance).
  const zoomRef = useRef(zoom);
  useEffect(() => {
    zoomRef.current = zoom;
  }, [zoom]);

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let pinchStart: { distance: number; zoom: number } | null = null;

    function onWheel(event: WheelEvent) {
      if (!event.ctrlKey) return;
      event.preventDefault();
      setZoom(clampZoom(zoomRef.current * (1 - event.deltaY * WHEEL_FACTOR)));
    }
    function onTouchStart(event: TouchEvent) {
      const distance = touchDistance(event.touches);
      pinchStart = distance ? { distance, zoom: zoomRef.current } : null;
    }
    function onTouchMove(event: TouchEvent) {
      const distance = touchDistance(event.touches);
      if (!pinchStart || !distance) return;
      event.preventDefault();
      setZoom(clampZoom(pinchStart.zoom * (distance / pinchStart.distance)));
    }
    function onTouchEnd(event: TouchEvent) {
      if (event.touches.length < 2) pinchStart = null;
    }

    element.addEventListener('wheel', onWheel, { passive: false });
    element.addEventListener('touchstart', onTouchStart, { passive: true });
    element.addEventListener('touchmove', onTouchMove, { passive: false });
    element.addEventListener('touchend', onTouchEnd);
    return () => {
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('touchstart', onTouchStart);
      element.removeEventListener('touchmove', onTouchMove);
      element.removeEventListener('touchend', onTouchEnd);
    };
  }, [target, setZoom]);
}
