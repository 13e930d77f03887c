import { appointmentPaths, serviceSlotsResponse } from '@localmart/contract';
import type { FastifyInstance } from 'fastify';

/** The start of a service's first bookable time (any day of the window), as the picker offers it. */
export async function firstSlotStart(app: FastifyInstance, serviceId: string): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: appointmentPaths.serviceSlots(serviceId),
  });
  const parsed = serviceSlotsResponse.parse(response.json());
  if (parsed.status !== 1) throw new Error(response.body);
  const slot = parsed.result.days.flatMap((day) => day.slots).find((s) => s.remaining > 0);
  if (!slot) throw new Error(`service ${serviceId} has no bookable time`);
  return slot.startsAt;
}
