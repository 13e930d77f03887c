import { hotspotBoxSchema } from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import {
  boxFromDrag,
  type DraftItem,
  draftProblem,
  isUsableBox,
  itemsPayload,
  MIN_BOX_SIDE,
  moveBox,
  nudgeBox,
  pointerToFraction,
  promoCents,
  resizeBox,
} from './box-math.ts';

/** The page image as rendered: 400 x 500 px, 100 px from the left and 50 from the top. */
const rect = { left: 100, top: 50, width: 400, height: 500 };

describe('pointer coordinates to page fractions', () => {
  it('maps a pointer over the image to fractions of its rendered size', () => {
    expect(pointerToFraction(200, 175, rect)).toEqual({ x: 0.25, y: 0.25 });
    expect(pointerToFraction(500, 550, rect)).toEqual({ x: 1, y: 1 });
  });

  it('clamps a pointer that left the image to its edges', () => {
    expect(pointerToFraction(20, 900, rect)).toEqual({ x: 0, y: 1 });
    expect(pointerToFraction(999, -40, rect)).toEqual({ x: 1, y: 0 });
  });

  it('answers the corner for an image not laid out yet (zero size)', () => {
    expect(pointerToFraction(200, 200, { left: 0, top: 0, width: 0, height: 0 })).toEqual({
      x: 0,
      y: 0,
    });
  });
});

describe('drawing a box', () => {
  it('spans the drag whichever way it went', () => {
    const down = pointerToFraction(300, 300, rect);
    const up = pointerToFraction(140, 100, rect);
    expect(boxFromDrag(down, up)).toEqual({ left: 0.1, top: 0.1, width: 0.4, height: 0.4 });
    expect(boxFromDrag(up, down)).toEqual(boxFromDrag(down, up));
  });

  it('stays inside the page and passes the contract schema', () => {
    const box = boxFromDrag(pointerToFraction(450, 500, rect), pointerToFraction(2000, 2000, rect));
    expect(box).toEqual({ left: 0.875, top: 0.9, width: 0.125, height: 0.1 });
    expect(hotspotBoxSchema.safeParse(box).success).toBe(true);
  });

  it('drops a click (no drag) as too small', () => {
    const point = pointerToFraction(200, 200, rect);
    expect(isUsableBox(boxFromDrag(point, point))).toBe(false);
    expect(isUsableBox({ left: 0, top: 0, width: MIN_BOX_SIDE, height: MIN_BOX_SIDE })).toBe(true);
  });
});

describe('moving, resizing and nudging', () => {
  const box = { left: 0.5, top: 0.5, width: 0.3, height: 0.2 };

  it('moves a box and stops it at the page edges', () => {
    expect(moveBox(box, -0.1, 0.1)).toEqual({ left: 0.4, top: 0.6, width: 0.3, height: 0.2 });
    expect(moveBox(box, 0.9, -0.9)).toEqual({ left: 0.7, top: 0, width: 0.3, height: 0.2 });
  });

  it('resizes from a corner, keeping the opposite corner and a minimum size', () => {
    expect(resizeBox(box, 'se', { x: 0.9, y: 0.9 })).toEqual({
      left: 0.5,
      top: 0.5,
      width: 0.4,
      height: 0.4,
    });
    expect(resizeBox(box, 'nw', { x: 0.4, y: 0.3 })).toEqual({
      left: 0.4,
      top: 0.3,
      width: 0.4,
      height: 0.4,
    });
    // Dragging the corner past the fixed one stops at the minimum size.
    const squashed = resizeBox(box, 'nw', { x: 0.95, y: 0.95 });
    expect(squashed).toEqual({ left: 0.78, top: 0.68, width: MIN_BOX_SIDE, height: MIN_BOX_SIDE });
    // Past the page edge it stops at the edge.
    expect(resizeBox(box, 'ne', { x: 1.5, y: -1 })).toEqual({
      left: 0.5,
      top: 0,
      width: 0.5,
      height: 0.7,
    });
  });

  it('nudges with arrow keys, further with Shift, and ignores other keys', () => {
    expect(nudgeBox(box, 'ArrowRight')).toEqual({ ...box, left: 0.505 });
    expect(nudgeBox(box, 'ArrowUp', true)).toEqual({ ...box, top: 0.45 });
    expect(nudgeBox({ ...box, left: 0 }, 'ArrowLeft')).toEqual({ ...box, left: 0 });
    expect(nudgeBox(box, 'Enter')).toBeNull();
  });
});

