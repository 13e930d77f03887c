/**
 * A grey shimmering bar: ion-skeleton-text's look (its shadow styles, copied in app.css as
 * .lm-skeleton-bar) without the component. The page skeleton is in the shell's entry, and
 * ion-skeleton-text with its wrapper was ~1 KB of its gzipped initial JS (issue 18).
 */
export function SkeletonBar({ className }: { className: string }) {
  return <span aria-hidden="true" className={`lm-skeleton-bar ${className}`} />;
}

/** Grey bars standing in for a heading and a paragraph while content loads. */
export function ContentSkeleton({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" aria-label={label} className="content-skeleton">
      <SkeletonBar className="content-skeleton-heading" />
      <SkeletonBar className="content-skeleton-line" />
      <SkeletonBar className="content-skeleton-line" />
      <SkeletonBar className="content-skeleton-line content-skeleton-line-short" />
    </div>
  );
}
