import { storeOrderMessages, type AcceptOrderRequest } from '@localmart/contract';
import { useState } from 'react';
import { ActionDialog } from './action-dialog.tsx';

/** The ready-time choices; `usual` sends no time, so the server applies the store's pickup promise. */
const READY_CHOICES = [
  { id: 'usual', label: "Your store's usual time", minutes: null },
  { id: '30', label: 'In 30 min', minutes: 30 },
  { id: '60', label: 'In 1 h', minutes: 60 },
  { id: '120', label: 'In 2 h', minutes: 120 },
  { id: '240', label: 'In 4 h', minutes: 240 },
  { id: 'custom', label: 'At a time I choose', minutes: null },
] as const;
type ReadyChoice = (typeof READY_CHOICES)[number]['id'];

/** "2026-03-06T16:30" for a datetime-local input, in the browser's zone. */
function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/**
 * Accept: when will the order be ready? The store's own promise is the default (the server knows
 * it), or 30 min / 1 h / 2 h / 4 h from now, or a chosen time.
 */
export function AcceptForm({
  busy,
  onAccept,
  onClose,
}: {
  busy: boolean;
  onAccept: (body: AcceptOrderRequest) => void;
  onClose: () => void;
}) {
  const [choice, setChoice] = useState<ReadyChoice>('usual');
  const [custom, setCustom] = useState(() => toLocalInput(new Date(Date.now() + 60 * 60_000)));
  const [invalid, setInvalid] = useState<string | null>(null);

  function submit() {
    const picked = READY_CHOICES.find((entry) => entry.id === choice);
    if (choice === 'usual' || !picked) {
      onAccept({});
      return;
    }
    let readyBy: Date;
    if (choice === 'custom') {
      readyBy = new Date(custom);
      if (Number.isNaN(readyBy.getTime()) || readyBy.getTime() <= Date.now()) {
        setInvalid(storeOrderMessages.readyByInPast);
        return;
      }
    } else {
      readyBy = new Date(Date.now() + (picked.minutes ?? 0) * 60_000);
    }
    setInvalid(null);
    onAccept({ readyBy: readyBy.toISOString() });
  }

  return (
    <ActionDialog
      title="Accept this order"
      submitLabel="Accept order"
      busy={busy}
      error={invalid}
      onSubmit={submit}
      onClose={onClose}
    >
      <fieldset className="mo-choices">
        <legend>Ready for the shopper</legend>
        {READY_CHOICES.map((entry) => (
          <label key={entry.id} className="mo-choice">
            <input
              type="radio"
              name="ready"
              value={entry.id}
              checked={choice === entry.id}
              onChange={() => setChoice(entry.id)}
            />
            {entry.label}
          </label>
        ))}
      </fieldset>
      {choice === 'custom' ? (
        <label className="mys-field">
          Ready by
          <input
            type="datetime-local"
            value={custom}
            onChange={(event) => setCustom(event.target.value)}
          />
        </label>
      ) : null}
    </ActionDialog>
  );
}
