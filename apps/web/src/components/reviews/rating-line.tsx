import { answerTimeLabel, type RatingSummary, ratingLabel } from '@localmart/contract';
import './reviews.css';

export interface RatingLineProps {
  rating: RatingSummary | null | undefined;
  className?: string;
}

/**
 * "★ 4.6 (12)" on a card or a page: the average of the verified reviews and how many, read aloud as
 * "4.6 out of 5, 12 reviews". Nothing before the first review (no empty stars that look like a bad
 * score).
 */
export function RatingLine({ rating, className }: RatingLineProps) {
  if (!rating) return null;
  return (
    <span
      className={['lm-rating-line', className].filter(Boolean).join(' ')}
      role="img"
      aria-label={`Rated ${ratingLabel(rating)}`}
    >
      <span className="lm-rating-star" aria-hidden="true">
        ★
      </span>
      <span aria-hidden="true">
        {rating.average.toFixed(1)} <span className="lm-rating-count">({rating.count})</span>
      </span>
    </span>
  );
}

/** "Usually answers in about 12 min": only with enough real answers (the server sends null else). */
export function AnswerTimeBadge({ minutes }: { minutes: number | null | undefined }) {
  if (minutes === null || minutes === undefined) return null;
  return <span className="lm-answer-badge">{answerTimeLabel(minutes)}</span>;
}
