import { API_BASE, commonMessages, fail, idParam } from '@localmart/contract';
import { z } from 'zod';
import type { ZodRoutes } from '../../plugins/zod.ts';
import { findMedia } from './media.service.ts';

export const MEDIA_ROUTE = `${API_BASE}/media/:id`;

const mediaParams = z.object({ id: idParam });

/**
 * Public, by unguessable id (a random uuid), so an <img> can load it without a token. A stored item
 * never changes (a new picture gets a new id), hence the year-long immutable cache.
 */
export const mediaRoutes: ZodRoutes = async (app) => {
  app.get(MEDIA_ROUTE, { schema: { params: mediaParams } }, async (request, reply) => {
    const item = await findMedia(app.db, request.params.id);
    if (!item) return reply.code(404).send(fail(commonMessages.notFound));
    return (
      reply
        .type(item.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        // The native shells load it from another origin; helmet's default (same-origin) would block it.
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('content-disposition', 'inline')
        .send(item.bytes)
    );
  });
};
