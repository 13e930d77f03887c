import { Link } from 'react-router-dom';
import { ReviewItem } from '../../../components/reviews/review-item.tsx';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { ContentSkeleton } from '../../../components/ui/content-skeleton.tsx';
import { EmptyState, ErrorState } from '../../../components/catalog/list-states.tsx';
import { useRequireSession } from '../../../lib/require-session.ts';
import { useSession } from '../../../lib/storage.ts';
import { useMyReviews } from '../api/reviews-api.ts';
import { myReviewsPath } from '../model/paths.ts';
import '../../../components/reviews/reviews.css';
import './reviews-feature.css';

export const MY_REVIEWS_TITLE = 'My reviews';

/**
 * /my-reviews: what the shopper rated, newest first, each with the store's reply; a review removed
 * by Localmart says so and why (the author is the one person who still sees it).
 */
export function MyReviewsPage() {
  useRequireSession(myReviewsPath);
  const { isLoggedIn } = useSession();
  const reviews = useMyReviews();

  let body;
  if (!isLoggedIn || reviews.isPending) body = <ContentSkeleton label="Loading your reviews" />;
  else if (reviews.isError) {
    body = <ErrorState message={reviews.error.message} onRetry={() => void reviews.refetch()} />;
  } else if (reviews.data.length === 0) {
    body = (
      <EmptyState
        title="No reviews yet"
        message="Once an order is completed, open it from My Order and choose Rate your order."
        action={<Link to="/my-order">My Order</Link>}
      />
    );
  } else {
    body = (
      <ul className="lm-review-list" aria-label={MY_REVIEWS_TITLE}>
        {reviews.data.map((review) => (
          <li key={review.id}>
            <p className="lm-my-review-subject">
              {review.subject.kind === 'store'
                ? review.business.name
                : `${review.subject.title} · ${review.business.name}`}
            </p>
            {review.removed ? (
              <p className="lm-rate-removed" role="note">
                Removed by Localmart: {review.removed.reason}
              </p>
            ) : null}
            <ReviewItem review={review} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <AppPage title={MY_REVIEWS_TITLE} backTo="/profile" contentClassName="lm-rate-content">
      {body}
    </AppPage>
  );
}
