import {
  DECLINE_REASON_LABELS,
  DECLINE_REASONS,
  declineOrderRequest,
  type DeclineOrderRequest,
  type DeclineReason,
  type StoreOrderItem,
} from '@localmart/contract';
import { useState } from 'react';
import { ActionDialog } from './action-dialog.tsx';

/**
 * Decline: a reason for the shopper; "out of stock" names the items (at least one), which the server
 * marks on the order and zeroes in the store's stock. Checked with the contract's own schema.
 */
export function DeclineForm({
  items,
  busy,
  onDecline,
  onClose,
}: {
  items: readonly StoreOrderItem[];
  busy: boolean;
  onDecline: (body: DeclineOrderRequest) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<DeclineReason | ''>('');
  const [outOfStock, setOutOfStock] = useState<ReadonlySet<string>>(new Set());
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);

  function toggle(itemId: string, checked: boolean) {
    setOutOfStock((current) => {
      const next = new Set(current);
      if (checked) next.add(itemId);
      else next.delete(itemId);
      return next;
    });
  }

  function submit() {
    const body: DeclineOrderRequest = {
      reason: reason as DeclineReason,
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(reason === 'out_of_stock' ? { outOfStockItemIds: [...outOfStock] } : {}),
    };
    const checked = declineOrderRequest.safeParse(body);
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? null);
      return;
    }
    setInvalid(null);
    onDecline(body);
  }

  return (
    <ActionDialog
      title="Decline this order"
      submitLabel="Decline order"
      busy={busy}
      error={invalid}
      onSubmit={submit}
      onClose={onClose}
      danger
    >
      <label className="mys-field">
        Reason
        <select
          value={reason}
          onChange={(event) => setReason(event.target.value as DeclineReason | '')}
        >
          <option value="">Choose a reason</option>
          {DECLINE_REASONS.map((entry) => (
            <option key={entry} value={entry}>
              {DECLINE_REASON_LABELS[entry]}
            </option>
          ))}
        </select>
      </label>
      {reason === 'out_of_stock' ? (
        <fieldset className="mo-choices">
          <legend>Which items are out of stock?</legend>
          {items.map((item) => (
            <label key={item.id} className="mo-choice">
              <input
                type="checkbox"
                checked={outOfStock.has(item.id)}
                onChange={(event) => toggle(item.id, event.target.checked)}
              />
              {item.title}
            </label>
          ))}
          {outOfStock.size > 0 && outOfStock.size < items.length ? (
            <p className="mo-hint" role="note">
              Only some items are missing? Close this and choose{' '}
              <strong>Accept with changes…</strong> to hand over the rest: the shopper pays only for
              what they get.
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <label className="mys-field">
        Note to the shopper (optional)
        <textarea value={note} rows={3} maxLength={500} onChange={(e) => setNote(e.target.value)} />
      </label>
    </ActionDialog>
  );
}
