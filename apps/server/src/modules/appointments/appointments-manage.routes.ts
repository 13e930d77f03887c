import {
  appointmentMessages as m,
  appointmentPaths,
  idParam,
  ok,
  serviceAvailabilitySchema,
} from '@localmart/contract';
import { z } from 'zod';
import type { ZodRoutes } from '../../plugins/zod.ts';
import { routePattern } from '../catalog/shared/route-pattern.ts';
import { managedAvailability, saveAvailability } from './availability.service.ts';
import { storeAppointments } from './store-appointments.service.ts';

const AVAILABILITY = routePattern(appointmentPaths.availability(':businessId', ':serviceId'));
const STORE_APPOINTMENTS = routePattern(appointmentPaths.storeAppointments(':businessId'));
const serviceParams = z.object({ businessId: idParam, serviceId: idParam });

/**
 * The provider's side (registered in the manage site's store scope, whose guard checks membership):
 * a service's availability, and the store's upcoming appointments.
 */
export const appointmentManageRoutes: ZodRoutes = async (app) => {
  app.get(AVAILABILITY, { schema: { params: serviceParams } }, async (request) =>
    ok({
      message: m.availabilityLoaded,
      result: await managedAvailability(
        app.db,
        request.params.businessId,
        request.params.serviceId,
      ),
    }),
  );

  app.put(
    AVAILABILITY,
    { schema: { params: serviceParams, body: serviceAvailabilitySchema } },
    async (request) =>
      ok({
        message: m.availabilitySaved,
        result: await saveAvailability(
          app.db,
          request.params.businessId,
          request.params.serviceId,
          request.body,
          app.now(),
        ),
      }),
  );

  app.get(
    STORE_APPOINTMENTS,
    { schema: { params: z.object({ businessId: idParam }) } },
    async (request) =>
      ok({
        results: await storeAppointments(app.db, request.params.businessId, app.now()),
      }),
  );
};
