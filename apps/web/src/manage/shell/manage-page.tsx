import { IonSpinner } from '@ionic/react';
import type { ReactNode } from 'react';
import '../components/buttons.css';

/**
 * The frame of every manage page: a heading, optional actions on its right, then the content. Pages
 * stay plain documents (no Ionic page transitions): this site is used at a desk or a counter tablet.
 */
export function ManagePage({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mys-page" aria-labelledby="mys-page-title">
      <header className="mys-page-header">
        <div>
          <h1 id="mys-page-title">{title}</h1>
          {subtitle ? <p className="mys-page-subtitle">{subtitle}</p> : null}
        </div>
        {actions ? <div className="mys-page-actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

/** Loading, failed (with retry) and empty states every list and detail page uses. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="mys-state" role="status">
      <IonSpinner name="dots" aria-hidden="true" /> {label}
    </p>
  );
}

export function Failed({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="mys-state mys-state-error" role="alert">
      <p>{message}</p>
      {onRetry ? (
        <button type="button" className="mys-plain-button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mys-state mys-state-empty">
      <p className="mys-state-title">{title}</p>
      {children}
    </div>
  );
}
