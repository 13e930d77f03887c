import {
  businessDetailSchema,
  galleryItemSchema,
  teamMemberSchema,
  type BusinessDetail,
  type GalleryItem,
  type TeamMember,
} from '@localmart/contract';

/** Contract-checked sample data: every fixture is parsed by the wire schema it stands for. */
export const storeId = '3f6c1a52-8d7e-4c1b-9a55-0b8e4d1c2a01';

const image = (name: string, width = 800, height = 600) => ({
  url: `/api/v1/catalog-images/${name}`,
  width,
  height,
  alt: name,
});

const nineToNine = [{ open: '09:00', close: '21:00' }];

export function business(counts: Partial<BusinessDetail['counts']> = {}): BusinessDetail {
  return businessDetailSchema.parse({
    id: storeId,
    slug: 'queen-street-market',
    name: 'Queen Street Market',
    kind: 'retail',
    logo: image('logo', 96, 96),
    cover: image('cover', 1200, 525),
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
    distanceKm: null,
    categories: [{ id: '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c11', slug: 'grocery', name: 'Grocery' }],
    pickupPromise: 'Usually ready in 2 h',
    fulfilment: { reservePickup: true, buyOnlinePickup: true, sameDayDelivery: true },
    description: 'Fresh produce and pantry staples since 1998.',
    address: {
      line1: '120 Queen St W',
      line2: null,
      city: 'Toronto',
      region: 'ON',
      postalCode: 'M5H 2N2',
      country: 'CA',
    },
    phone: '+1 416-555-0142',
    email: 'hello@queenstreetmarket.example',
    website: null,
    currency: 'CAD',
    hours: {
      timeZone: 'America/Toronto',
      weekly: {
        mon: nineToNine,
        tue: nineToNine,
        wed: nineToNine,
        thu: nineToNine,
        fri: [
          { open: '17:00', close: '22:00' },
          { open: '09:00', close: '12:00' },
        ],
        sat: [{ open: '00:00', close: '24:00' }],
        sun: [],
      },
      holidays: [{ date: '2026-12-25', name: 'Christmas Day' }],
    },
    pickupReadyMinutes: 120,
    delivery: {
      radiusKm: 8,
      fee: { amount: 499, currency: 'CAD' },
      minimumOrder: { amount: 2500, currency: 'CAD' },
      cutoffTime: '15:00',
    },
    counts: { products: 40, menus: 0, services: 0, flyers: 1, team: 2, gallery: 3, ...counts },
  });
}

export const gallery: GalleryItem[] = [
  {
    id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d21',
    businessId: storeId,
    caption: 'The produce aisle',
    type: 'image',
    image: image('aisle'),
  },
  {
    id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e22',
    businessId: storeId,
    caption: 'Morning bake',
    type: 'video',
    poster: image('bake-poster'),
    video: {
      url: '/api/v1/catalog-images/bake-clip',
      mimeType: 'image/svg+xml',
      width: 800,
      height: 600,
      durationSeconds: 6,
    },
  },
  {
    id: '3d4e5f6a-7b8c-4d9e-8f1a-2b3c4d5e6f23',
    businessId: storeId,
    caption: 'Cheese counter',
    type: 'image',
    image: image('cheese'),
  },
].map((item) => galleryItemSchema.parse(item));

export const team: TeamMember[] = [
  {
    id: '4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a31',
    businessId: storeId,
    name: 'Priya Natarajan',
    role: 'Store manager',
    photo: image('priya', 400, 400),
    bio: 'Priya has run the market for ten years.',
  },
  {
    id: '5f6a7b8c-9d0e-4f1a-8b2c-3d4e5f6a7b32',
    businessId: storeId,
    name: 'Tom Becker',
    role: 'Cheesemonger',
    photo: image('tom', 400, 400),
    bio: 'Tom ages the cheddar in the back.',
  },
].map((member) => teamMemberSchema.parse(member));
