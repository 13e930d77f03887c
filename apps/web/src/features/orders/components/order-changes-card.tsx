import {
  formatPrice,
  lineChangeText,
  type OrderDetail,
  type OrderSubstitution,
  SUBSTITUTION_PREFERENCE_LABELS,
  SUBSTITUTION_STATUS_TEXT,
} from '@localmart/contract';
import { useState } from 'react';
import { catalogImageUrl } from '../../../components/catalog/catalog-image.tsx';
import { useDecideSubstitution } from '../api/decide-substitution.ts';
import { formatDateTime } from '../model/format.ts';
import './order-changes-card.css';

export const ACCEPT_SUBSTITUTE_LABEL = 'Accept substitute';
export const REJECT_SUBSTITUTE_LABEL = 'No thanks, refund it';

/** What happens without an answer, in the shopper's words. */
function fallbackText(sub: OrderSubstitution): string {
  return sub.preference === 'best_match'
    ? 'No answer means yes (you chose best match).'
    : 'No answer means no: you get a refund for it.';
}

function Proposal({ orderId, sub }: { orderId: string; sub: OrderSubstitution }) {
  const decide = useDecideSubstitution(orderId);
  const [error, setError] = useState<string | null>(null);
  const send = (decision: 'approved' | 'rejected') => {
    setError(null);
    decide.mutate(
      { substitutionId: sub.id, decision },
      { onError: (failure) => setError(failure.message) },
    );
  };
  return (
    <li className="lm-sub-proposal">
      <div className="lm-sub-proposal-item">
        {sub.image ? (
          <img src={catalogImageUrl(sub.image.url)} alt="" width={56} height={56} />
        ) : (
          <span className="lm-order-item-blank" aria-hidden="true" />
        )}
        <div>
          <p className="lm-sub-proposal-title">
            {sub.quantity} × {sub.title}
          </p>
          <p className="lm-order-muted">
            Instead of {sub.forTitle} · {formatPrice(sub.lineTotal)}
          </p>
        </div>
      </div>
      <p className="lm-sub-deadline">
        Answer by {formatDateTime(sub.expiresAt)}. {fallbackText(sub)}
      </p>
      <div className="lm-sub-actions">
        <button
          type="button"
          className="lm-button lm-button-primary"
          disabled={decide.isPending}
          onClick={() => send('approved')}
        >
          {ACCEPT_SUBSTITUTE_LABEL}
        </button>
        <button
          type="button"
          className="lm-button"
          disabled={decide.isPending}
          onClick={() => send('rejected')}
        >
          {REJECT_SUBSTITUTE_LABEL}
        </button>
      </div>
      {error ? (
        <p className="lm-sub-error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/**
 * What the store changed on the order (issue 15): substitutes waiting for the shopper's answer first,
 * then the items not available or handed over in part and the substitutes answered, and the total
 * before and now. Nothing when nothing changed.
 */
export function OrderChangesCard({ order }: { order: OrderDetail }) {
  const changes = order.changes;
  if (!changes || (changes.lines.length === 0 && changes.substitutions.length === 0)) return null;
  const open = changes.substitutions.filter((sub) => sub.status === 'proposed');
  const answered = changes.substitutions.filter((sub) => sub.status !== 'proposed');
  return (
    <section className="lm-card lm-order-changes" aria-labelledby="order-changes">
      <h2 id="order-changes" className="lm-section-title">
        {open.length > 0 ? 'The store suggests a substitute' : 'Your order changed'}
      </h2>
      {open.length > 0 ? (
        <ul className="lm-sub-proposals">
          {open.map((sub) => (
            <Proposal key={sub.id} orderId={order.id} sub={sub} />
          ))}
        </ul>
      ) : null}
      <ul className="lm-order-change-lines">
        {changes.lines.map((line) => (
          <li key={line.itemId}>
            {lineChangeText(line)}
            <span className="lm-order-muted">
              {' '}
              (you chose: {SUBSTITUTION_PREFERENCE_LABELS[line.substitution]})
            </span>
          </li>
        ))}
        {answered.map((sub) => (
          <li key={sub.id}>
            {sub.quantity} × {sub.title} instead of {sub.forTitle}:{' '}
            <strong>{SUBSTITUTION_STATUS_TEXT[sub.status]}</strong>
            {sub.decidedBy === 'timer' ? ' (no answer in time)' : ''}
          </li>
        ))}
      </ul>
      <p className="lm-order-change-total">
        Total now <strong>{formatPrice(order.total)}</strong> (was{' '}
        {formatPrice(changes.originalTotal)}). You pay only for what you get.
      </p>
    </section>
  );
}

/** Beside an item of the order: "Not available: not charged" or "1 of 2 available". */
export function HandedOverNote({ order, itemId }: { order: OrderDetail; itemId: string }) {
  const line = order.changes?.lines.find((entry) => entry.itemId === itemId);
  if (!line) return null;
  return (
    <span className="lm-order-handed">
      {line.handedOver === 0
        ? 'Not available: not charged'
        : `${line.handedOver} of ${line.ordered} available: you pay for ${line.handedOver}`}
    </span>
  );
}
