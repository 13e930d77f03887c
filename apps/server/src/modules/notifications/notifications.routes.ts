import {
  fail,
  livePaths,
  markNotificationsReadRequest,
  notificationMessages,
  ok,
  pushRegistrationRequest,
} from '@localmart/contract';
import { z } from 'zod';
import type { ZodRoutes } from '../../plugins/zod.ts';
import { routePattern } from '../catalog/shared/route-pattern.ts';
import { listNotifications, markNotificationsRead } from './notifications.service.ts';
import { listPushDevices, registerPushDevice, removePushDevice } from './push.service.ts';

/**
 * The signed-in user's notification centre and push devices (issue 14). Every route needs a bearer
 * session and reads or changes that user's own rows only: another user's ids are simply not found.
 */
export const notificationRoutes: ZodRoutes = async (app) => {
  app.addHook('preValidation', app.requireUser);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(livePaths.notifications, async (request) =>
    ok({ result: await listNotifications(app.db, request.user!.id) }),
  );

  app.post(
    livePaths.notificationsRead,
    { schema: { body: markNotificationsReadRequest } },
    async (request) => {
      await markNotificationsRead(app.db, request.user!.id, request.body, app.now());
      const result = await listNotifications(app.db, request.user!.id);
      return request.body.all
        ? ok({ message: notificationMessages.allRead, result })
        : ok({ result });
    },
  );

  app.get(livePaths.pushKey, async () => ok({ result: { publicKey: app.push.publicKey } }));

  app.get(livePaths.pushSubscriptions, async (request) =>
    ok({ result: await listPushDevices(app.db, request.user!.id) }),
  );

  app.post(
    livePaths.pushSubscriptions,
    { schema: { body: pushRegistrationRequest } },
    async (request, reply) => {
      const outcome = await registerPushDevice(
        app.db,
        request.user!.id,
        request.body,
        app.push.policy,
        app.now(),
      );
      if (outcome.kind === 'refused') {
        request.log.warn({ why: outcome.reason }, 'push endpoint refused');
        return reply.code(400).send(fail(notificationMessages.pushEndpointRefused));
      }
      return reply
        .code(201)
        .send(ok({ message: notificationMessages.deviceAdded, result: outcome.device }));
    },
  );

  app.delete(
    routePattern(livePaths.pushSubscription(':subscriptionId')),
    { schema: { params: z.object({ subscriptionId: z.string() }).strict() } },
    async (request, reply) => {
      const { subscriptionId } = request.params;
      const removed =
        z.uuid().safeParse(subscriptionId).success &&
        (await removePushDevice(app.db, request.user!.id, subscriptionId));
      if (!removed) return reply.code(404).send(fail(notificationMessages.deviceNotFound));
      return ok({ message: notificationMessages.deviceRemoved });
    },
  );
};
