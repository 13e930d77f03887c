import {
  APPOINTMENT_ACTION_LABELS,
  APPOINTMENT_CODE_LABEL,
  COMPLETE_DELIVERY_LABEL,
  completeNeedsPickupCode,
  formatPrice,
  noShowMoneyText,
  STORE_ORDER_ACTION_LABELS,
  type StoreOrderAction,
  type StoreOrderDetail,
} from '@localmart/contract';
import { useState } from 'react';
import { useStoreDateTime } from '../../../lib/store-context.tsx';
import { useMoveStoreOrder, type StoreOrderMove } from '../api/store-orders-api.ts';
import { AcceptForm } from './accept-form.tsx';
import { ActionDialog } from './action-dialog.tsx';
import { CompletePickup } from './complete-pickup.tsx';
import { DeclineForm } from './decline-form.tsx';
import '../../../components/buttons.css';

/** The buttons' accessible names (the browser tests press them by name). */
export const ACTION_BUTTONS = {
  ...STORE_ORDER_ACTION_LABELS,
  completeDelivery: COMPLETE_DELIVERY_LABEL,
} as const;

type OpenForm = 'accept' | 'decline' | 'no_show' | 'complete_delivery' | null;
type Notice = { ok: boolean; text: string } | null;

/**
 * What the store may do next, from the order's `actions` (the contract's state machine, worked out
 * by the server). Each answer's message is shown here and stays until the next move, so a refusal
 * (409: the deadline passed, someone else moved the order) is never lost.
 */
export function OrderActions({
  businessId,
  order,
}: {
  businessId: string;
  order: StoreOrderDetail;
}) {
  const move = useMoveStoreOrder(businessId, order.id);
  const formatDateTime = useStoreDateTime();
  const [open, setOpen] = useState<OpenForm>(null);
  const [notice, setNotice] = useState<Notice>(null);

  function send(next: StoreOrderMove) {
    setNotice(null);
    move.mutate(next, {
      onSuccess: (result) => {
        setNotice({ ok: result.ok, text: result.message || (result.ok ? 'Done.' : '') });
        if (result.ok) setOpen(null);
      },
      onError: (failure) => setNotice({ ok: false, text: failure.message }),
    });
  }

  const can = (action: StoreOrderAction) => order.actions.includes(action);
  const busy = move.isPending;
  // A service booking speaks of its appointment, never of pickup (issue 15).
  const appointment = (order.appointments?.length ?? 0) > 0;
  const labels = appointment ? { ...ACTION_BUTTONS, ...APPOINTMENT_ACTION_LABELS } : ACTION_BUTTONS;

  let body;
  if (open === 'accept') {
    body = (
      <AcceptForm
        busy={busy}
        onAccept={(request) => send({ action: 'accept', body: request })}
        onClose={() => setOpen(null)}
      />
    );
  } else if (open === 'decline') {
    body = (
      <DeclineForm
        items={order.items}
        busy={busy}
        onDecline={(request) => send({ action: 'decline', body: request })}
        onClose={() => setOpen(null)}
      />
    );
  } else if (open === 'no_show') {
    body = (
      <ActionDialog
        title="The shopper did not come?"
        submitLabel={labels.no_show}
        busy={busy}
        onSubmit={() => send({ action: 'no_show' })}
        onClose={() => setOpen(null)}
        danger
      >
        <p>
          Order {order.number} closes as {appointment ? 'a missed appointment' : 'not picked up'}.
          This cannot be undone.
        </p>
        {/* What happens to THIS order's money, from its own amounts (issue 15). */}
        <p className="mo-dialog-money">{noShowMoneyText(order.money)}</p>
      </ActionDialog>
    );
  } else if (open === 'complete_delivery') {
    body = (
      <ActionDialog
        title="Delivered to the shopper?"
        submitLabel={ACTION_BUTTONS.completeDelivery}
        busy={busy}
        onSubmit={() => send({ action: 'complete', body: {} })}
        onClose={() => setOpen(null)}
      >
        <p>
          Order {order.number} ({formatPrice(order.total)}) closes as delivered. Complete it only
          once it has reached the shopper.
        </p>
      </ActionDialog>
    );
  } else {
    body = (
      <>
        <div className="mo-action-buttons">
          {can('accept') ? (
            <button type="button" className="mys-action-button" onClick={() => setOpen('accept')}>
              {ACTION_BUTTONS.accept}
            </button>
          ) : null}
          {can('decline') ? (
            <button
              type="button"
              className="mys-action-button mys-action-button-danger"
              onClick={() => setOpen('decline')}
            >
              {ACTION_BUTTONS.decline}
            </button>
          ) : null}
          {can('ready') ? (
            <button
              type="button"
              className="mys-action-button"
              disabled={busy}
              onClick={() => send({ action: 'ready' })}
            >
              {labels.ready}
            </button>
          ) : null}
          {can('out_for_delivery') ? (
            <button
              type="button"
              className="mys-action-button"
              disabled={busy}
              onClick={() => send({ action: 'out_for_delivery' })}
            >
              {ACTION_BUTTONS.out_for_delivery}
            </button>
          ) : null}
          {can('complete') && !completeNeedsPickupCode(order.fulfilment) ? (
            <button
              type="button"
              className="mys-action-button"
              disabled={busy}
              onClick={() => setOpen('complete_delivery')}
            >
              {ACTION_BUTTONS.completeDelivery}
            </button>
          ) : null}
          {can('no_show') ? (
            <button
              type="button"
              className="mys-action-button mys-action-button-quiet"
              onClick={() => setOpen('no_show')}
            >
              {labels.no_show}
            </button>
          ) : null}
        </div>
        {!can('no_show') &&
        order.status === 'ready_for_pickup' &&
        order.noShowFrom &&
        order.actions.length > 0 ? (
          <p className="mo-muted mo-no-show-later">
            The shopper has until{' '}
            <time dateTime={order.noShowFrom}>{formatDateTime(order.noShowFrom)}</time>{' '}
            {appointment
              ? 'to come; after that you can mark the appointment missed.'
              : 'to collect it; after that you can mark it not picked up.'}
          </p>
        ) : null}
        {can('complete') && completeNeedsPickupCode(order.fulfilment) ? (
          <CompletePickup
            orderId={order.id}
            busy={busy}
            onComplete={(pickupCode) => send({ action: 'complete', body: { pickupCode } })}
            {...(appointment
              ? { label: APPOINTMENT_CODE_LABEL, submitText: APPOINTMENT_ACTION_LABELS.complete }
              : {})}
          />
        ) : null}
      </>
    );
  }

  if (order.actions.length === 0 && !notice) return null;
  return (
    <section className="mys-card mo-actions" aria-label="Order actions">
      {notice ? (
        <p
          className={notice.ok ? 'mo-notice mo-notice-ok' : 'mo-notice mo-notice-error'}
          role={notice.ok ? 'status' : 'alert'}
        >
          {notice.text}
        </p>
      ) : null}
      {order.actions.length > 0 ? body : null}
    </section>
  );
}
