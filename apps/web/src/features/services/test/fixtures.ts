import type {
  BusinessRef,
  BusinessSummary,
  CategoryNode,
  Service,
  ServiceSlots,
} from '@localmart/contract';

/** Contract-shaped answers for the service screens' tests (ids are UUIDs, as the schemas demand). */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const image = (alt: string) => ({
  url: `/img/${encodeURIComponent(alt)}.svg`,
  width: 800,
  height: 600,
  alt,
});

export const providerRef: BusinessRef = {
  id: uuid(1),
  slug: 'fix-it-felix',
  name: 'Fix-It Felix Repairs',
  kind: 'service',
  logo: image('Fix-It Felix logo'),
  addressLine: '88 Spadina Ave',
  lat: 43.65,
  lng: -79.39,
  openState: {
    open: false,
    status: 'Closed',
    detail: 'Opens 9:00',
    text: 'Closed · Opens 9:00',
    changesAt: '2026-11-21T14:00:00.000Z',
  },
};

export const provider: BusinessSummary = {
  ...providerRef,
  cover: image('Fix-It Felix workshop'),
  distanceKm: 2.4,
  categories: [{ id: uuid(90), slug: 'repairs', name: 'Repairs' }],
  pickupPromise: null,
  fulfilment: { reservePickup: false, buyOnlinePickup: false, sameDayDelivery: false },
};

export const phoneRepair: Service = {
  id: uuid(2),
  business: providerRef,
  name: 'Phone screen repair',
  description: 'A new screen fitted while you wait, with a 90-day warranty.',
  price: { amount: 12000, currency: 'CAD' },
  priceType: 'from',
  durationMinutes: 90,
  images: [image('Phone on the bench'), image('New screen')],
  category: { id: uuid(90), slug: 'repairs', name: 'Repairs' },
  distanceKm: 2.4,
};

export const bikeTuneUp: Service = {
  ...phoneRepair,
  id: uuid(3),
  name: 'Bike tune-up',
  description: 'Brakes, gears and a wash.',
  price: { amount: 6500, currency: 'CAD' },
  priceType: 'fixed',
  durationMinutes: 60,
  images: [],
};

export const categories: CategoryNode[] = [
  { id: uuid(90), slug: 'repairs', name: 'Repairs', kind: 'service', parentId: null, children: [] },
  { id: uuid(91), slug: 'beauty', name: 'Beauty', kind: 'service', parentId: null, children: [] },
];

/** Two days of the phone repair's times: Friday with one time full, Saturday closed. */
export const phoneRepairSlots: ServiceSlots = {
  serviceId: uuid(2),
  timeZone: 'America/Toronto',
  slotMinutes: 90,
  cutoffHours: 24,
  days: [
    {
      date: '2026-11-20',
      weekday: 'Fri',
      dayOfMonth: 20,
      month: 'Nov',
      slots: [
        {
          startsAt: '2026-11-20T14:00:00.000Z',
          endsAt: '2026-11-20T15:30:00.000Z',
          time: '09:00',
          capacity: 2,
          remaining: 0,
        },
        {
          startsAt: '2026-11-20T15:30:00.000Z',
          endsAt: '2026-11-20T17:00:00.000Z',
          time: '10:30',
          capacity: 2,
          remaining: 2,
        },
      ],
    },
    { date: '2026-11-21', weekday: 'Sat', dayOfMonth: 21, month: 'Nov', slots: [] },
  ],
};
