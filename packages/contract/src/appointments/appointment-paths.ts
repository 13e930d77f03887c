import { API_BASE } from '../api-paths.ts';
import { MANAGE_API } from '../manage/manage-paths.ts';

const id = (value: string) => encodeURIComponent(value);

/** Appointment API paths: the shopper's times and reschedule, the provider's availability. */
export const appointmentPaths = {
  /** GET ?from=YYYY-MM-DD: bookable days and times of a service, with places left (public). */
  serviceSlots: (serviceId: string) => `${API_BASE}/services/${id(serviceId)}/slots`,
  /** POST {startsAt}: the shopper moves an order's appointment (up to the cut-off). */
  reschedule: (orderId: string) => `${API_BASE}/orders/${id(orderId)}/appointment`,
  /** GET / PUT a service's availability (store members; PUT: owner). */
  availability: (businessId: string, serviceId: string) =>
    `${MANAGE_API}/businesses/${id(businessId)}/services/${id(serviceId)}/availability`,
  /** GET ?from=YYYY-MM-DD: the store's appointments of the next days. */
  storeAppointments: (businessId: string) =>
    `${MANAGE_API}/businesses/${id(businessId)}/appointments`,
} as const;
