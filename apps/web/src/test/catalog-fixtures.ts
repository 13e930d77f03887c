import {
  OPEN_STATE_WORDS,
  stockStatus,
  type BusinessSummary,
  type Offer,
  type ProductSummary,
} from '@localmart/contract';

/** Catalogue list items as the API sends them (store cards, product cards), for the web's tests. */

export const productId = '11111111-1111-4111-8111-111111111111';

export function offer(
  quantity: number,
  price: number,
  sale: number | null,
  distanceKm: number | null,
) {
  const regular = { amount: price, currency: 'CAD' };
  const salePrice = sale === null ? null : { amount: sale, currency: 'CAD' };
  return {
    id: '22222222-2222-4222-8222-222222222222',
    productId,
    business: {
      id: '33333333-3333-4333-8333-333333333333',
      slug: 'queen-st-market',
      name: 'Queen St Market',
      kind: 'retail',
      logo: { url: '/logo.svg', width: 256, height: 256, alt: 'logo' },
      addressLine: '1 Queen St',
      lat: 43.65,
      lng: -79.38,
      openState: {
        open: true,
        status: OPEN_STATE_WORDS.open,
        detail: null,
        text: OPEN_STATE_WORDS.open,
        changesAt: null,
      },
    },
    price: regular,
    sale: salePrice && {
      price: salePrice,
      startsAt: '2020-01-01T00:00:00.000Z',
      endsAt: '2099-01-01T00:00:00.000Z',
    },
    currentPrice: salePrice ?? regular,
    onSale: salePrice !== null,
    quantity,
    stock: stockStatus(quantity),
    updatedAt: '2026-11-21T10:00:00.000Z',
    distanceKm,
    pickupPromise: null,
    fulfilment: { reservePickup: true, buyOnlinePickup: false, sameDayDelivery: false },
  } satisfies Offer;
}

export function product(overrides: Partial<ProductSummary> = {}): ProductSummary {
  const best = offer(2, 549, null, 1.4);
  return {
    id: productId,
    slug: 'organic-2-milk-2-l',
    title: 'Organic 2% Milk 2 L',
    brand: 'Maple Farms',
    gtin: '0000000000000',
    image: { url: '/api/v1/catalog-images/milk', width: 480, height: 480, alt: 'Milk carton' },
    category: { id: '44444444-4444-4444-8444-444444444444', slug: 'milk', name: 'Milk' },
    offerCount: 4,
    lowestPrice: best.currentPrice,
    bestOffer: best,
    ...overrides,
  };
}

const storeImage = (alt: string) => ({ url: `/img/${alt}.svg`, width: 1200, height: 480, alt });

export function store(n: number, patch: Partial<BusinessSummary> = {}): BusinessSummary {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    slug: `store-${n}`,
    name: `Store ${n}`,
    kind: 'retail',
    logo: { url: `/img/logo-${n}.svg`, width: 256, height: 256, alt: `Store ${n} logo` },
    addressLine: `${n} Queen St E`,
    lat: 43.66,
    lng: -79.33,
    openState: {
      open: true,
      status: 'Open now',
      detail: 'closes 21:00',
      text: 'Open now · closes 21:00',
      changesAt: '2026-11-21T02:00:00.000Z',
    },
    cover: storeImage(`cover-${n}`),
    distanceKm: n * 0.6,
    categories: [
      { id: `10000000-0000-4000-8000-00000000000${n}`, slug: 'grocery', name: 'Grocery' },
    ],
    pickupPromise: 'Usually ready in 2 h',
    fulfilment: { reservePickup: true, buyOnlinePickup: true, sameDayDelivery: false },
    ...patch,
  };
}
