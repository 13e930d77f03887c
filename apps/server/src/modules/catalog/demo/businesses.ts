import {
  addDays,
  DEFAULT_LOCATION,
  type DeliverySettings,
  findPlace,
  formatLocalDate,
  haversineKm,
  type HolidayClosure,
  type LatLng,
  toLocalDate,
} from '@localmart/contract';
import { type CategoryIndex, categoryOf } from './categories.ts';
import { HOURS_PROFILES } from './hours-profiles.ts';
import { upcomingHolidays } from './holidays.ts';
import { demoUuid, slugify } from './ids.ts';
import { demoImage } from './images.ts';
import { ITALIAN_SURNAMES, SURNAMES } from './names.ts';
import { type Neighbourhood, NEIGHBOURHOODS } from './neighbourhoods.ts';
import { DEMO_CURRENCY } from './pricing.ts';
import { Random } from './random.ts';
import type { StoreType } from './store-types.ts';
import type { DemoBusiness } from './types.ts';

export const DEMO_TIME_ZONE = 'America/Toronto';
/** Businesses stand within this distance of the demo centre (downtown Toronto). */
export const CITY_RADIUS_KM = 15;
const ANCHOR_RADIUS_KM = 13;
const JITTER_KM = 0.9;

interface Anchor extends Neighbourhood {
  location: LatLng;
}

/** Neighbourhoods close enough to downtown that a jittered pin stays inside the city radius. */
export const ANCHORS: readonly Anchor[] = NEIGHBOURHOODS.flatMap((neighbourhood) => {
  const place = findPlace(neighbourhood.placeId);
  if (!place || haversineKm(place, DEFAULT_LOCATION) > ANCHOR_RADIUS_KM) return [];
  return [{ ...neighbourhood, location: { lat: place.lat, lng: place.lng } }];
});

/** A point uniformly inside a disc of `radiusKm` around `center`. */
function jitter(random: Random, center: LatLng, radiusKm: number): LatLng {
  const distance = radiusKm * Math.sqrt(random.float());
  const angle = random.between(0, 2 * Math.PI);
  const lat = center.lat + (distance * Math.cos(angle)) / 111.32;
  const lng =
    center.lng + (distance * Math.sin(angle)) / (111.32 * Math.cos((center.lat * Math.PI) / 180));
  return { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6 };
}

const LONG_STREETS =
  /^(?:Yonge|Bloor|Queen|King|Dundas|College|Danforth|Eglinton|St Clair|Bathurst|Spadina Ave|Kingston|Bayview|Sheppard|Finch|Don Mills|Lawrence|Burnhamthorpe|Islington|Keele|Jane)/;

const streetBase = (street: string) => street.replace(/\s+(?:St|Ave|Rd|Dr|Blvd|Quay)\b.*$/, '');

function fillName(pattern: string, random: Random, anchor: Anchor, street: string): string {
  return pattern
    .replace('{place}', anchor.short)
    .replace('{surname}', random.pick(SURNAMES))
    .replace('{italian}', random.pick(ITALIAN_SURNAMES))
    .replace('{street}', streetBase(street));
}

/** Names stay unique across the city: a second "Leslieville Pharmacy" becomes "... on Logan". */
function uniqueName(
  type: StoreType,
  random: Random,
  anchor: Anchor,
  street: string,
  taken: Set<string>,
  index: number,
): string {
  for (let attempt = 0; attempt < 6; attempt++) {
    const name = fillName(random.pick(type.names), random, anchor, street);
    if (!taken.has(name)) return name;
  }
  const base = fillName(random.pick(type.names), random, anchor, street);
  const variants = [`${base} on ${streetBase(street)}`, `${base} ${index + 1}`];
  if (!base.includes(anchor.short)) variants.unshift(`${base} ${anchor.short}`);
  return variants.find((name) => !taken.has(name)) ?? `${base} ${index + 1}`;
}

function holidaysFor(
  random: Random,
  type: StoreType,
  profile: string,
  now: Date,
  index: number,
): HolidayClosure[] {
  if (profile === 'allDay') return [];
  const upcoming = upcomingHolidays(now, DEMO_TIME_ZONE);
  const closures = upcoming.filter(
    (holiday) =>
      holiday.name === 'Christmas Day' ||
      holiday.name === "New Year's Day" ||
      (type.kind !== 'restaurant' && upcoming.indexOf(holiday) < 2 && random.chance(0.7)),
  );
  // A couple of businesses close a day for stocktaking or a private event, soon enough to notice.
  if (index % 20 === 7) {
    const date = addDays(toLocalDate(now, DEMO_TIME_ZONE), random.int(3, 10));
    closures.push({
      date: formatLocalDate(date),
      name: type.kind === 'restaurant' ? 'Private event' : 'Closed for stocktaking',
    });
  }
  return closures.sort((a, b) => a.date.localeCompare(b.date));
}

