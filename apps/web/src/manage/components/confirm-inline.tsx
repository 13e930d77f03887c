import type { ReactNode } from 'react';
import './buttons.css';

/**
 * A destructive action in a table row that asks in place: the button ("Revoke"), then the question
 * with "Yes, revoke" and Cancel. Controlled: the page owns which row is asking, and what happens.
 */
export function ConfirmInline({
  verb,
  name,
  question,
  confirming,
  busy = false,
  onAsk,
  onConfirm,
  onCancel,
}: {
  /** "Revoke", "Remove": the button, and "Yes, revoke" once it asks. */
  verb: string;
  /** What it acts on, for the accessible names ("Revoke Till system"). */
  name: string;
  question: ReactNode;
  confirming: boolean;
  busy?: boolean;
  onAsk: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  if (!confirming) {
    return (
      <button
        type="button"
        className="mys-action-button mys-action-button-quiet mys-action-button-danger mys-action-button-small"
        aria-label={`${verb} ${name}`}
        onClick={onAsk}
      >
        {verb}
      </button>
    );
  }
  return (
    <span className="mys-confirm" role="group" aria-label={`${verb} ${name}?`}>
      {question}
      <button
        type="button"
        className="mys-action-button mys-action-button-danger mys-action-button-small"
        disabled={busy}
        onClick={onConfirm}
      >
        Yes, {verb.toLowerCase()}
      </button>
      <button
        type="button"
        className="mys-action-button mys-action-button-quiet mys-action-button-small"
        onClick={onCancel}
      >
        Cancel
      </button>
    </span>
  );
}
