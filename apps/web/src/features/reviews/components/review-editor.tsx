import {
  isSuccess,
  type OwnReview,
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_TEXT_MAX,
  reviewMessages,
  type ReviewSubject,
  toastTitles,
  type ImageRef,
} from '@localmart/contract';
import { useId, useState } from 'react';
import { catalogImageUrl } from '../../../components/catalog/catalog-image.tsx';
import { showSuccess } from '../../../components/ui/toasts/toasts.ts';
import { uploadReviewPhoto, useSaveReview } from '../api/reviews-api.ts';

export const PUBLISH_LABEL = 'Publish review';
export const UPDATE_LABEL = 'Update review';
export const ADD_PHOTO_LABEL = 'Add a photo';
export const REMOVE_PHOTO_LABEL = 'Remove photo';

const STAR_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

export interface ReviewEditorProps {
  orderId: string;
  subject: ReviewSubject;
  image: ImageRef | null;
  review: OwnReview | null;
}

/**
 * One thing to rate on the "Rate your order" page: the store or an item. Stars (a radio group, so a
 * keyboard and a screen reader choose them like any option), optional words and an optional photo,
 * uploaded to our own media store first; saving again edits the review. A review an admin removed
 * says why and cannot be edited back.
 */
export function ReviewEditor({ orderId, subject, image, review }: ReviewEditorProps) {
  const headingId = useId();
  const textId = useId();
  const photoId = useId();
  const [stars, setStars] = useState<number>(review?.stars ?? 0);
  const [text, setText] = useState(review?.text ?? '');
  const [photo, setPhoto] = useState<{ id: string; url: string } | null>(
    review?.photoUrl ? { id: review.photoUrl.split('/').pop() ?? '', url: review.photoUrl } : null,
  );
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveReview(orderId);
  const kindWord = subject.kind === 'store' ? 'The store' : 'What you bought';

  if (review?.removed) {
    return (
      <section className="lm-rate-card" aria-labelledby={headingId}>
        <p className="lm-rate-kind">{kindWord}</p>
        <h2 id={headingId} className="lm-rate-title">
          {subject.title}
        </h2>
        <p className="lm-rate-removed" role="note">
          Your review was removed by Localmart: {review.removed.reason}
        </p>
      </section>
    );
  }

  async function choosePhoto(file: File | undefined) {
    setError(null);
    if (!file) return;
    if (file.size > REVIEW_PHOTO_MAX_BYTES) {
      setError(reviewMessages.photoTooLarge);
      return;
    }
    setUploading(true);
    const answer = await uploadReviewPhoto(file);
    setUploading(false);
    if (isSuccess(answer)) setPhoto(answer.result);
    else setError(answer.message);
  }

  async function submit() {
    setError(null);
    if (stars < 1) {
      setError(reviewMessages.starsRange);
      return;
    }
    const answer = await save.mutateAsync({
      orderId,
      subject: { kind: subject.kind, id: subject.id },
      stars,
      text,
      photoId: photo?.id ?? null,
    });
    if (isSuccess(answer)) {
      setText(answer.result.text);
      showSuccess(toastTitles.success, answer.message ?? reviewMessages.reviewSaved);
    } else setError(answer.message);
  }

  return (
    <section className="lm-rate-card" aria-labelledby={headingId}>
      <div className="lm-rate-head">
        {image && <img className="lm-rate-image" src={catalogImageUrl(image.url)} alt="" />}
        <div>
          <p className="lm-rate-kind">{kindWord}</p>
          <h2 id={headingId} className="lm-rate-title">
            {subject.title}
          </h2>
        </div>
      </div>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <fieldset className="lm-star-input">
          <legend>Your rating of {subject.title}</legend>
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className={value <= stars ? 'lm-star lm-star-on' : 'lm-star'}>
              <input
                type="radio"
                name={`${headingId}-stars`}
                value={value}
                checked={stars === value}
                onChange={() => setStars(value)}
                aria-label={value === 1 ? '1 star' : `${value} stars`}
              />
              <span aria-hidden="true">★</span>
            </label>
          ))}
          <span className="lm-star-word" aria-live="polite">
            {STAR_WORDS[stars] ?? ''}
          </span>
        </fieldset>
        <label htmlFor={textId} className="lm-rate-label">
          Your review (optional)
        </label>
        <textarea
          id={textId}
          className="lm-rate-text"
          value={text}
          maxLength={REVIEW_TEXT_MAX}
          rows={3}
          placeholder="What was good, what could be better?"
          onChange={(event) => setText(event.target.value)}
        />
        <div className="lm-rate-photo">
          {photo ? (
            <>
              <img
                src={catalogImageUrl(photo.url)}
                alt="Attached to your review"
                className="lm-rate-photo-preview"
              />
              <button type="button" className="lm-link-button" onClick={() => setPhoto(null)}>
                {REMOVE_PHOTO_LABEL}
              </button>
            </>
          ) : (
            <>
              <label htmlFor={photoId} className="lm-button lm-rate-photo-button">
                {uploading ? 'Adding photo…' : ADD_PHOTO_LABEL}
              </label>
              <input
                id={photoId}
                className="lm-visually-hidden"
                type="file"
                accept="image/jpeg,image/png,image/webp"
                disabled={uploading}
                onChange={(event) => void choosePhoto(event.target.files?.[0])}
              />
            </>
          )}
        </div>
        {error && (
          <p className="lm-rate-error" role="alert">
            {error}
          </p>
        )}
        {review?.reply && (
          <p className="lm-rate-reply">
            <strong>The store replied:</strong> {review.reply.text}
          </p>
        )}
        <button
          type="submit"
          className="lm-button lm-button-primary"
          disabled={save.isPending || uploading}
        >
          {review ? UPDATE_LABEL : PUBLISH_LABEL}
        </button>
      </form>
    </section>
  );
}
