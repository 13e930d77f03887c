import { useId, type ReactNode } from 'react';
import { QrScanButton } from './qr-scan-button.tsx';
import '../../../components/buttons.css';

/**
 * A pickup code, typed or scanned from the shopper's QR code, and its submit button: the form that
 * both completes a pickup and finds an order by code. `onCode` gets the typed text on submit, or the
 * scanned text as read; the caller checks it and says what is wrong in `error`.
 */
export function PickupCodeForm({
  label,
  code,
  onCodeChange,
  onCode,
  error,
  busy,
  submitText,
  className,
  ariaLabel,
  fieldClassName,
  errorClassName,
}: {
  label: string;
  code: string;
  onCodeChange: (code: string) => void;
  onCode: (text: string) => void;
  error: string | null;
  busy: boolean;
  submitText: ReactNode;
  className: string;
  /** The form's own name, when it stands alone on the page (a landmark). */
  ariaLabel?: string;
  fieldClassName: string;
  errorClassName: string;
}) {
  const errorId = useId();
  return (
    <form
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onCode(code);
      }}
      noValidate
      aria-label={ariaLabel}
    >
      <label className={fieldClassName}>
        {label}
        <input
          value={code}
          onChange={(event) => onCodeChange(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </label>
      <button type="submit" className="mys-action-button" disabled={busy}>
        {submitText}
      </button>
      <QrScanButton onScan={onCode} />
      {error ? (
        <p id={errorId} className={errorClassName} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
