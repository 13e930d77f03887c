import type { OwnReview, Review } from '@localmart/contract';
import type { ReactNode } from 'react';

const DATE = new Intl.DateTimeFormat('en-CA', { month: 'short', day: 'numeric', year: 'numeric' });

/** One review as the store and the admin read it: stars, author, what it is about, text, photo, reply. */
export function ReviewCard({
  review,
  children,
}: {
  review: Review | OwnReview;
  /** The reply box (store) or the removal form (admin). */
  children?: ReactNode;
}) {
  const about =
    review.subject.kind === 'store' ? `${review.business.name} (the store)` : review.subject.title;
  return (
    <li className="mys-card mrv-card">
      <article aria-label={`Review by ${review.authorName} of ${about}`}>
        <header className="mrv-head">
          <span className="mrv-stars" role="img" aria-label={`${review.stars} out of 5 stars`}>
            {'★'.repeat(review.stars)}
            {'☆'.repeat(5 - review.stars)}
          </span>
          <span className="mrv-meta">
            {review.authorName} · {DATE.format(new Date(review.createdAt))}
            {review.editedAt ? ' · edited' : ''}
          </span>
        </header>
        <p className="mrv-about">About {about}</p>
        {review.text ? <p className="mrv-text">{review.text}</p> : null}
        {review.photoUrl ? (
          <img
            className="mrv-photo"
            src={review.photoUrl}
            alt={`From ${review.authorName}'s review`}
          />
        ) : null}
        {review.reply ? (
          <p className="mrv-reply">
            <strong>Reply from {review.business.name}:</strong> {review.reply.text}
          </p>
        ) : null}
        {children}
      </article>
    </li>
  );
}
