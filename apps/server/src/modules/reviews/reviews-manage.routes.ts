import {
  idParam,
  ok,
  reviewMessages as m,
  reviewPaths,
  reviewRemovalRequest,
  reviewReplyRequest,
} from '@localmart/contract';
import { z } from 'zod';
import type { ZodRoutes } from '../../plugins/zod.ts';
import { routePattern } from '../catalog/shared/route-pattern.ts';
import { latestReviews, removeReview, replyToReview, reviewsOfStore } from './reviews.service.ts';

const STORE_REVIEWS = routePattern(reviewPaths.manageReviews(':businessId'));
const REPLY = routePattern(reviewPaths.manageReply(':businessId', ':reviewId'));
const ADMIN_REMOVAL = routePattern(reviewPaths.adminRemoval(':reviewId'));

/**
 * The store's side, registered inside the manage site's store scope (its guard checks membership):
 * every member reads the store's reviews; the reply speaks for the store in public, so it is the
 * owner's (or a platform admin's) and happens once per review.
 */
export const reviewManageRoutes: ZodRoutes = async (app) => {
  app.get(STORE_REVIEWS, async (request) =>
    ok({
      message: m.reviewsLoaded,
      results: await reviewsOfStore(app.db, request.store!.businessId),
    }),
  );

  app.post(
    REPLY,
    {
      config: { role: 'owner' },
      schema: {
        params: z.object({ businessId: idParam, reviewId: idParam }),
        body: reviewReplyRequest,
      },
    },
    async (request) => {
      const review = await replyToReview(app.db, {
        businessId: request.store!.businessId,
        reviewId: request.params.reviewId,
        userId: request.user!.id,
        text: request.body.text,
        now: app.now(),
      });
      return ok({ message: m.replySaved, result: review });
    },
  );
};

/** The platform admin's side, registered inside the admin scope: read the newest, remove with a reason. */
export const reviewAdminRoutes: ZodRoutes = async (app) => {
  app.get(reviewPaths.adminReviews, async () =>
    ok({ message: m.reviewsLoaded, results: await latestReviews(app.db) }),
  );

  app.post(
    ADMIN_REMOVAL,
    { schema: { params: z.object({ reviewId: idParam }), body: reviewRemovalRequest } },
    async (request) => {
      const review = await removeReview(app.db, {
        reviewId: request.params.reviewId,
        adminId: request.user!.id,
        reason: request.body.reason,
        now: app.now(),
      });
      return ok({ message: m.reviewRemoved, result: review });
    },
  );
};
