import {
  FEED_CONTENT_TYPES,
  type FeedFormat,
  IMPORT_SUMMARY_MAX_ERRORS,
  idParam,
  INVENTORY_FEED_MAX_BYTES,
  inventoryMessages,
  inventoryPushQuery,
  managePaths,
  ok,
} from '@localmart/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { inventoryImports } from '../../../db/schema/index.ts';
import { HttpError } from '../../../plugins/errors.ts';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { keyedLimit } from '../../rate-limit/keyed-limit.ts';
import { inventoryPushPerKey, rateLimitRules } from '../../rate-limit/rate-limit-rules.ts';
import type { ManageRouteOptions } from '../manage.routes.ts';
import { useApiKey } from './api-keys.service.ts';
import { routePattern } from '../../catalog/shared/route-pattern.ts';
import { createFeedImport, runFeedImport, toImportReport } from './feed-import.service.ts';

const PUSH_IMPORT = routePattern(managePaths.inventoryPushImport(':importId'));

/** The key a push request was authenticated with (set by the route's onRequest hook). */
const pushKeys = new WeakMap<FastifyRequest, { keyId: string; businessId: string }>();

function bearer(request: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
}

function formatOf(request: FastifyRequest): FeedFormat | undefined {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return (FEED_CONTENT_TYPES as Record<string, FeedFormat>)[type];
}

/**
 * POST managePaths.inventoryPush?mode=full|incremental with `Authorization: Bearer lmk_...` and the
 * feed as the raw body (text/csv or text/tab-separated-values): a store's own system sends its stock
 * without a session. A session token is not a key (401), nor is a revoked one. The key is checked
 * first (onRequest), before the body is read, so a caller without one learns nothing else.
 * A feed of one batch of good rows or fewer is applied within the request, as before (201 with the
 * report); a larger one takes the upload's path, a job (202, `Location` of its progress, readable
 * with the same key at managePaths.inventoryPushImport).
 */
export const inventoryPushRoutes: ZodRoutes<ManageRouteOptions> = async (app) => {
  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const secret = bearer(request);
    const key = secret ? await useApiKey(app.db, secret, app.now()) : null;
    if (!key) {
      reply.header('www-authenticate', 'Bearer');
      throw new HttpError(
        401,
        secret ? inventoryMessages.apiKeyInvalid : inventoryMessages.apiKeyRequired,
      );
    }
    pushKeys.set(request, key);
  };

  // Scoped to this plugin: everywhere else the API refuses these content types (415).
  for (const type of Object.keys(FEED_CONTENT_TYPES)) {
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: INVENTORY_FEED_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
  }

  app.post(
    managePaths.inventoryPush,
    {
      bodyLimit: INVENTORY_FEED_MAX_BYTES,
      // No cookie is read here: the only credential is the key in the Authorization header.
      config: { csrf: false, rateLimit: rateLimitRules.inventoryPush },
      schema: { querystring: inventoryPushQuery },
      onRequest: authenticate,
      preHandler: keyedLimit(
        app,
        inventoryPushPerKey,
        (request) => `${rateLimitRules.inventoryPush.name}:key:${pushKeys.get(request)!.keyId}`,
      ),
    },
    async (request, reply) => {
      const key = pushKeys.get(request)!;
      const format = formatOf(request);
      if (!format) throw new HttpError(415, inventoryMessages.pushContentType);
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw new HttpError(400, inventoryMessages.fileMissing);
      }
      const now = app.now();
      const { batchRows } = app.feedImports;
      // The job is queued either way: if this process dies halfway, a worker finishes the import.
      const created = await createFeedImport(
        app.db,
        {
          businessId: key.businessId,
          bytes: body,
          filename: `push-${now.toISOString()}.${format}`,
          mode: request.query.mode,
          formatHint: format,
          source: 'api',
          uploadedBy: null,
          apiKeyId: key.keyId,
          now,
        },
        { batchRows, enqueue: app.feedImports.enqueue },
      );
      if (created.rowsTotal - created.rowsFailed <= batchRows) {
        const done = await runFeedImport(app.db, created.id, { now: () => app.now() });
        await app.dealAlerts.storeOffersChanged({ businessId: key.businessId });
        return reply.code(201).send(
          ok({
            message: inventoryMessages.imported,
            result: toImportReport(done, IMPORT_SUMMARY_MAX_ERRORS),
          }),
        );
      }
      app.feedImports.wake();
      return reply
        .code(202)
        .header('location', managePaths.inventoryPushImport(created.id))
        .send(
          ok({
            message: inventoryMessages.received,
            result: toImportReport(created, IMPORT_SUMMARY_MAX_ERRORS),
          }),
        );
    },
  );

  // A pushed import's progress and report, for the key's own store only.
  app.get(PUSH_IMPORT, { onRequest: authenticate }, async (request) => {
    const key = pushKeys.get(request)!;
    const importId = idParam.safeParse((request.params as { importId?: string }).importId);
    if (!importId.success) throw new HttpError(404, inventoryMessages.importNotFound);
    const [row] = await app.db
      .select()
      .from(inventoryImports)
      .where(
        and(
          eq(inventoryImports.id, importId.data),
          eq(inventoryImports.businessId, key.businessId),
        ),
      );
    if (!row) throw new HttpError(404, inventoryMessages.importNotFound);
    return ok({ result: toImportReport(row) });
  });
};
