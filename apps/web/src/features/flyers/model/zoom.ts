/** Zoom levels of the flyer viewer: 100% (page fits the width) up to 300%, in steps of 50%. */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 3;
export const ZOOM_STEP = 0.5;

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return MIN_ZOOM;
  // Two decimals: pinch and wheel produce arbitrary factors, the label shows whole percents.
  return Math.round(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom)) * 100) / 100;
}

export function zoomIn(zoom: number): number {
  return clampZoom(zoom + ZOOM_STEP);
}

export function zoomOut(zoom: number): number {
  return clampZoom(zoom - ZOOM_STEP);
}

/** '150%' */
export function zoomLabel(zoom: number): string {
  return `${Math.round(zoom * 100)}%`;
}
