import type { HotspotBox } from '@localmart/contract';
import { FLYER_FOOTER_FRACTION, FLYER_HEADER_FRACTION } from './flyer-page-image.ts';

const MARGIN_X = 0.04;
const GAP_X = 0.025;
const GAP_Y = 0.015;
const TOP = FLYER_HEADER_FRACTION + 0.02;
const BOTTOM = 1 - FLYER_FOOTER_FRACTION - 0.01;

/** Rounded down to 4 decimals, so a rounded box never grows past the edge it was fitted to. */
const down = (value: number) => Math.floor(value * 10_000) / 10_000;

/**
 * Hotspot boxes for `count` deals on a page, as fractions of the page: two columns under the header;
 * an odd count gives the first deal a full-width "hero" row. The page image draws its tiles at these
 * same boxes, so a hotspot always sits on its picture.
 */
export function flyerPageLayout(count: number): HotspotBox[] {
  const hero = count % 2 === 1;
  const rows = hero ? (count - 1) / 2 + 1 : count / 2;
  const rowHeight = (BOTTOM - TOP - GAP_Y * (rows - 1)) / rows;
  const columnWidth = (1 - 2 * MARGIN_X - GAP_X) / 2;
  const boxes: HotspotBox[] = [];
  for (let row = 0; row < rows; row++) {
    const top = down(TOP + row * (rowHeight + GAP_Y));
    if (hero && row === 0) {
      boxes.push({ left: MARGIN_X, top, width: down(1 - 2 * MARGIN_X), height: down(rowHeight) });
      continue;
    }
    for (let column = 0; column < 2; column++) {
      boxes.push({
        left: down(MARGIN_X + column * (columnWidth + GAP_X)),
        top,
        width: down(columnWidth),
        height: down(rowHeight),
      });
    }
  }
  return boxes.slice(0, count);
}
