import {
  adminBusinessesQuery,
  adminMessages,
  adminPageRequest,
  adminReviewRequest,
  commonMessages,
  idParam,
  managePaths,
  manageMessages,
  ok,
} from '@localmart/contract';
import { z } from 'zod';
import { HttpError } from '../../../plugins/errors.ts';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { routePattern } from '../../catalog/shared/route-pattern.ts';
import type { ManageRouteOptions } from '../manage.routes.ts';
import { storeApprovedEmail, storeRejectedEmail } from './admin-emails.ts';
import {
  findAdminBusiness,
  findBusinessDocument,
  listAdminBusinesses,
  reviewBusiness,
  storeOwnerEmails,
} from './admin-businesses.service.ts';
import {
  listTroubledPaymentActions,
  retryPaymentActionNow,
} from '../../commerce/orders/payment-actions.ts';
import { findAdminPage, listAdminPages, saveAdminPage } from './admin-pages.service.ts';
import { listTroubledMail, retryMailNow } from '../../mail/mail-admin.service.ts';

const businessParams = z.object({ businessId: idParam });
const documentParams = z.object({ businessId: idParam, documentId: idParam });
const pageParams = z.object({ pageId: idParam });
const paymentActionParams = z.object({ actionId: idParam });
const mailJobParams = z.object({ jobId: idParam });

/** Attachment filename for Content-Disposition: ASCII fallback plus the exact UTF-8 name. */
function attachment(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Platform admin: the store review queue (approve publishes a store to shoppers, reject sends the
 * owner a note), CMS page editing, and the payment provider calls that need support. The admin scope (manage.routes.ts) has checked the role.
 */
export const adminRoutes: ZodRoutes<ManageRouteOptions> = async (app, { config }) => {
  const brand = { appName: config.appName, appUrl: config.appUrl };

  app.get(
    managePaths.adminBusinesses,
    { schema: { querystring: adminBusinessesQuery } },
    async (request) => {
      const page = await listAdminBusinesses(app.db, request.query);
      if (!page) throw new HttpError(400, 'cursor: cursor is not valid');
      return ok({ result: page });
    },
  );

  app.get(
    routePattern(managePaths.adminBusiness(':businessId')),
    { schema: { params: businessParams } },
    async (request) => {
      const business = await findAdminBusiness(app.db, request.params.businessId);
      if (!business) throw new HttpError(404, manageMessages.storeNotFound);
      return ok({ result: business });
    },
  );

  app.post(
    routePattern(managePaths.adminBusinessReview(':businessId')),
    { schema: { params: businessParams, body: adminReviewRequest } },
    async (request) => {
      const { businessId } = request.params;
      const { decision } = request.body;
      const note = decision === 'reject' ? (request.body.note ?? '') : null;
      const outcome = await reviewBusiness(app.db, {
        businessId,
        decision,
        note,
        adminId: request.user!.id,
        now: app.now(),
      });
      if (outcome.kind === 'not-found') throw new HttpError(404, manageMessages.storeNotFound);
      if (outcome.kind === 'already-published') {
        throw new HttpError(409, adminMessages.alreadyPublished);
      }
      const store = { id: businessId, name: outcome.name };
      for (const to of await storeOwnerEmails(app.db, businessId)) {
        await app.mailer.send(
          note === null
            ? storeApprovedEmail(brand, to, store)
            : storeRejectedEmail(brand, to, { ...store, note }),
        );
      }
      const business = await findAdminBusiness(app.db, businessId);
      return ok({
        message: note === null ? adminMessages.approved : adminMessages.rejected,
        result: business,
      });
    },
  );

  app.get(
    routePattern(managePaths.adminDocument(':businessId', ':documentId')),
    { schema: { params: documentParams } },
    async (request, reply) => {
      const { businessId, documentId } = request.params;
      const document = await findBusinessDocument(app.db, businessId, documentId);
      if (!document) throw new HttpError(404, adminMessages.documentNotFound);
      return reply
        .header('content-type', document.contentType)
        .header('content-disposition', attachment(document.filename))
        .header('x-content-type-options', 'nosniff')
        .send(document.bytes);
    },
  );

  app.get(managePaths.adminPages, async () =>
    ok({ message: commonMessages.ok, results: await listAdminPages(app.db) }),
  );

  app.get(
    routePattern(managePaths.adminPage(':pageId')),
    { schema: { params: pageParams } },
    async (request) => {
      const page = await findAdminPage(app.db, request.params.pageId);
      if (!page) throw new HttpError(404, adminMessages.pageNotFound);
      return ok({ result: page });
    },
  );

  app.put(
    routePattern(managePaths.adminPage(':pageId')),
    { schema: { params: pageParams, body: adminPageRequest } },
    async (request) => {
      const page = await saveAdminPage(app.db, request.params.pageId, request.body, app.now());
      if (!page) throw new HttpError(404, adminMessages.pageNotFound);
      return ok({ message: adminMessages.pageSaved, result: page });
    },
  );

  // Support: payment provider calls that failed (payment_actions), and retrying one by hand.
  app.get(managePaths.adminPaymentActions, async () =>
    ok({ results: await listTroubledPaymentActions(app.db) }),
  );

  app.post(
    routePattern(managePaths.adminPaymentActionRetry(':actionId')),
    { schema: { params: paymentActionParams } },
    async (request) => {
      const log = request.log.child({ module: 'payment-actions', by: 'admin' });
      const retried = await retryPaymentActionNow(
        { db: app.db, payments: app.payments, log, jobs: app.jobs },
        request.params.actionId,
        app.now(),
      );
      if (!retried.found) throw new HttpError(404, adminMessages.paymentActionNotFound);
      if (retried.alreadyDone) throw new HttpError(409, adminMessages.paymentActionAlreadyDone);
      return ok({
        message: retried.done
          ? adminMessages.paymentActionDone
          : adminMessages.paymentActionStillFailing(retried.lastError ?? 'no answer'),
        result: { done: retried.done },
      });
    },
  );

  // Support: emails the queue could not deliver (mail-queue.ts), and sending one again now.
  app.get(managePaths.adminMailJobs, async () => ok({ results: await listTroubledMail(app.db) }));

  app.post(
    routePattern(managePaths.adminMailJobRetry(':jobId')),
    { schema: { params: mailJobParams } },
    async (request) => {
      if (!(await retryMailNow(app.db, request.params.jobId))) {
        throw new HttpError(404, adminMessages.mailJobNotFound);
      }
      request.log.info(
        { jobId: request.params.jobId, by: 'admin' },
        'email queued again by an admin',
      );
      return ok({ message: adminMessages.mailJobQueued });
    },
  );
};
