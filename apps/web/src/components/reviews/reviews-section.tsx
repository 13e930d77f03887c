import { useInfiniteQuery } from '@tanstack/react-query';
import { isSuccess, reviewPageResponse, reviewPaths } from '@localmart/contract';
import { http } from '../../lib/http.ts';
import { RatingLine } from './rating-line.tsx';
import { ReviewItem } from './review-item.tsx';
import './reviews.css';

export type ReviewsOf =
  { kind: 'store'; businessId: string } | { kind: 'product'; productId: string };

export const REVIEWS_HEADING = 'Reviews';
export const MORE_REVIEWS_LABEL = 'More reviews';
export const NO_REVIEWS_TEXT =
  'No reviews yet. Shoppers who complete an order can rate it from the order page.';

function pathOf(of: ReviewsOf): string {
  return of.kind === 'store'
    ? reviewPaths.storeReviews(of.businessId)
    : reviewPaths.productReviews(of.productId);
}

async function fetchPage(of: ReviewsOf, cursor: string | undefined) {
  const answer = await http.getNoToken(
    pathOf(of),
    cursor ? { cursor } : undefined,
    reviewPageResponse,
  );
  if (!isSuccess(answer)) throw new Error(answer.message);
  return answer;
}

/**
 * The verified reviews of a store (its own and what was bought there) or of a product, newest first,
 * with their rating and a "More reviews" button. Loaded as its own chunk by ReviewsSectionSlot.
 */
export function ReviewsSection({ of }: { of: ReviewsOf }) {
  const query = useInfiniteQuery({
    queryKey: ['reviews', of.kind, of.kind === 'store' ? of.businessId : of.productId],
    queryFn: ({ pageParam }) => fetchPage(of, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const first = query.data?.pages[0];
  const reviews = query.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <section className="lm-reviews" aria-labelledby="lm-reviews-heading">
      <div className="lm-reviews-head">
        <h2 id="lm-reviews-heading">{REVIEWS_HEADING}</h2>
        <RatingLine rating={first?.result.rating} />
      </div>
      {query.isPending && <p className="lm-review-muted">Loading reviews…</p>}
      {query.isError && <p className="lm-review-muted">Reviews could not be loaded.</p>}
      {query.isSuccess && reviews.length === 0 && (
        <p className="lm-review-muted">{NO_REVIEWS_TEXT}</p>
      )}
      {reviews.length > 0 && (
        <ul className="lm-review-list">
          {reviews.map((review) => (
            <li key={review.id}>
              <ReviewItem review={review} showSubject={of.kind === 'store'} />
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className="lm-link-button"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {MORE_REVIEWS_LABEL}
        </button>
      )}
    </section>
  );
}
