import type { ManagedStoreDetail } from '@localmart/contract';

/** A store as GET business answers it, for component tests. */
export function storeDetail(overrides: Partial<ManagedStoreDetail> = {}): ManagedStoreDetail {
  const day = [{ open: '09:00', close: '17:00' }];
  return {
    id: '11111111-1111-4111-8111-111111111111',
    slug: 'snip-snip',
    storeCode: 'snip-snip',
    name: 'Snip Snip',
    kind: 'service',
    type: 'hair-salon',
    description: '',
    logo: { url: '/store-placeholder.svg', width: 640, height: 360, alt: '' },
    cover: { url: '/store-placeholder.svg', width: 640, height: 360, alt: '' },
    address: {
      line1: '1 King St W',
      line2: null,
      city: 'Toronto',
      region: 'ON',
      postalCode: 'M5H 1A1',
      country: 'CA',
    },
    lat: 43.65,
    lng: -79.38,
    phone: '(416) 555-0100',
    email: 'hi@snip.example',
    website: null,
    currency: 'CAD',
    hours: {
      timeZone: 'America/Toronto',
      weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: [], sun: [] },
      holidays: [],
    },
    fulfilment: { reservePickup: true, buyOnlinePickup: false, sameDayDelivery: false },
    delivery: null,
    pickupReadyMinutes: 60,
    noShowHoldMinutes: null,
    taxRateBps: 1300,
    status: 'rejected',
    reviewNote: 'Add a photo of your storefront',
    reviewedAt: '2026-11-19T19:30:00.000Z',
    submittedAt: '2026-11-18T19:30:00.000Z',
    pausedUntil: null,
    access: 'owner',
    ...overrides,
  };
}
