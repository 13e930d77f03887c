import type { BusinessKind } from '@localmart/contract';

/** The kind segment of the Stores screen; 'all' sends no kind. */
export const KIND_OPTIONS: readonly { value: BusinessKind | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'retail', label: 'Stores' },
  { value: 'restaurant', label: 'Restaurants' },
  { value: 'service', label: 'Services' },
];
