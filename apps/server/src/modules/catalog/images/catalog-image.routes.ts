import { catalogItemParams, catalogPaths, commonMessages, fail } from '@localmart/contract';
import { routePattern } from '../shared/route-pattern.ts';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { catalogImageRenderer } from './catalog-image.service.ts';

export const CATALOG_IMAGE_ROUTE = routePattern(catalogPaths.catalogImage(':id'));

/**
 * Generated demo images (SVG) by id. An id's drawing never changes, hence the year-long immutable
 * cache; the document is ours (demo/svg.ts: escaped text, no scripts or external references) and is
 * also served with a CSP that forbids scripts, in case someone opens it as a page.
 */
export const catalogImageRoutes: ZodRoutes = async (app) => {
  const renderer = catalogImageRenderer(app.db);
  app.get(
    CATALOG_IMAGE_ROUTE,
    { schema: { params: catalogItemParams } },
    async (request, reply) => {
      const svg = await renderer.render(request.params.id);
      if (svg === undefined) return reply.code(404).send(fail(commonMessages.notFound));
      return (
        reply
          .type('image/svg+xml; charset=utf-8')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          // The native shells load it from another origin; helmet's default (same-origin) would block it.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(svg)
      );
    },
  );
};
