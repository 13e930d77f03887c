/** Shelf prices end in 9 ($4.99, $12.49, $129.99) the way Canadian retailers price them. */
export function charmPrice(cents: number): number {
  if (cents < 1_000) return Math.max(9, Math.round(cents / 10) * 10 - 1);
  if (cents < 10_000) return Math.round(cents / 50) * 50 - 1;
  return Math.round(cents / 100) * 100 - 1;
}

/** Menu prices move in quarters ($14.25, $14.50). */
export function menuPrice(cents: number): number {
  return Math.max(25, Math.round(cents / 25) * 25);
}

export const DEMO_CURRENCY = 'CAD';
