import fastifyMultipart from '@fastify/multipart';
import {
  commonMessages,
  fail,
  idParam,
  ok,
  REVIEW_PHOTO_FIELD,
  REVIEW_PHOTO_MAX_BYTES,
  reviewListQuery,
  reviewMessages as m,
  reviewPaths,
  saveReviewRequest,
  apiPaths,
  ratingOf,
} from '@localmart/contract';
import { z } from 'zod';
import type { RateLimitRule } from '../rate-limit/rate-limit-rules.ts';
import { HttpError, isMalformedMultipart } from '../../plugins/errors.ts';
import type { ZodRoutes } from '../../plugins/zod.ts';
import { routePattern } from '../catalog/shared/route-pattern.ts';
import { businessExists } from '../catalog/businesses/business.service.ts';
import { detectImageType } from '../media/image-type.ts';
import { saveMedia } from '../media/media.service.ts';
import {
  aggregatesOf,
  myReviews,
  productReviewPage,
  reviewForm,
  saveReview,
  storeReviewPage,
} from './reviews.service.ts';

/** Writing reviews and uploading their photos: generous for a person, a wall for a script. */
/** A page of public reviews with the rating of what they are about (store or product). */
function reviewListAnswer(
  page: { results: unknown[]; nextCursor: string | null },
  total: { count: number; starTotal: number } | undefined,
) {
  return {
    ...ok({
      message: m.reviewsLoaded,
      result: { rating: total ? ratingOf(total.count, total.starTotal) : null },
      results: page.results,
    }),
    nextCursor: page.nextCursor,
  };
}

export const reviewWriteRule: RateLimitRule = {
  name: 'review-write',
  perIp: { limit: 120, windowSeconds: 60 * 60 },
};

const ORDER_FORM = routePattern(reviewPaths.orderReviewForm(':orderId'));
const STORE_REVIEWS = routePattern(reviewPaths.storeReviews(':businessId'));
const PRODUCT_REVIEWS = routePattern(reviewPaths.productReviews(':productId'));

/**
 * Verified reviews, the shopper's and the public side (ADR 0016): the "Rate your order" form of a
 * completed order, saving one's review, a photo into our media store, one's own reviews, and the
 * visible reviews of a store or a product with its rating.
 */
export const reviewRoutes: ZodRoutes = async (app) => {
  app.get(
    ORDER_FORM,
    { preValidation: app.requireUser, schema: { params: z.object({ orderId: idParam }) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({
        message: m.formLoaded,
        result: await reviewForm(app.db, request.user!.id, request.params.orderId),
      });
    },
  );

  app.put(
    reviewPaths.reviews,
    {
      preValidation: app.requireUser,
      schema: { body: saveReviewRequest },
      config: { rateLimit: reviewWriteRule },
    },
    async (request) => {
      const saved = await saveReview(app.db, request.user!.id, request.body, app.now());
      return ok({ message: saved.created ? m.reviewSaved : m.reviewUpdated, result: saved.review });
    },
  );

  app.get(reviewPaths.mine, { preValidation: app.requireUser }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok({ message: m.reviewsLoaded, results: await myReviews(app.db, request.user!.id) });
  });

  app.get(
    STORE_REVIEWS,
    { schema: { params: z.object({ businessId: idParam }), querystring: reviewListQuery } },
    async (request, reply) => {
      const { businessId } = request.params;
      // A store shoppers cannot see (pending, rejected) has no public reviews either.
      if (!(await businessExists(app.db, businessId))) {
        return reply.code(404).send(fail(commonMessages.notFound));
      }
      const [page, aggregates] = await Promise.all([
        storeReviewPage(app.db, businessId, request.query.cursor),
        aggregatesOf(app.db, 'store', [businessId]),
      ]);
      const total = aggregates.get(businessId);
      return reviewListAnswer(page, total);
    },
  );

  app.get(
    PRODUCT_REVIEWS,
    { schema: { params: z.object({ productId: idParam }), querystring: reviewListQuery } },
    async (request) => {
      const { productId } = request.params;
      const [page, aggregates] = await Promise.all([
        productReviewPage(app.db, productId, request.query.cursor),
        aggregatesOf(app.db, 'product', [productId]),
      ]);
      const total = aggregates.get(productId);
      return reviewListAnswer(page, total);
    },
  );

  // The photo upload: multipart is parsed only in this scope (everywhere else it stays a 415).
  await app.register(async (photos) => {
    await photos.register(fastifyMultipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: REVIEW_PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });
    photos.post(
      reviewPaths.photos,
      { preValidation: app.requireUser, config: { rateLimit: reviewWriteRule } },
      async (request) => {
        if (!request.isMultipart()) throw new HttpError(415, m.photoNotMultipart);
        const file = await request.file().catch((error: unknown) => {
          if (isMalformedMultipart(error)) throw new HttpError(400, commonMessages.malformedUpload);
          throw error;
        });
        if (!file || file.fieldname !== REVIEW_PHOTO_FIELD) {
          file?.file.resume();
          throw new HttpError(400, m.photoMissing);
        }
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch (error) {
          if (error instanceof photos.multipartErrors.RequestFileTooLargeError) {
            throw new HttpError(413, m.photoTooLarge);
          }
          if (isMalformedMultipart(error)) throw new HttpError(400, commonMessages.malformedUpload);
          throw error;
        }
        if (bytes.length === 0) throw new HttpError(400, m.photoMissing);
        // The bytes decide the type, never the file name or the declared Content-Type.
        const contentType = detectImageType(bytes);
        if (!contentType) throw new HttpError(415, m.photoType);
        const id = await saveMedia(app.db, {
          ownerId: request.user!.id,
          contentType,
          bytes,
          now: app.now(),
        });
        return ok({ message: m.photoSaved, result: { id, url: apiPaths.media(id) } });
      },
    );
  });
};
