import { lazy, Suspense } from 'react';
import type { ReviewsOf } from './reviews-section.tsx';

// The list, its query and its styles are a chunk of their own, fetched when a store or product page
// renders it, so neither the shell nor the page's first chunk carries them.
const ReviewsSection = lazy(() =>
  import('./reviews-section.tsx').then((m) => ({ default: m.ReviewsSection })),
);

/** The reviews of a store or a product, loaded on demand below the page's own content. */
export function ReviewsSectionSlot({ of }: { of: ReviewsOf }) {
  return (
    <Suspense fallback={<p className="lm-review-muted">Loading reviews…</p>}>
      <ReviewsSection of={of} />
    </Suspense>
  );
}
