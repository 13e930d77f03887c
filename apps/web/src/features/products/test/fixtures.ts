import {
  OPEN_STATE_WORDS,
  stockStatus,
  type BusinessRef,
  type CategoryNode,
  type Offer,
  type ProductDetail,
  type ProductSummary,
} from '@localmart/contract';

/**
 * Contract-shaped answers for the products tests. Stock wording comes from the contract's
 * stockStatus, as the server's does, so a test of "Only 2 left" checks the real rule.
 */

let counter = 0;
/** A fresh v4-shaped UUID per call, stable in shape (the schemas check UUIDs). */
export function uuid(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
}

export function business(name: string, open = true): BusinessRef {
  return {
    id: uuid(),
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    name,
    kind: 'retail',
    logo: { url: '/api/v1/catalog-images/logo', width: 256, height: 256, alt: `${name} logo` },
    addressLine: '12 Queen St W, Toronto',
    lat: 43.65,
    lng: -79.38,
    openState: open
      ? {
          open: true,
          status: OPEN_STATE_WORDS.open,
          detail: 'closes 21:00',
          text: 'Open now · closes 21:00',
          changesAt: null,
        }
      : {
          open: false,
          status: OPEN_STATE_WORDS.closed,
          detail: 'opens 09:00',
          text: 'Closed · opens 09:00',
          changesAt: null,
        },
  };
}

export interface OfferOptions {
  store?: BusinessRef;
  quantity?: number;
  /** Regular price in cents. */
  price?: number;
  /** A sale price in cents, running now. */
  sale?: number;
  distanceKm?: number | null;
  updatedAt?: string;
  productId?: string;
}

export function offer(options: OfferOptions = {}): Offer {
  const price = { amount: options.price ?? 499, currency: 'CAD' };
  const sale =
    options.sale === undefined
      ? null
      : {
          price: { amount: options.sale, currency: 'CAD' },
          startsAt: '2020-01-01T00:00:00.000Z',
          endsAt: '2099-01-01T00:00:00.000Z',
        };
  const quantity = options.quantity ?? 10;
  return {
    id: uuid(),
    productId: options.productId ?? uuid(),
    business: options.store ?? business('Corner Grocer'),
    price,
    sale,
    currentPrice: sale ? sale.price : price,
    onSale: sale !== null,
    quantity,
    stock: stockStatus(quantity),
    updatedAt: options.updatedAt ?? new Date(Date.now() - 2 * 3_600_000).toISOString(),
    distanceKm: options.distanceKm === undefined ? 1.2 : options.distanceKm,
    pickupPromise: 'Usually ready in 2 h',
    fulfilment: { reservePickup: true, buyOnlinePickup: true, sameDayDelivery: false },
  };
}

const category = { id: uuid(), slug: 'milk', name: 'Milk' };

export function productSummary(title: string, options: OfferOptions = {}): ProductSummary {
  const id = uuid();
  const best = offer({ ...options, productId: id });
  return {
    id,
    slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    title,
    brand: 'Maple Farms',
    gtin: '0000000000000',
    image: { url: `/api/v1/catalog-images/${id}`, width: 480, height: 480, alt: title },
    category,
    offerCount: 3,
    lowestPrice: best.currentPrice,
    bestOffer: best,
  };
}

export function productDetail(title: string, offers: Offer[]): ProductDetail {
  const id = uuid();
  const image = { url: `/api/v1/catalog-images/${id}`, width: 480, height: 480, alt: title };
  return {
    id,
    slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    title,
    brand: 'Maple Farms',
    image,
    category,
    offerCount: offers.length,
    lowestPrice:
      offers.length > 0
        ? offers.reduce((low, o) => (o.currentPrice.amount < low.amount ? o.currentPrice : low), {
            amount: Number.MAX_SAFE_INTEGER,
            currency: 'CAD',
          })
        : null,
    gtin: '0061234567890',
    description: 'Fresh partly skimmed milk from Ontario farms.',
    images: [image, { ...image, url: `${image.url}-back`, alt: `${title}, back` }],
    attributes: [
      { name: 'Size', value: '2 L' },
      { name: 'Fat', value: '2%' },
    ],
    categoryPath: [
      { id: uuid(), slug: 'grocery', name: 'Grocery' },
      { id: uuid(), slug: 'dairy-eggs', name: 'Dairy & Eggs' },
      category,
    ],
    offers: offers.map((o) => ({ ...o, productId: id })),
    variants: [],
  };
}

function node(name: string, slug: string, parentId: string | null): CategoryNode {
  return { id: uuid(), slug, name, kind: 'retail', parentId, children: [] };
}

/** Grocery > Dairy & Eggs > (Milk, Cheese); Hardware (a leaf root). */
export function retailTree(): CategoryNode[] {
  const grocery = node('Grocery', 'grocery', null);
  const dairy = node('Dairy & Eggs', 'dairy-eggs', grocery.id);
  dairy.children = [node('Milk', 'milk', dairy.id), node('Cheese', 'cheese', dairy.id)];
  grocery.children = [dairy, node('Bakery', 'bakery', grocery.id)];
  return [grocery, node('Hardware', 'hardware', null)];
}

/** A one-page list answer. */
export function page(results: ProductSummary[], nextCursor: string | null = null) {
  return { status: 1, results, nextCursor };
}
