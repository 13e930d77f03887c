import { type ReactNode, useId } from 'react';
import { useEscapeKey } from '../lib/use-escape-key.ts';
import './modal-dialog.css';
import './buttons.css';

/**
 * A modal panel over the page: a backdrop, a role="dialog" labelled by its title, Escape closes.
 * Plain markup rather than <dialog>.showModal() (which jsdom lacks) or an Ionic overlay, so it
 * works the same in the desk layout, at 390 px and in tests. `closeButton` adds a Close button beside
 * the title (for panels whose own buttons do not all close them).
 */
export function ModalDialog({
  title,
  onClose,
  closeButton = false,
  className,
  children,
}: {
  title: string;
  onClose: () => void;
  closeButton?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  useEscapeKey(onClose);
  return (
    <div className="mys-dialog-backdrop">
      <div
        className={className ? `mys-dialog ${className}` : 'mys-dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <header className="mys-dialog-header">
          <h2 id={titleId}>{title}</h2>
          {closeButton ? (
            <button type="button" className="mys-plain-button" onClick={onClose}>
              Close
            </button>
          ) : null}
        </header>
        {children}
      </div>
    </div>
  );
}
