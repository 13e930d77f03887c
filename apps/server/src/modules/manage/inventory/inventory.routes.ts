import {
  createApiKeyRequest,
  FEED_FORMATS,
  feedApplyRequest,
  feedColumnMapSchema,
  feedMessages,
  feedSettingsRequest,
  INVENTORY_COLUMNS_FIELD,
  type FeedFormat,
  feedModeSchema,
  IMPORT_HISTORY_PAGE_SIZE,
  IMPORT_SUMMARY_MAX_ERRORS,
  idParam,
  INVENTORY_FEED_FIELD,
  INVENTORY_FEED_MAX_BYTES,
  INVENTORY_FORMAT_FIELD,
  INVENTORY_MODE_FIELD,
  inventoryImportsQuery,
  inventoryMessages,
  managePaths,
  ok,
} from '@localmart/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { inventoryImports } from '../../../db/schema/index.ts';
import { HttpError } from '../../../plugins/errors.ts';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { isCursorInstant } from '../../catalog/shared/cursor.ts';
import { routePattern } from '../../catalog/shared/route-pattern.ts';
import type { ManageRouteOptions } from '../manage.routes.ts';
import { readUpload } from '../uploads.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.ts';
import { createFeedImport, toImportReport, toImportSummary } from './feed-import.service.ts';
import {
  applyPreview,
  columnMapOf,
  dropStalePreviews,
  replaceColumnMap,
  saveColumnMap,
} from './feed-dry-run.ts';

const IMPORTS = routePattern(managePaths.inventoryImports(':businessId'));
const IMPORT = routePattern(managePaths.inventoryImport(':businessId', ':importId'));
const IMPORT_APPLY = routePattern(managePaths.inventoryImportApply(':businessId', ':importId'));
const FEED_SETTINGS = routePattern(managePaths.inventoryFeedSettings(':businessId'));
const API_KEYS = routePattern(managePaths.apiKeys(':businessId'));
const API_KEY = routePattern(managePaths.apiKey(':businessId', ':keyId'));

/** History cursor: the last row's (createdAt, id), opaque to clients. */
function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  const [createdAt, id, extra] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!createdAt || !id || extra !== undefined) return null;
  if (!isCursorInstant(createdAt) || !idParam.safeParse(id).success) return null;
  return { createdAt, id };
}

function formatHintOf(value: string | undefined): FeedFormat | undefined {
  if (value === undefined || value === '') return undefined;
  const format = FEED_FORMATS.find((candidate) => candidate === value.toLowerCase());
  if (!format) throw new HttpError(400, inventoryMessages.badFormat);
  return format;
}

/** The mapping sent with an upload (JSON), or a 400 in words. */
function columnMapOfField(value: string | undefined) {
  if (value === undefined || value === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new HttpError(400, feedMessages.badColumns);
  }
  const parsed = feedColumnMapSchema.safeParse(json);
  if (!parsed.success)
    throw new HttpError(400, parsed.error.issues[0]?.message ?? feedMessages.badColumns);
  return parsed.data;
}

/**
 * Inventory feeds on the manage site (any member of the store): upload a CSV/TSV feed, the history
 * of imports and each import's progress and report. API keys for automated pushes (owner only).
 * The upload is a dry run (docs/decisions/0019): it checks the file, stores its rows as a `preview`
 * and answers 201 with what applying it would do; nothing is written until Apply, which queues its
 * job (feed-import.jobs.ts) and answers 202, the import's page then following the progress. A Full
 * feed is applied only by the owner, who confirms how many items go out of stock.
 */
