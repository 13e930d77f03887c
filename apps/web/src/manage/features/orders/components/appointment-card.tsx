import { appointmentMessages, type StoreOrderDetail } from '@localmart/contract';

export const STORE_APPOINTMENT_HINT =
  'The shopper pays at the appointment unless they paid online; their card is held until then.';

/** A service booking's appointment on the store's order page (issue 15), in place of pickup. */
export function AppointmentCard({ order }: { order: StoreOrderDetail }) {
  const views = order.appointments ?? [];
  return (
    <section className="mys-card mo-appointment" aria-labelledby="mo-fulfilment-title">
      <h2 id="mo-fulfilment-title">{appointmentMessages.appointmentHeading}</h2>
      {views.map((view) => (
        <p key={view.id ?? view.startsAt} className="mo-appointment-when">
          <time dateTime={view.startsAt}>
            <strong>{view.label}</strong>
          </time>
          <br />
          {view.title}
          {view.places > 1 ? ` · ${view.places} places` : ''}
          {view.released ? ' · cancelled' : ''}
        </p>
      ))}
      <p className="mo-muted">{STORE_APPOINTMENT_HINT}</p>
    </section>
  );
}
