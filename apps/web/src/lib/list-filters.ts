import { formatMoney, type CatalogSort } from '@localmart/contract';

/** What each sort is called on screen; 'distance' only makes sense with a location. */
export const SORT_LABELS: Record<CatalogSort, string> = {
  relevance: 'Best match',
  distance: 'Nearest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

export function sortsFor(hasLocation: boolean): CatalogSort[] {
  const all: CatalogSort[] = ['relevance', 'distance', 'price_asc', 'price_desc'];
  return hasLocation ? all : all.filter((sort) => sort !== 'distance');
}

/** A price band as the list query takes it (minor units), with its chip text. */
export interface PriceBand {
  id: string;
  label: string;
  minPrice?: number;
  maxPrice?: number;
}

/**
 * Bands from cut points in minor units: [1000, 2000] -> 'Under $10.00', '$10.00 to $20.00',
 * '$20.00 and up'. Fixed bands read better on a phone than two free-text boxes.
 */
export function priceBands(cuts: readonly number[], currency: string): PriceBand[] {
  const money = (minor: number) => formatMoney(minor, currency);
  const bands: PriceBand[] = [];
  cuts.forEach((cut, index) => {
    const previous = cuts[index - 1];
    if (previous === undefined) {
      bands.push({ id: `0-${cut}`, label: `Under ${money(cut)}`, maxPrice: cut - 1 });
    } else {
      bands.push({
        id: `${previous}-${cut}`,
        label: `${money(previous)} to ${money(cut)}`,
        minPrice: previous,
        maxPrice: cut - 1,
      });
    }
  });
  const last = cuts.at(-1);
  if (last !== undefined)
    bands.push({ id: `${last}-`, label: `${money(last)} and up`, minPrice: last });
  return bands;
}
