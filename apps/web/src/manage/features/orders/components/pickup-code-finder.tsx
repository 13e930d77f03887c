import {
  FULFILMENT_LABELS,
  formatPrice,
  type PickupCodeLookup,
  storeOrderMessages,
} from '@localmart/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { sitePaths } from '../../../lib/site-paths.ts';
import { useCompleteFromCounter, useFindByPickupCode } from '../api/store-orders-api.ts';
import { PickupCodeForm } from './pickup-code-form.tsx';
import { StatusChip } from './status-chip.tsx';

/** The button that hands a looked-up, ready order over (its accessible name, for the tests). */
export const COMPLETE_FOUND_LABEL = 'Complete pickup';

type Found = { order: PickupCodeLookup; code: string };

/**
 * The counter's shortcut (issue 15): the shopper reads out their pickup code (or shows its QR code)
 * and the store's order with that code is shown with where it stands ("Not accepted yet",
 * "Already completed on ..."); a ready pickup completes here in one step, with the code just looked
 * up. The server accepts the bare code (any case, spaces or not) or the whole QR text.
 */
export function PickupCodeFinder({ businessId }: { businessId: string }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<Found | null>(null);
  const [done, setDone] = useState<{ ok: boolean; text: string } | null>(null);
  const find = useFindByPickupCode(businessId);
  const complete = useCompleteFromCounter(businessId);

  function lookUp(text: string) {
    setFound(null);
    setDone(null);
    if (!text.trim()) {
      setError(storeOrderMessages.pickupCodeRequired);
      return;
    }
    setError(null);
    const sent = text.trim();
    find.mutate(sent, {
      onSuccess: (order) => setFound({ order, code: sent }),
      onError: (failure) => setError(failure.message),
    });
  }

  function handOver(target: Found) {
    setDone(null);
    complete.mutate(
      { orderId: target.order.id, code: target.code },
      {
        onSuccess: (result) => {
          setDone({ ok: result.ok, text: result.message });
          if (result.ok && result.order) {
            const order = result.order;
            setFound({
              code: target.code,
              order: { ...target.order, status: order.status, statusLabel: order.statusLabel },
            });
            setCode('');
          }
        },
        onError: (failure) => setDone({ ok: false, text: failure.message }),
      },
    );
  }

  const handedOver = done?.ok === true;
  return (
    <div className="mys-card mo-finder-card">
      <PickupCodeForm
        className="mo-finder"
        ariaLabel="Find by pickup code"
        label="Find by pickup code"
        fieldClassName="mys-field mo-finder-field"
        errorClassName="mys-field-error mo-finder-error"
        code={code}
        onCodeChange={setCode}
        onCode={lookUp}
        error={error}
        busy={find.isPending}
        submitText={find.isPending ? 'Finding…' : 'Find order'}
      />
      {found ? (
        <section className="mo-found" aria-label={`Order ${found.order.number}`} aria-live="polite">
          <p className="mo-found-head">
            <Link to={sitePaths.order(businessId, found.order.id)} className="mo-found-number">
              Order {found.order.number}
            </Link>
            <StatusChip status={found.order.status} />
          </p>
          <p className="mo-found-facts">
            {found.order.shopperName} · {found.order.itemsSummary} ·{' '}
            {formatPrice(found.order.total)} · {FULFILMENT_LABELS[found.order.fulfilment]}
          </p>
          <p
            className={found.order.canComplete ? 'mo-found-state' : 'mo-found-state mo-found-wait'}
            role="status"
          >
            {handedOver ? done.text : found.order.stateText}
          </p>
          {done && !done.ok ? (
            <p className="mys-field-error" role="alert">
              {done.text}
            </p>
          ) : null}
          {found.order.canComplete && !handedOver ? (
            <button
              type="button"
              className="mys-action-button"
              disabled={complete.isPending}
              onClick={() => handOver(found)}
            >
              {complete.isPending ? 'Completing…' : COMPLETE_FOUND_LABEL}
            </button>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
