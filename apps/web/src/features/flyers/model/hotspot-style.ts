import type { HotspotBox } from '@localmart/contract';

/** A fraction (0..1) as a CSS percentage, rounded so 0.1 + 0.2 does not print 30.000000000000004%. */
function percent(fraction: number): string {
  return `${Math.round(fraction * 1e6) / 1e4}%`;
}

/**
 * The absolute position of a hotspot over its page image. The box is in fractions of the page, so
 * percentages of the page's positioned wrapper keep it on the picture at every zoom level and width.
 */
export function hotspotStyle(box: HotspotBox): {
  left: string;
  top: string;
  width: string;
  height: string;
} {
  return {
    left: percent(box.left),
    top: percent(box.top),
    width: percent(box.width),
    height: percent(box.height),
  };
}
