import { REVIEW_REMOVAL_REASON_MAX, type OwnReview } from '@localmart/contract';
import { useId, useState } from 'react';
import { QueryStates } from '../../components/query-states.tsx';
import { ManagePage } from '../../shell/manage-page.tsx';
import { ReviewCard } from './review-card.tsx';
import { useAdminReviews, useRemoveReview } from './reviews-api.ts';
import './reviews.css';

export const REMOVE_REVIEW_LABEL = 'Remove review';

/**
 * The admin's review moderation: the newest reviews of every store; a review is removed with a
 * reason its author reads on "My reviews" (it leaves the lists and the ratings at once).
 */
export function AdminReviewsPage() {
  const reviews = useAdminReviews();
  return (
    <ManagePage
      title="Reviews"
      subtitle="The newest reviews of every store. Remove one that breaks the rules; its author sees why."
    >
      <QueryStates
        query={reviews}
        loadingLabel="Loading reviews…"
        isEmpty={(data) => data.length === 0}
        emptyTitle="No reviews yet."
        emptyText={<p>Reviews appear here once shoppers rate completed orders.</p>}
      >
        {(data) => (
          <ul className="mrv-list" aria-label="Reviews">
            {data.map((review) => (
              <ReviewCard key={review.id} review={review}>
                {review.removed ? (
                  <p className="mrv-removed">Removed: {review.removed.reason}</p>
                ) : (
                  <RemovalForm review={review} />
                )}
              </ReviewCard>
            ))}
          </ul>
        )}
      </QueryStates>
    </ManagePage>
  );
}

function RemovalForm({ review }: { review: OwnReview }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useRemoveReview(review.id);
  return (
    <form
      className="mrv-reply-form"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        void remove.mutateAsync(reason).then((outcome) => {
          if (!outcome.ok) setError(outcome.message);
        });
      }}
    >
      <label htmlFor={id}>Reason for removing the review by {review.authorName}</label>
      <input
        id={id}
        value={reason}
        maxLength={REVIEW_REMOVAL_REASON_MAX}
        onChange={(event) => setReason(event.target.value)}
        placeholder="e.g. Personal details of a staff member"
      />
      {error ? (
        <p className="mrv-error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        className="mys-plain-button"
        disabled={remove.isPending || reason.trim() === ''}
      >
        {REMOVE_REVIEW_LABEL}
      </button>
    </form>
  );
}
