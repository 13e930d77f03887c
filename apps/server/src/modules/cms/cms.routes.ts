import { apiPaths, commonMessages, fail, idParam, ok, pagesQuery } from '@localmart/contract';
import { z } from 'zod';
import type { ZodRoutes } from '../../plugins/zod.ts';
import { findPublishedPage, listPublishedPages } from './cms.service.ts';

const pageParams = z.object({ id: idParam });

/**
 * CMS pages (spec §7 `pages`). Public: anonymous visitors read them, and a bearer token the app sends
 * along is neither required nor checked here.
 */
export const cmsRoutes: ZodRoutes = async (app) => {
  app.get(apiPaths.pages, { schema: { querystring: pagesQuery } }, async (request) =>
    ok({ message: commonMessages.ok, results: await listPublishedPages(app.db, request.query) }),
  );

  app.get(`${apiPaths.pages}/:id`, { schema: { params: pageParams } }, async (request, reply) => {
    const page = await findPublishedPage(app.db, request.params.id);
    if (!page) return reply.code(404).send(fail(commonMessages.notFound));
    return ok({ message: commonMessages.ok, result: page });
  });
};
