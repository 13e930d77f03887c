import { describe, expect, it } from 'vitest';
import { stockStatus } from '../stock.ts';
import { businessSummarySchema, galleryItemSchema } from './business.ts';
import { categoryNodeSchema } from './category.ts';
import { catalogPageResponse, okPage } from './common.ts';
import { hotspotBoxSchema } from './flyer.ts';
import { menuItemOptionGroupSchema } from './food.ts';
import { offerSchema } from './product.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const image = { url: '/img/1', width: 256, height: 256, alt: 'Logo' };
const cad = (amount: number) => ({ amount, currency: 'CAD' });
const openState = {
  open: true,
  status: 'Open now',
  detail: 'closes 21:00',
  text: 'Open now · closes 21:00',
  changesAt: '2025-06-14T01:00:00.000Z',
} as const;
const businessRef = {
  id: uuid(1),
  slug: 'leslieville-market',
  name: 'Leslieville Market',
  kind: 'retail',
  logo: image,
  addressLine: '1020 Queen St E, Toronto',
  lat: 43.66,
  lng: -79.33,
  openState,
} as const;

describe('catalogue entity schemas', () => {
  it('accepts a store card', () => {
    const card = {
      ...businessRef,
      cover: { ...image, width: 1200, height: 480 },
      distanceKm: 1.2,
      categories: [{ id: uuid(2), slug: 'grocery', name: 'Grocery' }],
      pickupPromise: 'Usually ready in 2 h',
      fulfilment: { reservePickup: true, buyOnlinePickup: true, sameDayDelivery: false },
    };
    expect(businessSummarySchema.parse(card)).toEqual(card);
  });

  it('accepts an offer whose stock comes from stockStatus', () => {
    const offer = {
      id: uuid(3),
      productId: uuid(4),
      business: businessRef,
      price: cad(549),
      sale: null,
      currentPrice: cad(549),
      onSale: false,
      quantity: 2,
      stock: stockStatus(2),
      updatedAt: '2025-06-13T18:05:00.000Z',
      distanceKm: null,
      pickupPromise: null,
      fulfilment: { reservePickup: true, buyOnlinePickup: false, sameDayDelivery: false },
    };
    expect(offerSchema.parse(offer).stock.label).toBe('In stock - only 2 left');
    expect(offerSchema.safeParse({ ...offer, price: cad(5.49) }).success).toBe(false);
  });

  it('keeps hotspots inside the page', () => {
    expect(
      hotspotBoxSchema.safeParse({ left: 0.1, top: 0.2, width: 0.9, height: 0.8 }).success,
    ).toBe(true);
    const outside = hotspotBoxSchema.safeParse({ left: 0.5, top: 0.2, width: 0.6, height: 0.1 });
    expect(outside.error?.issues.map((issue) => issue.message)).toEqual([
      'left + width must stay inside the page',
    ]);
    expect(hotspotBoxSchema.safeParse({ left: 0, top: 0, width: 0, height: 0.1 }).success).toBe(
      false,
    );
  });

  it('checks option group bounds', () => {
    const group = {
      id: uuid(5),
      name: 'Size',
      minChoices: 1,
      maxChoices: 1,
      options: [{ id: uuid(6), name: 'Large', priceDelta: cad(200) }],
    };
    expect(menuItemOptionGroupSchema.safeParse(group).success).toBe(true);
    expect(
      menuItemOptionGroupSchema.safeParse({ ...group, maxChoices: 2 }).error?.issues[0]?.message,
    ).toBe('The maximum number of choices cannot be more than the number of options.');
    expect(
      menuItemOptionGroupSchema.safeParse({ ...group, minChoices: 2, maxChoices: 1 }).error
        ?.issues[0]?.message,
    ).toBe('The minimum number of choices cannot be more than the maximum.');
  });

  it('parses a category tree recursively', () => {
    const milk = {
      id: uuid(9),
      slug: 'milk',
      name: 'Milk',
      kind: 'retail',
      parentId: uuid(8),
      children: [],
    };
    const tree = {
      id: uuid(7),
      slug: 'grocery',
      name: 'Grocery',
      kind: 'retail',
      parentId: null,
      children: [
        {
          id: uuid(8),
          slug: 'dairy-eggs',
          name: 'Dairy & Eggs',
          kind: 'retail',
          parentId: uuid(7),
          children: [milk],
        },
      ],
    };
    expect(categoryNodeSchema.parse(tree)).toEqual(tree);
  });

  it('tells images from videos in the gallery', () => {
    const video = {
      id: uuid(10),
      businessId: uuid(1),
      caption: 'Morning bake',
      type: 'video',
      poster: image,
      video: { url: '/v/1', mimeType: 'video/mp4', width: 1280, height: 720, durationSeconds: 30 },
    };
    expect(galleryItemSchema.parse(video).type).toBe('video');
    expect(galleryItemSchema.safeParse({ ...video, type: 'image' }).success).toBe(false);
  });

  it('builds and reads a keyset page answer', () => {
    const schema = catalogPageResponse(categoryNodeSchema);
    const answer = okPage([], 'abc');
    expect(answer).toEqual({ status: 1, results: [], nextCursor: 'abc' });
    expect(schema.parse(answer)).toEqual(answer);
    expect(schema.parse({ status: 0, message: 'Not found' })).toEqual({
      status: 0,
      message: 'Not found',
    });
  });
});
