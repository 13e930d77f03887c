import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'children'
> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The validation message; shown under the field and read as its description. */
  error?: string | undefined;
  hint?: ReactNode;
}

/**
 * A labelled text input with its validation message underneath. A native <input> rather than
 * IonInput: the label, `aria-invalid` and `aria-describedby` sit on the very element that takes the
 * text, Enter submits the form as in any HTML form, and the field behaves the same in unit tests.
 */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  id,
  className,
  ...input
}: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div
      className={['lm-field', error ? 'lm-field-invalid' : null, className]
        .filter(Boolean)
        .join(' ')}
    >
      <label className="lm-field-label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="lm-input"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && (
        <p id={hintId} className="lm-field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="lm-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