export const inventoryRoutes: ZodRoutes<ManageRouteOptions> = async (app) => {
  app.post(IMPORTS, async (request, reply) => {
    const upload = await readUpload(app, request, INVENTORY_FEED_FIELD, INVENTORY_FEED_MAX_BYTES, {
      missing: inventoryMessages.fileMissing,
      tooLarge: inventoryMessages.fileTooLarge,
    });
    const mode = feedModeSchema.safeParse(upload.fields[INVENTORY_MODE_FIELD] || 'incremental');
    if (!mode.success) throw new HttpError(400, mode.error.issues[0]?.message ?? 'mode');
    const businessId = request.store!.businessId;
    const columnMap = columnMapOfField(upload.fields[INVENTORY_COLUMNS_FIELD]);
    // A mapping chosen on the preview is the store's from now on (its next files read the same).
    if (columnMap) await saveColumnMap(app.db, businessId, columnMap, app.now());
    await dropStalePreviews(app.db, businessId, app.now());
    const created = await createFeedImport(
      app.db,
      {
        businessId: request.store!.businessId,
        bytes: upload.bytes,
        filename: upload.filename,
        mode: mode.data,
        formatHint: formatHintOf(upload.fields[INVENTORY_FORMAT_FIELD]),
        source: 'upload',
        uploadedBy: request.user!.id,
        apiKeyId: null,
        now: app.now(),
      },
      { batchRows: app.feedImports.batchRows, preview: true },
    );
    return reply.code(201).send(
      ok({
        message: feedMessages.previewReady,
        result: toImportReport(created, IMPORT_SUMMARY_MAX_ERRORS),
      }),
    );
  });

  app.post(IMPORT_APPLY, { schema: { body: feedApplyRequest } }, async (request, reply) => {
    const importId = idParam.safeParse((request.params as { importId?: string }).importId);
    if (!importId.success) throw new HttpError(404, inventoryMessages.importNotFound);
    const queued = await applyPreview(app.db, {
      businessId: request.store!.businessId,
      importId: importId.data,
      access: request.store!.access,
      userId: request.user!.id,
      confirmOutOfStock: request.body.confirmOutOfStock,
      now: app.now(),
      enqueue: app.feedImports.enqueue,
    });
    // Committed: in the one-process setup the worker starts now, not at its next poll.
    app.feedImports.wake();
    return reply.code(202).send(
      ok({
        message: feedMessages.applied,
        result: toImportReport(queued, IMPORT_SUMMARY_MAX_ERRORS),
      }),
    );
  });

  app.get(FEED_SETTINGS, async (request) =>
    ok({ result: { columnMap: await columnMapOf(app.db, request.store!.businessId) } }),
  );

  app.put(FEED_SETTINGS, { schema: { body: feedSettingsRequest } }, async (request) => {
    const businessId = request.store!.businessId;
    // PUT replaces the mapping: clear it first, then store the one sent.
    const columnMap = await replaceColumnMap(app.db, businessId, request.body.columnMap, app.now());
    return ok({ message: feedMessages.settingsSaved, result: { columnMap } });
  });

  app.get(IMPORTS, { schema: { querystring: inventoryImportsQuery } }, async (request) => {
    const businessId = request.store!.businessId;
    const after = request.query.cursor ? decodeCursor(request.query.cursor) : null;
    const rows = await app.db
      .select()
      .from(inventoryImports)
      .where(
        and(
          eq(inventoryImports.businessId, businessId),
          after
            ? sql`(${inventoryImports.createdAt}, ${inventoryImports.id}) <
                  (${after.createdAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(inventoryImports.createdAt), desc(inventoryImports.id))
      .limit(IMPORT_HISTORY_PAGE_SIZE + 1);
    const page = rows.slice(0, IMPORT_HISTORY_PAGE_SIZE).map(toImportSummary);
    const last = page.at(-1);
    const nextCursor =
      rows.length > IMPORT_HISTORY_PAGE_SIZE && last ? encodeCursor(last.createdAt, last.id) : null;
    return ok({ results: page, result: { nextCursor } });
  });

  app.get(IMPORT, async (request) => {
    const importId = idParam.safeParse((request.params as { importId?: string }).importId);
    if (!importId.success) throw new HttpError(404, inventoryMessages.importNotFound);
    const [row] = await app.db
      .select()
      .from(inventoryImports)
      .where(
        and(
          eq(inventoryImports.id, importId.data),
          eq(inventoryImports.businessId, request.store!.businessId),
        ),
      );
    if (!row) throw new HttpError(404, inventoryMessages.importNotFound);
    return ok({ result: toImportReport(row) });
  });

  app.get(API_KEYS, { config: { role: 'owner' } }, async (request) =>
    ok({ results: await listApiKeys(app.db, request.store!.businessId) }),
  );

  app.post(
    API_KEYS,
    { config: { role: 'owner' }, schema: { body: createApiKeyRequest } },
    async (request, reply) => {
      const created = await createApiKey(app.db, {
        businessId: request.store!.businessId,
        name: request.body.name,
        createdBy: request.user!.id,
        now: app.now(),
      });
      return reply
        .code(201)
        .send(ok({ message: inventoryMessages.apiKeyCreated, result: created }));
    },
  );

  app.delete(API_KEY, { config: { role: 'owner' } }, async (request) => {
    const keyId = idParam.safeParse((request.params as { keyId?: string }).keyId);
    if (!keyId.success) throw new HttpError(404, inventoryMessages.apiKeyNotFound);
    const key = await revokeApiKey(app.db, request.store!.businessId, keyId.data, app.now());
    return ok({ message: inventoryMessages.apiKeyRevoked, result: key });
  });
};
