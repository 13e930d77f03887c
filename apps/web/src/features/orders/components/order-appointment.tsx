import {
  appointmentMessages,
  type AppointmentSlot,
  type AppointmentView,
  formatStoreTime,
  isSuccess,
  type OrderDetail,
} from '@localmart/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AppointmentPicker } from '../../../components/appointments/appointment-picker.tsx';
import {
  appointmentKeys,
  rescheduleAppointment,
  useServiceSlots,
} from '../../../components/appointments/service-slots.ts';
import { ErrorState, ListSkeleton } from '../../../components/catalog/list-states.tsx';
import { orderKeys } from '../api/query-keys.ts';

export const CHANGE_TIME_LABEL = 'Change time';
export const MOVE_HERE_LABEL = 'Move my appointment';
export const KEEP_TIME_LABEL = 'Keep my time';

/** Whether the shopper may still move or cancel this appointment (the provider's cut-off). */
export function changeableNow(view: AppointmentView, now: Date): boolean {
  return (
    !view.released &&
    view.changeableUntil !== null &&
    now.getTime() < Date.parse(view.changeableUntil)
  );
}

const LIVE_STATUSES = new Set(['placed', 'accepted', 'awaiting_payment']);

/**
 * An order's appointment (issue 15): when, where the change cut-off lies, and "Change time",
 * which opens the same picker as the service page and moves the booking in one request.
 */
export function OrderAppointment({ order }: { order: OrderDetail }) {
  const views = order.appointments ?? [];
  if (views.length === 0) return null;
  return (
    <section className="lm-card lm-order-appointment" aria-labelledby="order-appointment">
      <h2 id="order-appointment" className="lm-section-title">
        {appointmentMessages.appointmentHeading}
      </h2>
      {views.map((view) => (
        <AppointmentLine key={view.id ?? view.startsAt} order={order} view={view} />
      ))}
    </section>
  );
}

function AppointmentLine({ order, view }: { order: OrderDetail; view: AppointmentView }) {
  const [changing, setChanging] = useState(false);
  const live = LIVE_STATUSES.has(order.status) && order.status !== 'awaiting_payment';
  const open = live && changeableNow(view, new Date());
  return (
    <div className="lm-order-appointment-line">
      <p className="lm-order-appointment-when">
        <time dateTime={view.startsAt}>{view.label}</time>
      </p>
      <p className="lm-order-muted">
        {view.title}
        {view.places > 1 ? ` · ${view.places} places` : ''}
      </p>
      {live && view.changeableUntil && (
        <p className="lm-order-muted">
          {open
            ? appointmentMessages.changeUntil(
                formatStoreTime(new Date(view.changeableUntil), view.timeZone),
              )
            : appointmentMessages.noChangesNow}
        </p>
      )}
      {open && !changing && view.serviceId && (
        <button type="button" className="lm-button" onClick={() => setChanging(true)}>
          {CHANGE_TIME_LABEL}
        </button>
      )}
      {changing && view.serviceId && (
        <Reschedule
          orderId={order.id}
          serviceId={view.serviceId}
          current={view.startsAt}
          onDone={() => setChanging(false)}
        />
      )}
    </div>
  );
}

function Reschedule({
  orderId,
  serviceId,
  current,
  onDone,
}: {
  orderId: string;
  serviceId: string;
  current: string;
  onDone: () => void;
}) {
  const slots = useServiceSlots(serviceId);
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<AppointmentSlot | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function move() {
    if (!picked) return;
    setBusy(true);
    setError(null);
    const answer = await rescheduleAppointment(orderId, picked.startsAt);
    setBusy(false);
    if (!isSuccess(answer)) {
      setError(answer.message);
      void slots.refetch();
      return;
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
    ]);
    onDone();
  }

  if (slots.isPending) return <ListSkeleton count={1} variant="card" />;
  if (slots.isError) {
    return <ErrorState message={slots.error.message} onRetry={() => void slots.refetch()} />;
  }
  return (
    <div className="lm-order-reschedule">
      <AppointmentPicker
        slots={slots.data}
        value={picked?.startsAt ?? current}
        onChange={setPicked}
      />
      {error && (
        <p className="lm-order-problem" role="alert">
          {error}
        </p>
      )}
      <div className="lm-order-reschedule-actions">
        <button
          type="button"
          className="lm-button lm-button-primary"
          disabled={busy || !picked || picked.startsAt === current}
          onClick={() => void move()}
        >
          {MOVE_HERE_LABEL}
        </button>
        <button type="button" className="lm-button" onClick={onDone}>
          {KEEP_TIME_LABEL}
        </button>
      </div>
    </div>
  );
}
