import { describe, expect, it } from 'vitest';
import { boundingBox, formatDistance, haversineKm, isInBox, type LatLng } from './geo.ts';

const toronto = { lat: 43.6532, lng: -79.3832 };
const montreal = { lat: 45.5017, lng: -73.5673 };

describe('haversineKm', () => {
  it('matches known distances', () => {
    expect(haversineKm(toronto, montreal)).toBeCloseTo(504, -1); // ~504 km
    expect(haversineKm({ lat: 51.5074, lng: -0.1278 }, { lat: 48.8566, lng: 2.3522 })).toBeCloseTo(
      344,
      -1,
    ); // London -> Paris
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(111.2, 1); // 1° of equator
  });

  it('is zero for the same point and symmetric', () => {
    expect(haversineKm(toronto, toronto)).toBe(0);
    expect(haversineKm(toronto, montreal)).toBe(haversineKm(montreal, toronto));
  });

  it('handles antipodes without NaN', () => {
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(20015, -1);
  });
});

describe('boundingBox', () => {
  it('holds every point of the circle, and not much more', () => {
    const radius = 15;
    const box = boundingBox(toronto, radius);
    for (let bearing = 0; bearing < 360; bearing += 5) {
      const point = destination(toronto, bearing, radius * 0.999);
      expect(isInBox(point, box)).toBe(true);
    }
    // The box's edges are radius away from the centre along the axes.
    expect(haversineKm(toronto, { lat: box.maxLat, lng: toronto.lng })).toBeCloseTo(radius, 6);
    expect(box.maxLng - box.minLng).toBeLessThan(0.4);
  });

  it('widens to every longitude near a pole or across the antimeridian', () => {
    expect(boundingBox({ lat: 89.99, lng: 10 }, 50)).toMatchObject({ minLng: -180, maxLng: 180 });
    expect(boundingBox({ lat: 0, lng: 179.99 }, 50)).toMatchObject({ minLng: -180, maxLng: 180 });
  });
});

describe('formatDistance', () => {
  it('formats metric and imperial distances', () => {
    expect(formatDistance(0.004, 'metric')).toBe('10 m');
    expect(formatDistance(0.846, 'metric')).toBe('850 m');
    expect(formatDistance(1.234, 'metric')).toBe('1.2 km');
    expect(formatDistance(12.6, 'metric')).toBe('13 km');
    expect(formatDistance(1.1, 'imperial')).toBe('0.7 mi');
    expect(formatDistance(0.01, 'imperial')).toBe('0.1 mi');
    expect(formatDistance(20, 'imperial')).toBe('12 mi');
  });
});

/** The point `km` away from `from` on a compass bearing (spherical Earth). */
function destination(from: LatLng, bearingDegrees: number, km: number): LatLng {
  const R = 6371.0088;
  const d = km / R;
  const bearing = (bearingDegrees * Math.PI) / 180;
  const lat1 = (from.lat * Math.PI) / 180;
  const lng1 = (from.lng * Math.PI) / 180;
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing),
  );
  const lng2 =
    lng1 +
    Math.atan2(
      Math.sin(bearing) * Math.sin(d) * Math.cos(lat1),
      Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { lat: (lat2 * 180) / Math.PI, lng: (lng2 * 180) / Math.PI };
}
