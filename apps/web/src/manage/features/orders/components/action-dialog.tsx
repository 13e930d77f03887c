import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useEscapeKey } from '../../../lib/use-escape-key.ts';
import { useFocusFirstField } from '../../../lib/use-focus-first-field.ts';
import '../../../components/buttons.css';

/**
 * A small form for one move (accept, decline, no-show), shown in place of the action buttons:
 * labelled by its title, focus moves into it on open, Escape closes it. Not a modal overlay: on a
 * counter tablet the order stays readable above it, and there is only ever one submit button to press.
 */
export function ActionDialog({
  title,
  submitLabel,
  busy,
  error,
  onSubmit,
  onClose,
  danger,
  children,
}: {
  title: string;
  submitLabel: string;
  busy: boolean;
  error?: string | null | undefined;
  onSubmit: () => void;
  onClose: () => void;
  danger?: boolean;
  children?: ReactNode;
}) {
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstField(formRef, { orButton: true });
  useEscapeKey(onClose);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <div className="mo-dialog-frame">
      <div className="mo-dialog" role="dialog" aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        <form ref={formRef} onSubmit={submit} noValidate>
          {children}
          {error ? (
            <p className="mys-field-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="mo-dialog-actions">
            <button
              type="button"
              className="mys-action-button mys-action-button-quiet"
              onClick={onClose}
            >
              Cancel
            </button>
            <button
              type="submit"
              className={
                danger ? 'mys-action-button mys-action-button-danger' : 'mys-action-button'
              }
              disabled={busy}
            >
              {busy ? 'Working…' : submitLabel}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
