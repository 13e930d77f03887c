import { haversineKm, type LatLng, type Service, type ServiceListQuery } from '@localmart/contract';
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { shopperVisibleSql } from '../shared/shopper-visibility.ts';
import { businesses, categories, services } from '../../../db/schema/index.ts';
import {
  type BusinessRefRow,
  businessRefColumns,
  roundKm,
  toBusinessRef,
} from '../shared/business-ref.ts';
import { distanceKmSql, withinRadiusSql } from '../shared/geo-sql.ts';
import { catalogOrder } from '../shared/catalog-order.ts';
import { afterCursorSql, keyedPage, orderBySql, type Page } from '../shared/keyset-sql.ts';
import { textSearchSql } from '../shared/text-search-sql.ts';

/** servicelist and service-details: offerings of service providers. */

const serviceColumns = {
  id: services.id,
  name: services.name,
  description: services.description,
  priceAmount: services.priceAmount,
  currency: services.currency,
  priceType: services.priceType,
  durationMinutes: services.durationMinutes,
  images: services.images,
  category: { id: categories.id, slug: categories.slug, name: categories.name },
  business: businessRefColumns,
} as const;

interface ServiceRow {
  id: string;
  name: string;
  description: string;
  priceAmount: number;
  currency: string;
  priceType: Service['priceType'];
  durationMinutes: number;
  images: Service['images'];
  category: Service['category'];
  business: BusinessRefRow;
}

function toService(row: ServiceRow, now: Date, distanceKm: number | null): Service {
  return {
    id: row.id,
    business: toBusinessRef(row.business, now),
    name: row.name,
    description: row.description,
    price: { amount: row.priceAmount, currency: row.currency },
    priceType: row.priceType,
    durationMinutes: row.durationMinutes,
    images: row.images,
    category: row.category,
    distanceKm: roundKm(distanceKm),
  };
}

/** The service category with this slug and every category below it (the chip means "and under"). */
function inCategoryTreeSql(slug: string): SQL {
  return sql`${services.categoryId} in (
    with recursive tree(id) as (
      select ${categories.id} from ${categories}
        where ${categories.kind} = 'service' and ${categories.slug} = ${slug}
      union all
      select child.id from ${categories} child join tree on child.parent_id = tree.id
    )
    select id from tree)`;
}

export async function listServices(
  db: Database,
  query: ServiceListQuery,
  now: Date,
): Promise<Page<Service>> {
  const here =
    query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;
  const search =
    query.q === undefined ? null : textSearchSql(services, services.search, services.name, query.q);
  const distance = here ? distanceKmSql(businesses.lat, businesses.lng, here) : null;
  const order = catalogOrder(
    query.sort,
    { id: services.id, name: services.name, price: services.priceAmount },
    search?.score ?? null,
    distance,
  );

  const filters: SQL[] = [shopperVisibleSql()];
  if (search) filters.push(search.where);
  if (here) filters.push(withinRadiusSql(businesses.lat, businesses.lng, here, query.radiusKm));
  if (query.category) filters.push(inCategoryTreeSql(query.category));
  if (query.businessId) filters.push(eq(services.businessId, query.businessId));
  if (query.minPrice !== undefined) filters.push(gte(services.priceAmount, query.minPrice));
  if (query.maxPrice !== undefined) filters.push(lte(services.priceAmount, query.maxPrice));
  if (query.cursor) filters.push(afterCursorSql(order, query.cursor));

  const rows = await db
    .select({
      ...serviceColumns,
      distanceKm: distance ?? sql<null>`null`,
      score: search?.score ?? sql<null>`null`,
    })
    .from(services)
    .innerJoin(businesses, eq(businesses.id, services.businessId))
    .innerJoin(categories, eq(categories.id, services.categoryId))
    .where(and(...filters))
    .orderBy(...orderBySql(order))
    .limit(query.limit + 1);

  return keyedPage(rows, query.limit, order, (row) => toService(row, now, row.distanceKm));
}

/** One service of one business; undefined when there is none (or it belongs to another business). */
/** service-details; `distanceKm` from `near` (the shopper), null without it. */
export async function findService(
  db: Database,
  businessId: string,
  serviceId: string,
  now: Date,
  near: LatLng | null = null,
): Promise<Service | undefined> {
  const [row] = await db
    .select(serviceColumns)
    .from(services)
    .innerJoin(businesses, eq(businesses.id, services.businessId))
    .innerJoin(categories, eq(categories.id, services.categoryId))
    .where(
      and(eq(services.id, serviceId), eq(services.businessId, businessId), shopperVisibleSql()),
    );
  if (!row) return undefined;
  return toService(row, now, near ? haversineKm(near, row.business) : null);
}
