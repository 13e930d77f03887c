import type { FlyerItemEdit, FlyerLinkedOffer, HotspotBox } from '@localmart/contract';

/**
 * The geometry of the hotspot editor, kept pure so it is tested without a browser: pointer
 * positions become fractions (0..1) of the rendered page image, which is what the contract's
 * HotspotBox stores, and every box is clamped inside the page with a minimum size.
 */

/** Smallest side of a box (fraction of the page): a stray click never makes a 0-size hotspot. */
export const MIN_BOX_SIDE = 0.02;
/** Arrow keys move the selected box this much; with Shift, the big step. */
export const NUDGE_STEP = 0.005;
export const NUDGE_BIG_STEP = 0.05;

export interface Point {
  x: number;
  y: number;
}

/** The rendered image's box on screen (what getBoundingClientRect answers). */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
/** Rounds away float noise so saved boxes read 0.25, not 0.25000000000000006. */
const tidy = (value: number) => Math.round(value * 1e6) / 1e6;

function tidyBox(box: HotspotBox): HotspotBox {
  return {
    left: tidy(box.left),
    top: tidy(box.top),
    width: tidy(box.width),
    height: tidy(box.height),
  };
}

/** A pointer position in page fractions, clamped to the image (a drag may leave it). */
export function pointerToFraction(clientX: number, clientY: number, rect: Rect): Point {
  if (rect.width <= 0 || rect.height <= 0) return { x: 0, y: 0 };
  return {
    x: clamp((clientX - rect.left) / rect.width, 0, 1),
    y: clamp((clientY - rect.top) / rect.height, 0, 1),
  };
}

/** The box spanned by a drag from `start` to `end`, whichever way it was dragged. */
export function boxFromDrag(start: Point, end: Point): HotspotBox {
  const left = clamp(Math.min(start.x, end.x), 0, 1);
  const top = clamp(Math.min(start.y, end.y), 0, 1);
  const right = clamp(Math.max(start.x, end.x), 0, 1);
  const bottom = clamp(Math.max(start.y, end.y), 0, 1);
  return tidyBox({ left, top, width: right - left, height: bottom - top });
}

/** True when a drawn box is big enough to keep. */
export function isUsableBox(box: HotspotBox): boolean {
  return box.width >= MIN_BOX_SIDE && box.height >= MIN_BOX_SIDE;
}

/** `box` moved by (dx, dy) page fractions, stopping at the page edges. */
export function moveBox(box: HotspotBox, dx: number, dy: number): HotspotBox {
  return tidyBox({
    ...box,
    left: clamp(box.left + dx, 0, 1 - box.width),
    top: clamp(box.top + dy, 0, 1 - box.height),
  });
}

/** A resize handle: which corner is dragged. */
export type Handle = 'nw' | 'ne' | 'sw' | 'se';
export const HANDLES: readonly Handle[] = ['nw', 'ne', 'sw', 'se'];

/**
 * `box` with its `handle` corner dragged to `point`: the opposite corner stays put, and the box
 * keeps at least MIN_BOX_SIDE on each side (the dragged corner cannot cross the fixed one).
 */
export function resizeBox(box: HotspotBox, handle: Handle, point: Point): HotspotBox {
  let left = box.left;
  let top = box.top;
  let right = box.left + box.width;
  let bottom = box.top + box.height;
  const x = clamp(point.x, 0, 1);
  const y = clamp(point.y, 0, 1);
  if (handle === 'nw' || handle === 'sw') left = Math.min(x, right - MIN_BOX_SIDE);
  else right = Math.max(x, left + MIN_BOX_SIDE);
  if (handle === 'nw' || handle === 'ne') top = Math.min(y, bottom - MIN_BOX_SIDE);
  else bottom = Math.max(y, top + MIN_BOX_SIDE);
  left = clamp(left, 0, 1 - MIN_BOX_SIDE);
  top = clamp(top, 0, 1 - MIN_BOX_SIDE);
  right = clamp(right, left + MIN_BOX_SIDE, 1);
  bottom = clamp(bottom, top + MIN_BOX_SIDE, 1);
  return tidyBox({ left, top, width: right - left, height: bottom - top });
}

const NUDGES: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** The box an arrow key moves it to, or null for any other key. */
export function nudgeBox(box: HotspotBox, key: string, big = false): HotspotBox | null {
  const direction = NUDGES[key];
  if (!direction) return null;
  const step = big ? NUDGE_BIG_STEP : NUDGE_STEP;
  return moveBox(box, direction.x * step, direction.y * step);
}

/** A box placed in the middle of the page, for adding a hotspot without a pointer. */
export const CENTRED_BOX: HotspotBox = { left: 0.35, top: 0.4, width: 0.3, height: 0.2 };

/** A hotspot as the editor holds it until Save page. */
export interface DraftItem {
  /** Stable key for React; the saved id, or a local one for a new box. */
  key: string;
  box: HotspotBox;
  title: string;
  priceText: string;
  saleStory: string;
  offer: FlyerLinkedOffer | null;
  /** The promo price as typed ("7.99"); empty for none. It becomes the offer's sale for the deal. */
  promoPrice: string;
  /** The server's flag on the saved hotspot (the words and checkout disagree), until it changes. */
  priceMismatch: string | null;
  validFrom: string;
  validTo: string;
}

/** "7.99", "$7.99" or "7,99" as cents; null when empty, NaN when it is not an amount. */
export function promoCents(text: string): number | null {
  const cleaned = text.replace(/[$\s]/g, '').replace(',', '.');
  if (cleaned === '') return null;
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * The PUT body of a page: every box in order. Dates equal to the flyer's are left out so the server
 * applies the flyer's own; an empty sale story is sent as null.
 */
export function itemsPayload(
  items: readonly DraftItem[],
  flyer: { validFrom: string; validTo: string },
): { items: FlyerItemEdit[] } {
  return {
    items: items.map((item) => {
      const promo = item.offer ? promoCents(item.promoPrice) : null;
      const edit: FlyerItemEdit = {
        box: item.box,
        title: item.title.trim(),
        // With a promo the price text may be left empty: it shows the promo.
        priceText:
          item.priceText.trim() || (promo !== null && !Number.isNaN(promo) ? item.promoPrice : ''),
        saleStory: item.saleStory.trim() || null,
        offerId: item.offer?.id ?? null,
        promoPrice: promo !== null && !Number.isNaN(promo) ? promo : null,
      };
      if (item.validFrom && item.validFrom !== flyer.validFrom) edit.validFrom = item.validFrom;
      if (item.validTo && item.validTo !== flyer.validTo) edit.validTo = item.validTo;
      return edit;
    }),
  };
}

/** The first thing that stops the page from saving, for the editor to show; null when fine. */
export function draftProblem(items: readonly DraftItem[]): string | null {
  const index = items.findIndex(
    (item) =>
      !item.title.trim() || (!item.priceText.trim() && !(item.offer && item.promoPrice.trim())),
  );
  if (index >= 0) return `Hotspot ${index + 1} needs a title and a price text.`;
  const badPromo = items.findIndex(
    (item) => item.offer && Number.isNaN(promoCents(item.promoPrice) ?? 0),
  );
  if (badPromo >= 0) return `Hotspot ${badPromo + 1}: write the promo price like 7.99.`;
  const backwards = items.findIndex((item) => item.validTo < item.validFrom);
  if (backwards >= 0) return `Hotspot ${backwards + 1} ends before it starts.`;
  return null;
}
