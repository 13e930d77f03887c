import type { LatLng } from './geo.ts';
import { haversineKm } from './geo.ts';
import type { Place } from './schemas/location.ts';

/**
 * The bundled place list of user-location: the demo region (Toronto neighbourhoods and the towns
 * around it) plus Canada's other large cities, so a shopper can pick a place instead of sharing GPS.
 * Coordinates are each place's centre or main street, to about 100 m.
 */
type PlaceRow = readonly [id: string, name: string, city: string, lat: number, lng: number];

const TORONTO: readonly PlaceRow[] = [
  ['toronto-downtown', 'Downtown Toronto', 'Toronto', 43.6532, -79.3832],
  ['kensington-market', 'Kensington Market', 'Toronto', 43.6547, -79.4005],
  ['chinatown', 'Chinatown', 'Toronto', 43.653, -79.3977],
  ['leslieville', 'Leslieville', 'Toronto', 43.6626, -79.3322],
  ['the-annex', 'The Annex', 'Toronto', 43.6703, -79.4074],
  ['liberty-village', 'Liberty Village', 'Toronto', 43.6378, -79.4208],
  ['yorkville', 'Yorkville', 'Toronto', 43.671, -79.3936],
  ['distillery-district', 'Distillery District', 'Toronto', 43.6503, -79.3597],
  ['st-lawrence-market', 'St. Lawrence Market', 'Toronto', 43.6487, -79.3716],
  ['little-italy', 'Little Italy', 'Toronto', 43.6553, -79.414],
  ['trinity-bellwoods', 'Trinity Bellwoods', 'Toronto', 43.6468, -79.4139],
  ['ossington', 'Ossington', 'Toronto', 43.6486, -79.4203],
  ['the-beaches', 'The Beaches', 'Toronto', 43.668, -79.298],
  ['greektown', 'Greektown on the Danforth', 'Toronto', 43.6781, -79.3497],
  ['roncesvalles', 'Roncesvalles', 'Toronto', 43.647, -79.4491],
  ['high-park', 'High Park', 'Toronto', 43.6465, -79.4637],
  ['bloor-west-village', 'Bloor West Village', 'Toronto', 43.6497, -79.484],
  ['the-junction', 'The Junction', 'Toronto', 43.6656, -79.4679],
  ['yonge-eglinton', 'Yonge and Eglinton', 'Toronto', 43.7066, -79.3985],
  ['leaside', 'Leaside', 'Toronto', 43.705, -79.365],
  ['forest-hill', 'Forest Hill', 'Toronto', 43.6945, -79.4145],
  ['cabbagetown', 'Cabbagetown', 'Toronto', 43.667, -79.367],
  ['church-wellesley', 'Church-Wellesley Village', 'Toronto', 43.6656, -79.3808],
  ['harbourfront', 'Harbourfront', 'Toronto', 43.6389, -79.3817],
  ['don-mills', 'Don Mills', 'Toronto', 43.7345, -79.3446],
  ['north-york', 'North York Centre', 'Toronto', 43.768, -79.4128],
  ['scarborough', 'Scarborough Town Centre', 'Toronto', 43.7757, -79.2578],
  ['etobicoke', 'Etobicoke (Islington Village)', 'Toronto', 43.6455, -79.5235],
];

const GREATER_TORONTO: readonly PlaceRow[] = [
  ['mississauga', 'Mississauga', 'Mississauga', 43.5931, -79.6424],
  ['oakville', 'Oakville', 'Oakville', 43.4675, -79.6877],
  ['burlington', 'Burlington', 'Burlington', 43.3255, -79.799],
  ['milton', 'Milton', 'Milton', 43.5183, -79.8774],
  ['brampton', 'Brampton', 'Brampton', 43.685, -79.7599],
  ['vaughan', 'Vaughan', 'Vaughan', 43.8563, -79.5085],
  ['richmond-hill', 'Richmond Hill', 'Richmond Hill', 43.8828, -79.4403],
  ['markham', 'Markham', 'Markham', 43.8561, -79.337],
  ['newmarket', 'Newmarket', 'Newmarket', 44.0592, -79.4613],
  ['pickering', 'Pickering', 'Pickering', 43.8384, -79.0868],
  ['ajax', 'Ajax', 'Ajax', 43.8509, -79.0204],
  ['oshawa', 'Oshawa', 'Oshawa', 43.8971, -78.8658],
  ['hamilton', 'Hamilton', 'Hamilton', 43.2557, -79.8711],
];

const OTHER_CITIES: readonly (readonly [...PlaceRow, region: string])[] = [
  ['ottawa', 'Ottawa', 'Ottawa', 45.4215, -75.6972, 'Ontario'],
  ['montreal', 'Montréal', 'Montréal', 45.5017, -73.5673, 'Quebec'],
  ['quebec-city', 'Québec City', 'Québec City', 46.8139, -71.208, 'Quebec'],
  ['halifax', 'Halifax', 'Halifax', 44.6488, -63.5752, 'Nova Scotia'],
  ['winnipeg', 'Winnipeg', 'Winnipeg', 49.8951, -97.1384, 'Manitoba'],
  ['calgary', 'Calgary', 'Calgary', 51.0447, -114.0719, 'Alberta'],
  ['edmonton', 'Edmonton', 'Edmonton', 53.5461, -113.4938, 'Alberta'],
  ['vancouver', 'Vancouver', 'Vancouver', 49.2827, -123.1207, 'British Columbia'],
];

const toPlace = ([id, name, city, lat, lng]: PlaceRow, region: string): Place => ({
  id,
  name,
  city,
  region,
  country: 'CA',
  lat,
  lng,
});

export const PLACES: readonly Place[] = [
  ...TORONTO.map((row) => toPlace(row, 'Ontario')),
  ...GREATER_TORONTO.map((row) => toPlace(row, 'Ontario')),
  ...OTHER_CITIES.map(([id, name, city, lat, lng, region]) =>
    toPlace([id, name, city, lat, lng], region),
  ),
];

/** The demo city's centre: where the app looks before the shopper sets a location. */
export const DEFAULT_PLACE_ID = 'toronto-downtown';

export function findPlace(id: string): Place | undefined {
  return PLACES.find((place) => place.id === id);
}

export const DEFAULT_PLACE: Place = findPlace(DEFAULT_PLACE_ID) ?? (PLACES[0] as Place);
export const DEFAULT_LOCATION: LatLng = { lat: DEFAULT_PLACE.lat, lng: DEFAULT_PLACE.lng };

/** The listed place nearest a point: "Near Leslieville" for a GPS fix. */
export function nearestPlace(point: LatLng): Place {
  let best = DEFAULT_PLACE;
  let bestKm = Number.POSITIVE_INFINITY;
  for (const place of PLACES) {
    const km = haversineKm(point, place);
    if (km < bestKm) [best, bestKm] = [place, km];
  }
  return best;
}
