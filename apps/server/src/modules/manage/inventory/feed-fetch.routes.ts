import { feedFetchMessages, feedScheduleRequest, managePaths, ok } from '@localmart/contract';
import { routePattern } from '../../catalog/shared/route-pattern.ts';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import type { ManageRouteOptions } from '../manage.routes.ts';
import {
  fetchNow,
  listFetches,
  saveSchedule,
  scheduleOf,
  toFeedSchedule,
} from './feed-fetch.service.ts';

const SCHEDULE = routePattern(managePaths.inventoryFeedSchedule(':businessId'));
const FETCHES = routePattern(managePaths.inventoryFeedFetches(':businessId'));

/**
 * The store's scheduled feed fetch (docs/decisions/0023): every member sees the schedule and the
 * history of runs; only the owner sets the address, schedule and mode, and presses "Fetch now"
 * (a run applies the file with the owner's standing confirmation, as an API key's push does).
 */
export const feedFetchRoutes: ZodRoutes<ManageRouteOptions> = async (app) => {
  app.get(SCHEDULE, async (request) =>
    ok({ result: toFeedSchedule(await scheduleOf(app.db, request.store!.businessId)) }),
  );

  app.put(
    SCHEDULE,
    { config: { role: 'owner' }, schema: { body: feedScheduleRequest } },
    async (request) => {
      const schedule = await saveSchedule(app.db, {
        businessId: request.store!.businessId,
        userId: request.user!.id,
        request: request.body,
        policy: app.feedFetches.policy,
        now: app.now(),
      });
      return ok({ message: feedFetchMessages.saved, result: schedule });
    },
  );

  app.get(FETCHES, async (request) =>
    ok({ results: await listFetches(app.db, request.store!.businessId) }),
  );

  app.post(FETCHES, { config: { role: 'owner' } }, async (request, reply) => {
    const run = await fetchNow(app.db, {
      businessId: request.store!.businessId,
      userId: request.user!.id,
      now: app.now(),
      enqueue: app.feedFetches.enqueue,
    });
    // Committed: in the one-process setup the worker starts now, not at its next poll.
    app.feedFetches.wake();
    return reply.code(202).send(ok({ message: feedFetchMessages.fetchQueued, result: run }));
  });
};
