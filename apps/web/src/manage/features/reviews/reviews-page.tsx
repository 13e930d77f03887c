import { REVIEW_REPLY_MAX, type Review } from '@localmart/contract';
import { useId, useState } from 'react';
import { QueryStates } from '../../components/query-states.tsx';
import { useCurrentStore } from '../../lib/store-context.tsx';
import { ManagePage } from '../../shell/manage-page.tsx';
import { ReviewCard } from './review-card.tsx';
import { useReplyToReview, useStoreReviews } from './reviews-api.ts';
import './reviews.css';

export const SEND_REPLY_LABEL = 'Publish reply';

/**
 * The store's verified reviews (ADR 0016): of the store and of what was bought in it, newest first.
 * Every member reads them; the reply speaks for the store in public, so the owner writes it, once.
 */
export function ReviewsPage() {
  const { businessId, canOwn } = useCurrentStore();
  const reviews = useStoreReviews(businessId);
  return (
    <ManagePage
      title="Reviews"
      subtitle="What shoppers who completed an order said. Each review gets one public reply from the store."
    >
      <QueryStates
        query={reviews}
        loadingLabel="Loading reviews…"
        isEmpty={(data) => data.length === 0}
        emptyTitle="No reviews yet."
        emptyText={<p>When a shopper rates a completed order, the review appears here.</p>}
      >
        {(data) => (
          <ul className="mrv-list" aria-label="Reviews">
            {data.map((review) => (
              <ReviewCard key={review.id} review={review}>
                {review.reply ? null : canOwn ? (
                  <ReplyBox businessId={businessId} review={review} />
                ) : (
                  <p className="mrv-note">Only the store's owner can reply.</p>
                )}
              </ReviewCard>
            ))}
          </ul>
        )}
      </QueryStates>
    </ManagePage>
  );
}

function ReplyBox({ businessId, review }: { businessId: string; review: Review }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reply = useReplyToReview(businessId, review.id);
  return (
    <form
      className="mrv-reply-form"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        void reply.mutateAsync(text).then((outcome) => {
          if (!outcome.ok) setError(outcome.message);
        });
      }}
    >
      <label htmlFor={id}>Reply to {review.authorName}</label>
      <textarea
        id={id}
        value={text}
        rows={3}
        maxLength={REVIEW_REPLY_MAX}
        onChange={(event) => setText(event.target.value)}
        placeholder="Thank them, or say what you will change. Shoppers see your reply."
      />
      {error ? (
        <p className="mrv-error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        className="mys-plain-button mys-plain-button-primary"
        disabled={reply.isPending || text.trim() === ''}
      >
        {SEND_REPLY_LABEL}
      </button>
    </form>
  );
}
