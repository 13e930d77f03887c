import {
  flyerSchema,
  stockStatus,
  type BusinessRef,
  type Flyer,
  type FlyerSummary,
  type Offer,
} from '@localmart/contract';

/** Contract-checked sample data: every fixture is parsed by the wire schema it stands for. */
export const storeId = '3f6c1a52-8d7e-4c1b-9a55-0b8e4d1c2a01';
export const productId = '9b2d7e41-3c5a-4f6e-8d1b-2a7c9e0f1b02';

const image = (name: string, width = 800, height = 1100) => ({
  url: `/api/v1/catalog-images/${name}`,
  width,
  height,
  alt: name,
});

export const business: BusinessRef = {
  id: storeId,
  slug: 'queen-street-market',
  name: 'Queen Street Market',
  kind: 'retail',
  logo: image('logo', 96, 96),
  addressLine: '120 Queen St W, Toronto',
  lat: 43.6525,
  lng: -79.3832,
  openState: {
    open: true,
    status: 'Open now',
    detail: 'closes 21:00',
    text: 'Open now · closes 21:00',
    changesAt: '2026-11-21T02:00:00.000Z',
  },
};

export function offer(quantity: number): Offer {
  return {
    id: '5e1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a04',
    productId,
    business,
    price: { amount: 599, currency: 'CAD' },
    sale: {
      price: { amount: 449, currency: 'CAD' },
      startsAt: '2026-11-19T05:00:00.000Z',
      endsAt: '2026-11-26T05:00:00.000Z',
    },
    currentPrice: { amount: 449, currency: 'CAD' },
    onSale: true,
    quantity,
    stock: stockStatus(quantity),
    updatedAt: '2026-11-21T01:00:00.000Z',
    distanceKm: 1.2,
    pickupPromise: 'Usually ready in 2 h',
    fulfilment: { reservePickup: true, buyOnlinePickup: true, sameDayDelivery: false },
  };
}

export function flyer(quantity = 2): Flyer {
  return flyerSchema.parse({
    id: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c05',
    business,
    title: 'Weekly deals',
    validFrom: '2026-11-19',
    validTo: '2026-11-25',
    timeZone: 'America/Toronto',
    cover: image('cover'),
    pageCount: 2,
    itemCount: 2,
    pages: [
      {
        id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c06',
        pageNumber: 1,
        image: image('page-1'),
        items: [
          {
            id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d07',
            box: { left: 0.125, top: 0.1, width: 0.375, height: 0.2 },
            title: 'Organic 2% milk 2 L',
            priceText: '$4.49',
            saleStory: 'Save $1.50',
            validFrom: '2026-11-19',
            validTo: '2026-11-25',
            productId,
            offer: offer(quantity),
          },
        ],
      },
      {
        id: '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e08',
        pageNumber: 2,
        image: image('page-2'),
        items: [
          {
            id: '4d5e6f7a-8b9c-4d0e-9f2a-3b4c5d6e7f09',
            box: { left: 0.5, top: 0.55, width: 0.45, height: 0.3 },
            title: '20% off all house plants',
            priceText: '20% off',
            saleStory: null,
            validFrom: '2026-11-20',
            validTo: '2026-11-22',
            productId: null,
            offer: null,
          },
        ],
      },
    ],
  });
}

export function flyerSummary(overrides: Partial<FlyerSummary> = {}): FlyerSummary {
  const { pages: _pages, ...summary } = flyer();
  return { ...summary, ...overrides };
}
