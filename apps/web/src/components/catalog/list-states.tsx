import type { ReactNode } from 'react';
import './catalog.css';

export interface ListSkeletonProps {
  count: number;
  /** 'card': image on top (stores, products); 'row': thumbnail beside text (menus, offers). */
  variant: 'card' | 'row';
}

/** Grey shapes where the first page will land, sized like the real cards so nothing jumps. */
export function ListSkeleton({ count, variant }: ListSkeletonProps) {
  return (
    <div
      className={`lm-skeleton-list lm-skeleton-list-${variant}`}
      role="status"
      aria-live="polite"
      aria-busy="true"
    >
      <span className="lm-visually-hidden">Loading…</span>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={`lm-skeleton lm-skeleton-${variant}`} aria-hidden="true">
          <div className="lm-skeleton-media lm-shimmer" />
          <div className="lm-skeleton-lines">
            <div className="lm-skeleton-line lm-shimmer" />
            <div className="lm-skeleton-line lm-skeleton-line-short lm-shimmer" />
            <div className="lm-skeleton-line lm-skeleton-line-shorter lm-shimmer" />
          </div>
        </div>
      ))}
    </div>
  );
}

export interface EmptyStateProps {
  title: string;
  message: string;
  /** A way out: "Clear filters", "Change location". */
  action?: ReactNode;
}

export function EmptyState({ title, message, action }: EmptyStateProps) {
  return (
    <section className="lm-list-state lm-empty-state" aria-label={title}>
      <h2 className="lm-list-state-title">{title}</h2>
      <p className="lm-list-state-message">{message}</p>
      {action && <div className="lm-list-state-action">{action}</div>}
    </section>
  );
}

export const RETRY_LABEL = 'Retry';
export const ERROR_TITLE = 'Something went wrong';

export interface ErrorStateProps {
  message: string;
  onRetry: () => void;
}

/** A list that failed to load: what went wrong and one Retry. */
export function ErrorState({ message, onRetry }: ErrorStateProps) {
  return (
    <section className="lm-list-state lm-error-state" role="alert">
      <h2 className="lm-list-state-title">{ERROR_TITLE}</h2>
      <p className="lm-list-state-message">{message}</p>
      <div className="lm-list-state-action">
        <button type="button" className="lm-button lm-button-primary" onClick={onRetry}>
          {RETRY_LABEL}
        </button>
      </div>
    </section>
  );
}
