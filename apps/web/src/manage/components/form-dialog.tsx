import { type FormEvent, type ReactNode, useRef } from 'react';
import { useFocusFirstField } from '../lib/use-focus-first-field.ts';
import { ModalDialog } from './modal-dialog.tsx';
import './buttons.css';

/**
 * A modal form (add or edit a record, create a flyer): a labelled dialog with Cancel and a submit
 * button; Escape cancels, focus starts on the first field, the error (the server's or the
 * contract's message) is announced above the buttons.
 */
export function FormDialog({
  title,
  saveLabel = 'Save',
  busyLabel = 'Saving…',
  busy = false,
  error,
  onSubmit,
  onCancel,
  className,
  children,
}: {
  title: string;
  saveLabel?: string;
  busyLabel?: string;
  busy?: boolean;
  error?: string | null;
  onSubmit: () => void;
  onCancel: () => void;
  className?: string;
  children: ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstField(formRef);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <ModalDialog title={title} onClose={onCancel} {...(className ? { className } : {})}>
      <form ref={formRef} onSubmit={submit} noValidate>
        {children}
        {error ? (
          <p className="mys-field-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="mys-dialog-actions">
          <button type="button" className="mys-plain-button" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="submit"
            className="mys-plain-button mys-plain-button-primary"
            disabled={busy}
          >
            {busy ? busyLabel : saveLabel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
