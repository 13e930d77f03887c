import {
  type BusinessDetail,
  formatLocalDate,
  type GalleryItem,
  type TeamMember,
  toLocalDate,
  haversineKm,
  type LatLng,
} from '@localmart/contract';
import { answerTimesOf } from '../../reviews/answer-times.ts';
import { aggregatesOf, ratingFrom } from '../../reviews/reviews.service.ts';
import { and, asc, count, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { shopperVisibleSql } from '../shared/shopper-visibility.ts';
import {
  businesses,
  flyers,
  galleryItems,
  menus,
  offers,
  services,
  teamMembers,
} from '../../../db/schema/index.ts';
import { openStateAt, pickupPromiseOf, roundKm } from '../shared/business-ref.ts';
import { categoryRefsOf } from './business-categories.ts';

/**
 * How many rows of `table` belong to the business: the tabs of the store page. Qualified by hand:
 * Drizzle prints columns inside a select list without their table, and an unqualified "id" would
 * resolve to the counted table's own id.
 */
const countOf = (
  table: typeof offers | typeof menus | typeof services | typeof teamMembers | typeof galleryItems,
) =>
  sql<number>`(select count(*)::int from ${table} where ${table}.business_id = ${businesses}.id)`;

/** Everything the detail shows; not the tsvector nor the bookkeeping columns. */
const detailColumns = {
  id: businesses.id,
  slug: businesses.slug,
  name: businesses.name,
  kind: businesses.kind,
  logo: businesses.logo,
  cover: businesses.cover,
  addressLine: businesses.addressLine,
  lat: businesses.lat,
  lng: businesses.lng,
  hours: businesses.hours,
  fulfilment: businesses.fulfilment,
  pickupReadyMinutes: businesses.pickupReadyMinutes,
  description: businesses.description,
  address: businesses.address,
  phone: businesses.phone,
  email: businesses.email,
  website: businesses.website,
  currency: businesses.currency,
  delivery: businesses.delivery,
  pausedUntil: businesses.pausedUntil,
} as const;

export async function businessExists(db: Database, businessId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.id, businessId), shopperVisibleSql()));
  return row !== undefined;
}

/** business-details and contacts; `distanceKm` from `near` (the shopper), null without it. */
export async function findBusinessDetail(
  db: Database,
  businessId: string,
  now: Date,
  near: LatLng | null = null,
): Promise<BusinessDetail | undefined> {
  const [row] = await db
    .select({
      business: detailColumns,
      products: countOf(offers),
      menus: countOf(menus),
      services: countOf(services),
      team: countOf(teamMembers),
      gallery: countOf(galleryItems),
    })
    .from(businesses)
    .where(and(eq(businesses.id, businessId), shopperVisibleSql()));
  if (!row) return undefined;
  const { business } = row;

  // "This week's flyer": valid on the store's own calendar day, which may differ from UTC's.
  const today = formatLocalDate(toLocalDate(now, business.hours.timeZone));
  const [flyerCount] = await db
    .select({ n: count() })
    .from(flyers)
    .where(
      and(
        eq(flyers.businessId, businessId),
        lte(flyers.validFrom, today),
        gte(flyers.validTo, today),
      ),
    );
  const [categories, ratings, answerTimes] = await Promise.all([
    categoryRefsOf(db, [businessId]),
    aggregatesOf(db, 'store', [businessId]),
    answerTimesOf(db, [businessId]),
  ]);

  return {
    id: business.id,
    slug: business.slug,
    name: business.name,
    kind: business.kind,
    logo: business.logo,
    addressLine: business.addressLine,
    lat: business.lat,
    lng: business.lng,
    openState: openStateAt(business.hours, now, business.pausedUntil),
    cover: business.cover,
    distanceKm: near ? roundKm(haversineKm(near, business)) : null,
    categories: categories.get(business.id) ?? [],
    pickupPromise: pickupPromiseOf(business.pickupReadyMinutes, business.fulfilment),
    fulfilment: business.fulfilment,
    rating: ratingFrom(ratings.get(business.id)),
    answerMinutes: answerTimes.get(business.id) ?? null,
    description: business.description,
    address: business.address,
    phone: business.phone,
    email: business.email,
    website: business.website,
    currency: business.currency,
    hours: business.hours,
    pickupReadyMinutes: business.pickupReadyMinutes,
    delivery: business.delivery,
    counts: {
      products: row.products,
      menus: row.menus,
      services: row.services,
      flyers: Number(flyerCount?.n ?? 0),
      team: row.team,
      gallery: row.gallery,
    },
  };
}

const teamColumns = {
  id: teamMembers.id,
  businessId: teamMembers.businessId,
  name: teamMembers.name,
  role: teamMembers.role,
  photo: teamMembers.photo,
  bio: teamMembers.bio,
} as const;

/** teams: in the order the store arranged them. */
export async function listTeam(db: Database, businessId: string): Promise<TeamMember[]> {
  return db
    .select(teamColumns)
    .from(teamMembers)
    .innerJoin(businesses, eq(businesses.id, teamMembers.businessId))
    .where(and(eq(teamMembers.businessId, businessId), shopperVisibleSql()))
    .orderBy(asc(teamMembers.position), asc(teamMembers.id));
}

export async function findTeamMember(
  db: Database,
  businessId: string,
  memberId: string,
): Promise<TeamMember | undefined> {
  const [member] = await db
    .select(teamColumns)
    .from(teamMembers)
    .innerJoin(businesses, eq(businesses.id, teamMembers.businessId))
    .where(
      and(
        eq(teamMembers.businessId, businessId),
        eq(teamMembers.id, memberId),
        shopperVisibleSql(),
      ),
    );
  return member;
}

type GalleryRow = typeof galleryItems.$inferSelect;

/**
 * A stored row as the media viewer reads it. A video row without its file or length cannot play,
 * so it is shown as the photo (its poster) rather than failing the whole gallery.
 */
export function toGalleryItem(row: GalleryRow): GalleryItem {
  const base = { id: row.id, businessId: row.businessId, caption: row.caption };
  if (
    row.type === 'video' &&
    row.video !== null &&
    row.durationSeconds !== null &&
    row.durationSeconds > 0
  ) {
    return {
      ...base,
      type: 'video',
      poster: row.image,
      video: { ...row.video, durationSeconds: row.durationSeconds },
    };
  }
  return { ...base, type: 'image', image: row.image };
}

export async function listGallery(db: Database, businessId: string): Promise<GalleryItem[]> {
  const rows = await db
    .select({ item: galleryItems })
    .from(galleryItems)
    .innerJoin(businesses, eq(businesses.id, galleryItems.businessId))
    .where(and(eq(galleryItems.businessId, businessId), shopperVisibleSql()))
    .orderBy(asc(galleryItems.position), asc(galleryItems.id));
  return rows.map((row) => toGalleryItem(row.item));
}
