import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  appointmentPaths,
  type ManagedAvailability,
  managedAvailabilityResponse,
  type ServiceAvailability,
  type StoreAppointment,
  storeAppointmentsResponse,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { resultOf, resultsOf } from '../../lib/api-answer.ts';

export const appointmentKeys = {
  all: (businessId: string) => ['manage', businessId, 'appointments'] as const,
  list: (businessId: string) => [...appointmentKeys.all(businessId), 'list'] as const,
  availability: (businessId: string, serviceId: string) =>
    [...appointmentKeys.all(businessId), 'availability', serviceId] as const,
};

export async function getStoreAppointments(
  businessId: string,
  client: HttpClient = http,
): Promise<StoreAppointment[]> {
  return resultsOf(
    await client.get(
      appointmentPaths.storeAppointments(businessId),
      undefined,
      storeAppointmentsResponse,
    ),
  );
}

export function useStoreAppointments(businessId: string) {
  return useQuery({
    queryKey: appointmentKeys.list(businessId),
    queryFn: () => getStoreAppointments(businessId),
  });
}

export async function getAvailability(
  businessId: string,
  serviceId: string,
  client: HttpClient = http,
): Promise<ManagedAvailability> {
  return resultOf(
    await client.get(
      appointmentPaths.availability(businessId, serviceId),
      undefined,
      managedAvailabilityResponse,
    ),
  );
}

export function useAvailability(businessId: string, serviceId: string) {
  return useQuery({
    queryKey: appointmentKeys.availability(businessId, serviceId),
    queryFn: () => getAvailability(businessId, serviceId),
  });
}

export function useSaveAvailability(businessId: string, serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ServiceAvailability) =>
      resultOf(
        await http.put(
          appointmentPaths.availability(businessId, serviceId),
          body,
          managedAvailabilityResponse,
        ),
      ),
    onSuccess: (saved) =>
      queryClient.setQueryData(appointmentKeys.availability(businessId, serviceId), saved),
  });
}