function fulfilmentFor(random: Random, type: StoreType) {
  const money = (amount: number) => ({ amount, currency: DEMO_CURRENCY });
  if (type.kind === 'service') {
    // Booked online, paid at the appointment: the reserve flow (card held, charged when served).
    return {
      fulfilment: { reservePickup: true, buyOnlinePickup: false, sameDayDelivery: false },
      pickupReadyMinutes: null,
      delivery: null,
    };
  }
  const restaurant = type.kind === 'restaurant';
  const reservePickup = !restaurant && random.chance(0.92);
  const buyOnlinePickup = restaurant || random.chance(0.7) || !reservePickup;
  const delivery: DeliverySettings | null = random.chance(type.delivery)
    ? {
        radiusKm: random.pick(restaurant ? [3, 4, 5, 6] : [3, 5, 5, 8, 10, 12]),
        fee: money(random.pick(restaurant ? [299, 399, 499] : [399, 499, 599, 799, 999])),
        minimumOrder: money(
          random.pick(restaurant ? [1500, 2000, 2500] : [1500, 2000, 2500, 3500, 5000]),
        ),
        cutoffTime: random.pick(
          restaurant ? ['20:30', '21:00', '21:30'] : ['14:00', '15:00', '16:00', '17:00'],
        ),
      }
    : null;
  return {
    fulfilment: { reservePickup, buyOnlinePickup, sameDayDelivery: delivery !== null },
    pickupReadyMinutes: restaurant
      ? random.pick([15, 20, 25, 30, 40])
      : random.pick([30, 60, 60, 120, 120, 120, 240, 1440]),
    delivery,
  };
}

export interface BusinessContext {
  seed: string;
  now: Date;
  categories: CategoryIndex;
  takenNames: Set<string>;
  takenSlugs: Set<string>;
}

/** Business `index` of the city, of the given type. */
export function buildBusiness(
  context: BusinessContext,
  index: number,
  type: StoreType,
): DemoBusiness {
  const { seed, now, categories } = context;
  const random = Random.for(seed, `business:${index}`);
  const anchor = random.pick(ANCHORS);
  let location = jitter(random, anchor.location, JITTER_KM);
  if (haversineKm(location, DEFAULT_LOCATION) > CITY_RADIUS_KM) location = anchor.location;
  const street = random.pick(anchor.streets);
  // Long arteries run to four-digit numbers; side streets stay short.
  const streetNumber = LONG_STREETS.test(street) ? random.int(10, 2400) : random.int(2, 260);
  const name = uniqueName(type, random, anchor, street, context.takenNames, index);
  context.takenNames.add(name);
  let slug = slugify(name);
  if (context.takenSlugs.has(slug)) slug = `${slug}-${index + 1}`;
  context.takenSlugs.add(slug);

  const profile = random.pick(type.hours);
  const hue = Math.round(random.between(type.hue[0], type.hue[1])) % 360;
  const postalCode = `${random.pick(anchor.fsa)} ${random.int(1, 9)}${random.pick([...'ABCEGHJKLMNPRSTVWXYZ'])}${random.int(0, 9)}`;
  const description = type.description
    .replace('{name}', name)
    .replace('{place}', anchor.short)
    .replace('{year}', String(random.int(1958, 2022)));

  return {
    id: demoUuid(seed, `business:${index}`),
    kind: type.kind,
    type: type.key,
    slug,
    name,
    description,
    categoryIds: type.categories.map((categorySlug) => categoryOf(categories, categorySlug).id),
    logo: demoImage(seed, `business:${index}:logo`, `${name} logo`, { kind: 'logo', name, hue }),
    cover: demoImage(seed, `business:${index}:cover`, `${name} storefront`, {
      kind: 'cover',
      name,
      hue,
      scene: type.kind,
    }),
    address: {
      line1: `${streetNumber} ${street}`,
      line2: random.chance(0.15) ? `Unit ${random.int(1, 12)}` : null,
      city: 'Toronto',
      region: 'ON',
      postalCode,
      country: 'CA',
    },
    addressLine: `${streetNumber} ${street}, Toronto`,
    lat: location.lat,
    lng: location.lng,
    phone: `(${random.pick(['416', '647', '437'])}) 555-01${String(random.int(0, 99)).padStart(2, '0')}`,
    email: `${type.emailUser}@${slug}.example`,
    website: `https://${slug}.example`,
    currency: DEMO_CURRENCY,
    hours: {
      timeZone: DEMO_TIME_ZONE,
      // A copy: records are handed to callers, who must not be able to edit the shared profile.
      weekly: structuredClone(HOURS_PROFILES[profile]),
      holidays: holidaysFor(random, type, profile, now, index),
    },
    ...fulfilmentFor(random, type),
  };
}
