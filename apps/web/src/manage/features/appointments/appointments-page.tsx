import { Link } from 'react-router-dom';
import { catalogEditApi, catalogEditKeys, useCatalogList } from '../../lib/catalog-edit-api.ts';
import { sitePaths } from '../../lib/site-paths.ts';
import { useCurrentStore } from '../../lib/store-context.tsx';
import { QueryStates } from '../../components/query-states.tsx';
import { ManagePage } from '../../shell/manage-page.tsx';
import { useStoreAppointments } from './appointments-api.ts';
import './appointments.css';

export const UPCOMING_TITLE = 'Upcoming appointments';
export const SERVICES_TITLE = 'When each service can be booked';

/**
 * The store's appointments (issue 15): who comes when, from this morning on, each linked to its
 * order; and each service with a link to its availability (hours, slots, places, breaks, closed
 * days, the cut-off for changes).
 */
export function AppointmentsPage() {
  const store = useCurrentStore();
  const appointments = useStoreAppointments(store.businessId);
  const api = catalogEditApi(store.businessId);
  const services = useCatalogList(catalogEditKeys.services(store.businessId), api.listServices);
  return (
    <ManagePage
      title="Appointments"
      subtitle="Bookings of your services, and when shoppers can book them."
    >
      <section className="mys-card" aria-labelledby="ma-upcoming">
        <h2 id="ma-upcoming">{UPCOMING_TITLE}</h2>
        <QueryStates
          query={appointments}
          loadingLabel="Loading appointments…"
          isEmpty={(list) => list.length === 0}
          emptyTitle="No appointments booked"
          emptyText={<p>Bookings appear here as soon as a shopper places one.</p>}
        >
          {(list) => (
            <table className="mys-table ma-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Service</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Order</th>
                </tr>
              </thead>
              <tbody>
                {list.map((appointment) => (
                  <tr key={appointment.id ?? appointment.startsAt}>
                    <td>
                      <time dateTime={appointment.startsAt}>{appointment.label}</time>
                    </td>
                    <td>
                      {appointment.title}
                      {appointment.places > 1 ? ` · ${appointment.places} places` : ''}
                    </td>
                    <td>{appointment.customerName}</td>
                    <td>
                      <Link to={sitePaths.order(store.businessId, appointment.orderId)}>
                        {appointment.orderNumber}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </QueryStates>
      </section>
      <section className="mys-card" aria-labelledby="ma-services">
        <h2 id="ma-services">{SERVICES_TITLE}</h2>
        <QueryStates
          query={services}
          loadingLabel="Loading services…"
          isEmpty={(list) => list.length === 0}
          emptyTitle="No services yet"
          emptyText={<p>Add services first; then set when they can be booked.</p>}
        >
          {(list) => (
            <ul className="ma-services">
              {list.map((service) => (
                <li key={service.id}>
                  <Link to={sitePaths.availability(store.businessId, service.id)}>
                    {service.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </section>
    </ManagePage>
  );
}
