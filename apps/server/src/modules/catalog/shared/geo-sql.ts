import { boundingBox, EARTH_RADIUS_KM, type LatLng } from '@localmart/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

type Expr = AnyColumn | SQL;

/**
 * Great-circle distance in km from `from` to the row's point, in SQL (haversine; same formula as the
 * contract's haversineKm, so the API and the screens agree to the metre). Plain doubles on purpose:
 * cube/earthdistance broke pg_trgm in one PGlite instance and were slower (ADR 0006).
 */
export function distanceKmSql(lat: Expr, lng: Expr, from: LatLng): SQL<number> {
  const lat0 = from.lat;
  const lng0 = from.lng;
  return sql<number>`(2 * ${EARTH_RADIUS_KM}::float8 * asin(sqrt(
      power(sin(radians(${lat} - ${lat0}::float8) / 2), 2)
      + cos(radians(${lat0}::float8)) * cos(radians(${lat}))
        * power(sin(radians(${lng} - ${lng0}::float8) / 2), 2))))`;
}

/**
 * The bounding-box prefilter: lets the (lat, lng) btree index cut the candidates before the exact
 * distance is computed. Callers still compare distanceKmSql with the radius (the box's corners are
 * outside the circle).
 */
export function inBoundingBoxSql(lat: Expr, lng: Expr, center: LatLng, radiusKm: number): SQL {
  const box = boundingBox(center, radiusKm);
  // boundingBox never wraps: across the antimeridian it widens to every longitude instead.
  return sql`(${lat} between ${box.minLat}::float8 and ${box.maxLat}::float8
    and ${lng} between ${box.minLng}::float8 and ${box.maxLng}::float8)`;
}

/** Both filters together: inside the box and within the radius. */
export function withinRadiusSql(lat: Expr, lng: Expr, center: LatLng, radiusKm: number): SQL {
  return sql`(${inBoundingBoxSql(lat, lng, center, radiusKm)} and ${distanceKmSql(lat, lng, center)} <= ${radiusKm}::float8)`;
}
