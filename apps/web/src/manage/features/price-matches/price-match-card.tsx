import {
  PRICE_MATCH_STATUS_LABELS,
  formatPrice,
  priceMatchDecisionRequest,
  type PriceMatchDecisionRequest,
  type StorePriceMatch,
} from '@localmart/contract';
import { useId, useState } from 'react';
import { useStoreDateTime } from '../../lib/store-context.tsx';
import { useDecidePriceMatch } from './price-matches-api.ts';
import '../../components/buttons.css';

/**
 * One request: what the shopper found (with the evidence link), against our price; pending ones
 * can be approved, or declined with a note the shopper reads (the contract requires it).
 */
export function PriceMatchCard({
  businessId,
  request,
}: {
  businessId: string;
  request: StorePriceMatch;
}) {
  const formatDateTime = useStoreDateTime();
  const decide = useDecidePriceMatch(businessId, request.id);
  const [note, setNote] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const titleId = useId();
  const noteId = useId();

  function send(body: PriceMatchDecisionRequest) {
    const checked = priceMatchDecisionRequest.safeParse(body);
    if (!checked.success) {
      setResult({ ok: false, text: checked.error.issues[0]?.message ?? '' });
      return;
    }
    setResult(null);
    decide.mutate(body, {
      onSuccess: (answer) => setResult({ ok: answer.ok, text: answer.message }),
      onError: (failure) => setResult({ ok: false, text: failure.message }),
    });
  }

  const pending = request.status === 'pending';
  const saving = request.storePrice.amount - request.competitorPrice.amount;
  return (
    <li>
      <article className={`mys-card mpm-card mpm-${request.status}`} aria-labelledby={titleId}>
        <header className="mpm-head">
          <h2 id={titleId}>{request.productTitle}</h2>
          <span className={`mpm-chip mpm-chip-${request.status}`}>
            {PRICE_MATCH_STATUS_LABELS[request.status]}
          </span>
        </header>
        <dl className="mpm-facts">
          <div>
            <dt>Our price</dt>
            <dd>{formatPrice(request.storePrice)}</dd>
          </div>
          <div>
            <dt>{request.competitorName}</dt>
            <dd>
              {formatPrice(request.competitorPrice)}
              {saving > 0 ? (
                <span className="mpm-muted">
                  {' '}
                  ({formatPrice({ amount: saving, currency: request.storePrice.currency })} less)
                </span>
              ) : null}
            </dd>
          </div>
          <div>
            <dt>Evidence</dt>
            <dd>
              {request.evidenceUrl ? (
                <a href={request.evidenceUrl} target="_blank" rel="noopener noreferrer">
                  See {request.competitorName}'s price
                </a>
              ) : (
                'None given'
              )}
            </dd>
          </div>
          <div>
            <dt>Shopper</dt>
            <dd>{request.shopperName}</dd>
          </div>
          <div>
            <dt>Asked</dt>
            <dd>
              <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
            </dd>
          </div>
        </dl>
        {request.storeNote ? <p className="mpm-note">Your note: {request.storeNote}</p> : null}
        {result ? (
          <p
            className={result.ok ? 'mpm-result' : 'mpm-result mpm-result-error'}
            role={result.ok ? 'status' : 'alert'}
          >
            {result.text}
          </p>
        ) : null}
        {pending ? (
          <div className="mpm-decide">
            <label className="mys-field" htmlFor={noteId}>
              Note to the shopper (required to decline)
            </label>
            <textarea
              id={noteId}
              className="mpm-textarea"
              rows={2}
              maxLength={500}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
            <div className="mpm-buttons">
              <button
                type="button"
                className="mys-action-button"
                disabled={decide.isPending}
                onClick={() =>
                  send({ decision: 'approved', ...(note.trim() ? { note: note.trim() } : {}) })
                }
              >
                Approve
              </button>
              <button
                type="button"
                className="mys-action-button mys-action-button-danger"
                disabled={decide.isPending}
                onClick={() => send({ decision: 'declined', note: note.trim() })}
              >
                Decline
              </button>
            </div>
          </div>
        ) : null}
      </article>
    </li>
  );
}
