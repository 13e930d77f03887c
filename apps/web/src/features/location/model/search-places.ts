import { PLACES, type Place } from '@localmart/contract';

/** Case- and accent-insensitive text: 'montreal' finds 'Montréal'. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * The bundled places matching what the shopper typed, by name, city or province; every word must
 * match somewhere. Places whose name starts with the text come first, then in list order (the demo
 * city's neighbourhoods lead the list).
 */
export function searchPlaces(text: string, places: readonly Place[] = PLACES): Place[] {
  const words = fold(text).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...places];
  const matches = places.filter((place) => {
    const haystack = fold(`${place.name} ${place.city} ${place.region}`);
    return words.every((word) => haystack.includes(word));
  });
  const first = words.join(' ');
  return [
    ...matches.filter((place) => fold(place.name).startsWith(first)),
    ...matches.filter((place) => !fold(place.name).startsWith(first)),
  ];
}
