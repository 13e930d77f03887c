import { z } from 'zod';

/**
 * A rating as cards and pages show it: the average of the visible reviews' stars (one decimal) and
 * how many there are. Null where nothing was rated yet. Kept free of other contract imports: the
 * catalogue's card schemas embed it.
 */
export const ratingSummarySchema = z.object({
  average: z.number().min(1).max(5),
  count: z.number().int().positive(),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** The average to one decimal from a count and a sum of stars (null for none). */
export function ratingOf(count: number, starTotal: number): RatingSummary | null {
  if (count <= 0) return null;
  return { average: Math.round((starTotal / count) * 10) / 10, count };
}

/** "4.6 (12 reviews)" aloud and on cards; "1 review" in the singular. */
export function ratingLabel(rating: RatingSummary): string {
  return `${rating.average.toFixed(1)} out of 5, ${rating.count} ${rating.count === 1 ? 'review' : 'reviews'}`;
}

/** The store badge's words: "Usually answers in about 12 min" (hours past 90 minutes). */
export function answerTimeLabel(minutes: number): string {
  if (minutes < 90) return `Usually answers in about ${Math.max(1, Math.round(minutes))} min`;
  const hours = Math.round(minutes / 30) / 2;
  return `Usually answers in about ${hours} h`;
}