describe('the save payload', () => {
  const flyer = { validFrom: '2026-11-19', validTo: '2026-11-25' };
  const draft = (overrides: Partial<DraftItem>): DraftItem => ({
    key: 'k',
    box: { left: 0.1, top: 0.1, width: 0.2, height: 0.2 },
    title: 'Apples',
    priceText: '$1.99/lb',
    saleStory: '',
    offer: null,
    promoPrice: '',
    priceMismatch: null,
    ...flyer,
    ...overrides,
  });

  it('sends boxes in order, trims texts, links offers and leaves out the flyer dates', () => {
    const payload = itemsPayload(
      [
        draft({ title: '  Apples ', saleStory: ' Save $1 ' }),
        draft({
          key: 'b',
          title: 'Milk',
          offer: {
            id: 'offer-1',
            title: 'Milk 2L',
            quantity: 4,
            price: { amount: 549, currency: 'CAD' },
            chargedPrice: { amount: 549, currency: 'CAD' },
          },
          validTo: '2026-11-21',
        }),
      ],
      flyer,
    );
    expect(payload).toEqual({
      items: [
        {
          box: { left: 0.1, top: 0.1, width: 0.2, height: 0.2 },
          title: 'Apples',
          priceText: '$1.99/lb',
          saleStory: 'Save $1',
          offerId: null,
          promoPrice: null,
        },
        {
          box: { left: 0.1, top: 0.1, width: 0.2, height: 0.2 },
          title: 'Milk',
          priceText: '$1.99/lb',
          saleStory: null,
          offerId: 'offer-1',
          promoPrice: null,
          validTo: '2026-11-21',
        },
      ],
    });
  });

  it('names the first hotspot that cannot be saved', () => {
    expect(draftProblem([draft({}), draft({ priceText: ' ' })])).toBe(
      'Hotspot 2 needs a title and a price text.',
    );
    expect(draftProblem([draft({ validFrom: '2026-11-22', validTo: '2026-11-20' })])).toBe(
      'Hotspot 1 ends before it starts.',
    );
    expect(draftProblem([draft({})])).toBeNull();
  });
});

describe('promo prices', () => {
  it('reads the promo as cents, sends it only with a linked product, and checks it', () => {
    expect(promoCents('7.99')).toBe(799);
    expect(promoCents('$7,99')).toBe(799);
    expect(promoCents(' 8 ')).toBe(800);
    expect(promoCents('')).toBeNull();
    expect(promoCents('seven')).toBeNaN();
    const base = {
      key: 'k',
      box: { left: 0.1, top: 0.1, width: 0.2, height: 0.2 },
      title: 'Coffee',
      priceText: '',
      saleStory: '',
      priceMismatch: null,
      validFrom: '2026-11-19',
      validTo: '2026-11-25',
    };
    const offer = {
      id: 'offer-1',
      title: 'Coffee 340 g',
      quantity: 4,
      price: { amount: 895, currency: 'CAD' },
      chargedPrice: { amount: 895, currency: 'CAD' },
    };
    const flyerDates = { validFrom: '2026-11-19', validTo: '2026-11-25' };
    expect(
      itemsPayload([{ ...base, offer, promoPrice: '7.99' }], flyerDates).items[0],
    ).toMatchObject({ offerId: 'offer-1', promoPrice: 799, priceText: '7.99' });
    // Without a product a promo is not sent (and the empty price text stops the save).
    expect(
      itemsPayload([{ ...base, offer: null, promoPrice: '7.99' }], flyerDates).items[0],
    ).toMatchObject({ promoPrice: null });
    expect(draftProblem([{ ...base, offer: null, promoPrice: '7.99' }])).toBe(
      'Hotspot 1 needs a title and a price text.',
    );
    expect(draftProblem([{ ...base, offer, promoPrice: 'abc', priceText: '$7' }])).toBe(
      'Hotspot 1: write the promo price like 7.99.',
    );
    expect(draftProblem([{ ...base, offer, promoPrice: '7.99' }])).toBeNull();
  });
});
