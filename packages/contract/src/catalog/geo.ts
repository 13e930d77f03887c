/**
 * Distances on the Earth for "stores near me": great-circle distance for sorting and labels, and a
 * latitude/longitude box the database can answer from a plain index before the exact distance is
 * computed for the few rows inside it.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/** Mean Earth radius (IUGG), the usual choice for haversine. */
export const EARTH_RADIUS_KM = 6371.0088;
export const KM_PER_MILE = 1.609344;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** Great-circle distance in km (haversine; within 0.5% of the ellipsoid, plenty for a shop list). */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The smallest latitude/longitude box holding every point within `radiusKm` of `center` (the
 * longitude half-width is where the circle touches its widest meridian, not at the centre's
 * latitude). Use it as `lat BETWEEN minLat AND maxLat AND lng BETWEEN minLng AND maxLng`, then filter
 * on haversineKm. Near a pole, or across the 180° meridian, the box widens to every longitude: still
 * correct, just less selective, and no Localmart region is there.
 */
export function boundingBox(center: LatLng, radiusKm: number): BoundingBox {
  const angular = Math.max(0, radiusKm) / EARTH_RADIUS_KM;
  const lat = toRadians(center.lat);
  const minLat = lat - angular;
  const maxLat = lat + angular;
  const allLongitudes = { minLng: -180, maxLng: 180 };
  if (minLat <= -Math.PI / 2 || maxLat >= Math.PI / 2) {
    return {
      minLat: toDegrees(Math.max(minLat, -Math.PI / 2)),
      maxLat: toDegrees(Math.min(maxLat, Math.PI / 2)),
      ...allLongitudes,
    };
  }
  const halfWidth = toDegrees(Math.asin(Math.sin(angular) / Math.cos(lat)));
  const minLng = center.lng - halfWidth;
  const maxLng = center.lng + halfWidth;
  const box = { minLat: toDegrees(minLat), maxLat: toDegrees(maxLat) };
  return minLng < -180 || maxLng > 180 ? { ...box, ...allLongitudes } : { ...box, minLng, maxLng };
}

export function isInBox(point: LatLng, box: BoundingBox): boolean {
  return (
    point.lat >= box.minLat &&
    point.lat <= box.maxLat &&
    point.lng >= box.minLng &&
    point.lng <= box.maxLng
  );
}

/** Distances as shoppers read them: '850 m', '1.2 km', '12 km'; '0.7 mi', '8 mi' in imperial. */
export function formatDistance(km: number, units: 'metric' | 'imperial'): string {
  const distance = Math.max(0, km);
  if (units === 'imperial') {
    const miles = distance / KM_PER_MILE;
    if (miles < 0.1) return '0.1 mi';
    return miles < 10 ? `${miles.toFixed(1)} mi` : `${Math.round(miles)} mi`;
  }
  if (distance < 1) return `${Math.max(10, Math.round((distance * 1000) / 10) * 10)} m`;
  return distance < 10 ? `${distance.toFixed(1)} km` : `${Math.round(distance)} km`;
}
