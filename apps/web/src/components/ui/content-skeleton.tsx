import { IonSkeletonText } from '@ionic/react';

/** Grey bars standing in for a heading and a paragraph while content loads. */
export function ContentSkeleton({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" aria-label={label} className="content-skeleton">
      <IonSkeletonText animated className="content-skeleton-heading" />
      <IonSkeletonText animated className="content-skeleton-line" />
      <IonSkeletonText animated className="content-skeleton-line" />
      <IonSkeletonText animated className="content-skeleton-line content-skeleton-line-short" />
    </div>
  );
}
