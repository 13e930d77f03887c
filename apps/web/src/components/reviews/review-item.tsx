import type { Review } from '@localmart/contract';
import './reviews.css';

/** "★★★★☆": the stars as a picture, said as "4 out of 5 stars". */
export function StarsText({ stars }: { stars: number }) {
  return (
    <span className="lm-review-stars" role="img" aria-label={`${stars} out of 5 stars`}>
      {'★'.repeat(stars)}
      {'☆'.repeat(5 - stars)}
    </span>
  );
}

const DATE = new Intl.DateTimeFormat('en-CA', { month: 'short', day: 'numeric', year: 'numeric' });

export function reviewDate(iso: string): string {
  return DATE.format(new Date(iso));
}

export interface ReviewItemProps {
  review: Review;
  /** On a store's page, an item's review says what it is about ("About Margherita"). */
  showSubject?: boolean;
}

/** One review as shoppers read it: stars, author, date, what it is about, text, photo, reply. */
export function ReviewItem({ review, showSubject = false }: ReviewItemProps) {
  return (
    <article className="lm-review" aria-label={`Review by ${review.authorName}`}>
      <div className="lm-review-top">
        <StarsText stars={review.stars} />
        <span className="lm-review-muted">
          {review.authorName} · {reviewDate(review.createdAt)}
          {review.editedAt && ' · edited'}
        </span>
      </div>
      {showSubject && review.subject.kind !== 'store' && (
        <p className="lm-review-about">About {review.subject.title}</p>
      )}
      {review.text && <p className="lm-review-text">{review.text}</p>}
      {review.photoUrl && (
        <img
          className="lm-review-photo"
          src={review.photoUrl}
          alt={`From ${review.authorName}'s review`}
          loading="lazy"
        />
      )}
      {review.reply && (
        <div className="lm-review-reply">
          <strong>Reply from {review.business.name}</strong>
          {review.reply.text}
        </div>
      )}
    </article>
  );
}
