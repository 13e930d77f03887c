import {
  appointmentMessages as m,
  appointmentPaths,
  idParam,
  ok,
  rescheduleRequest,
  serviceSlotsQuery,
} from '@localmart/contract';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { ZodRoutes } from '../../plugins/zod.ts';
import { routePattern } from '../catalog/shared/route-pattern.ts';
import { rateLimitRules } from '../rate-limit/rate-limit-rules.ts';
import { serviceSlots } from './availability.service.ts';
import { rescheduleAppointment } from './booking.service.ts';
import { mailReschedule } from './appointment-mail.ts';

const SLOTS = routePattern(appointmentPaths.serviceSlots(':serviceId'));
const RESCHEDULE = routePattern(appointmentPaths.reschedule(':orderId'));

/** The shopper's side of appointments: a service's bookable times (public) and moving one's own. */
export const appointmentRoutes: ZodRoutes<{ config: Config }> = async (app, { config }) => {
  app.get(
    SLOTS,
    { schema: { params: z.object({ serviceId: idParam }), querystring: serviceSlotsQuery } },
    async (request, reply) => {
      // Places left change with every booking: never cached.
      reply.header('cache-control', 'no-store');
      return ok({
        message: m.slotsLoaded,
        result: await serviceSlots(app.db, request.params.serviceId, request.query.from, app.now()),
      });
    },
  );

  app.post(
    RESCHEDULE,
    {
      preValidation: app.requireUser,
      schema: { params: z.object({ orderId: idParam }), body: rescheduleRequest },
      config: { rateLimit: rateLimitRules.orderCancel },
    },
    async (request) => {
      const moved = await rescheduleAppointment(app.db, {
        userId: request.user!.id,
        orderId: request.params.orderId,
        startsAt: request.body.startsAt,
        now: app.now(),
      });
      await mailReschedule(app, config, request.log, {
        orderId: request.params.orderId,
        appointment: moved.after,
        sequence: moved.sequence,
      });
      return ok({ message: m.rescheduled, result: moved.after });
    },
  );
};
