import { useQuery } from '@tanstack/react-query';
import {
  appointmentPaths,
  isSuccess,
  rescheduleResponse,
  serviceSlotsResponse,
  type ServiceSlots,
} from '@localmart/contract';
import { http, type HttpClient } from '../../lib/http.ts';

export const appointmentKeys = {
  all: ['appointments'] as const,
  slots: (serviceId: string) => ['appointments', 'slots', serviceId] as const,
};

/** GET a service's bookable days and times with places left (never cached: places change). */
export async function getServiceSlots(
  serviceId: string,
  client: HttpClient = http,
): Promise<ServiceSlots> {
  const answer = await client.get(
    appointmentPaths.serviceSlots(serviceId),
    {},
    serviceSlotsResponse,
  );
  if (isSuccess(answer)) return answer.result;
  throw new Error(answer.message);
}

export function useServiceSlots(serviceId: string | null) {
  return useQuery({
    queryKey: appointmentKeys.slots(serviceId ?? ''),
    queryFn: () => getServiceSlots(serviceId!),
    enabled: serviceId !== null && serviceId !== '',
    staleTime: 15_000,
  });
}

/** POST the shopper's new time for an order's appointment. */
export function rescheduleAppointment(
  orderId: string,
  startsAt: string,
  client: HttpClient = http,
) {
  return client.postJson(appointmentPaths.reschedule(orderId), { startsAt }, rescheduleResponse);
}
