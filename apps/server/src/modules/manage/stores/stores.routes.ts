import {
  idParam,
  managePaths,
  ok,
  pauseStoreRequest,
  STORE_DOCUMENT_FIELD,
  STORE_DOCUMENT_MAX_BYTES,
  storeFulfilmentRequest,
  storeHoursRequest,
  storeMessages,
  updateStoreRequest,
} from '@localmart/contract';
import { z } from 'zod';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { routePattern } from '../../catalog/shared/route-pattern.ts';
import type { ManageRouteOptions } from '../manage.routes.ts';
import { readUpload } from '../uploads.ts';
import { businessRow, storeDetailOf } from './store-detail.ts';
import {
  addStoreDocument,
  listStoreDocuments,
  storeDocumentBytes,
} from './store-documents.service.ts';
import { listStoreMembers, removeStoreMember } from './store-members.service.ts';
import {
  pauseStore,
  resumeStore,
  setStoreFulfilment,
  setStoreHours,
  submitStore,
  updateStoreProfile,
} from './store-settings.service.ts';

const BUSINESS = routePattern(managePaths.business(':businessId'));
const HOURS = routePattern(managePaths.hours(':businessId'));
const FULFILMENT = routePattern(managePaths.fulfilment(':businessId'));
const PAUSE = routePattern(managePaths.pause(':businessId'));
const SUBMIT = routePattern(managePaths.submit(':businessId'));
const DOCUMENTS = routePattern(managePaths.documents(':businessId'));
const DOCUMENT = routePattern(managePaths.document(':businessId', ':documentId'));
const MEMBERS = routePattern(managePaths.members(':businessId'));
const MEMBER = routePattern(managePaths.member(':businessId', ':userId'));

const documentParams = z.object({ businessId: idParam, documentId: idParam });
const memberParams = z.object({ businessId: idParam, userId: idParam });
const owner = { role: 'owner' } as const;

/**
 * Store scope (manage.routes.ts has checked membership of :businessId): the store's settings, its
 * verification documents and its members. Everything but reading the store is the owner's.
 */
export const storeRoutes: ZodRoutes<ManageRouteOptions> = async (app) => {
  const storeOf = (request: { store: { businessId: string } | null }) => request.store!.businessId;

  app.get(BUSINESS, async (request) => {
    const row = await businessRow(app.db, storeOf(request));
    return ok({ result: storeDetailOf(row, request.store!.access) });
  });

  app.patch(BUSINESS, { config: owner, schema: { body: updateStoreRequest } }, async (request) => {
    const businessId = storeOf(request);
    await updateStoreProfile(app.db, businessId, request.body, app.now());
    const row = await businessRow(app.db, businessId);
    return ok({ message: storeMessages.saved, result: storeDetailOf(row, request.store!.access) });
  });

  app.put(HOURS, { config: owner, schema: { body: storeHoursRequest } }, async (request) => {
    await setStoreHours(app.db, storeOf(request), request.body, app.now());
    return ok({ message: storeMessages.hoursSaved });
  });

  app.put(
    FULFILMENT,
    { config: owner, schema: { body: storeFulfilmentRequest } },
    async (request) => {
      await setStoreFulfilment(app.db, storeOf(request), request.body, app.now());
      return ok({ message: storeMessages.fulfilmentSaved });
    },
  );

  app.put(PAUSE, { config: owner, schema: { body: pauseStoreRequest } }, async (request) => {
    await pauseStore(app.db, storeOf(request), new Date(request.body.until), app.now());
    return ok({ message: storeMessages.paused });
  });

  app.delete(PAUSE, { config: owner }, async (request) => {
    await resumeStore(app.db, storeOf(request), app.now());
    return ok({ message: storeMessages.resumed });
  });

  app.post(SUBMIT, { config: owner }, async (request) => {
    await submitStore(app.db, storeOf(request), app.now());
    return ok({ message: storeMessages.submitted });
  });

  // Verification documents: private bytes, shown only to the owner (and admins).
  app.get(DOCUMENTS, { config: owner }, async (request) =>
    ok({ results: await listStoreDocuments(app.db, storeOf(request)) }),
  );

  app.post(DOCUMENTS, { config: owner }, async (request, reply) => {
    const upload = await readUpload(app, request, STORE_DOCUMENT_FIELD, STORE_DOCUMENT_MAX_BYTES, {
      missing: storeMessages.documentMissing,
      tooLarge: storeMessages.documentTooLarge,
      notMultipart: storeMessages.documentWrongType,
    });
    const document = await addStoreDocument(app.db, {
      businessId: storeOf(request),
      userId: request.user!.id,
      filename: upload.filename,
      bytes: upload.bytes,
      now: app.now(),
    });
    return reply.code(201).send(ok({ message: storeMessages.documentUploaded, result: document }));
  });

  app.get(
    DOCUMENT,
    { config: owner, schema: { params: documentParams } },
    async (request, reply) => {
      const document = await storeDocumentBytes(
        app.db,
        storeOf(request),
        request.params.documentId,
      );
      // An attachment of the type its bytes are, never sniffed into HTML by the browser.
      return reply
        .header('content-type', document.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${document.filename.replace(/"/g, '')}"`,
        )
        .header('x-content-type-options', 'nosniff')
        .send(document.bytes);
    },
  );

  // Members
  app.get(MEMBERS, { config: owner }, async (request) =>
    ok({ results: await listStoreMembers(app.db, storeOf(request)) }),
  );

  // Adding someone is an invitation they accept (invitations/invitations.routes.ts).

  app.delete(MEMBER, { config: owner, schema: { params: memberParams } }, async (request) => {
    await removeStoreMember(app.db, storeOf(request), request.params.userId);
    return ok({ message: storeMessages.memberRemoved });
  });
};
