import {
  businessContactRequest,
  businessListQuery,
  detailNearQuery,
  businessParams,
  catalogPaths,
  categoryTreeQuery,
  commonMessages,
  CONTACT_SENT_MESSAGE,
  fail,
  idParam,
  ok,
  okPage,
} from '@localmart/contract';
import { z } from 'zod';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { rateLimitRules } from '../../rate-limit/rate-limit-rules.ts';
import { catalogImageRoutes } from '../images/catalog-image.routes.ts';
import { listBusinesses } from './business-list.service.ts';
import {
  businessExists,
  findBusinessDetail,
  findTeamMember,
  listGallery,
  listTeam,
} from './business.service.ts';
import { routePattern } from '../shared/route-pattern.ts';
import { categoryTree } from './category.service.ts';
import { sendContactMessage } from './contact.service.ts';

const BUSINESS = routePattern(catalogPaths.business(':businessId'));
const TEAM_MEMBER = routePattern(catalogPaths.businessTeamMember(':businessId', ':memberId'));

const teamMemberParams = z.object({ businessId: idParam, memberId: idParam });

/** Stores (home, business-details, teams, gallery, contacts) and category trees. */
export const businessRoutes: ZodRoutes<{ appName: string }> = async (app, { appName }) => {
  await app.register(catalogImageRoutes);

  app.get(
    catalogPaths.businesses,
    { schema: { querystring: businessListQuery } },
    async (request) => {
      const page = await listBusinesses(app.db, request.query, app.now());
      return okPage(page.results, page.nextCursor);
    },
  );

  app.get(
    BUSINESS,
    { schema: { params: businessParams, querystring: detailNearQuery } },
    async (request, reply) => {
      const { lat, lng } = request.query;
      const near = lat !== undefined && lng !== undefined ? { lat, lng } : null;
      const business = await findBusinessDetail(app.db, request.params.businessId, app.now(), near);
      if (!business) return reply.code(404).send(fail(commonMessages.notFound));
      return ok({ result: business });
    },
  );

  app.get(`${BUSINESS}/team`, { schema: { params: businessParams } }, async (request, reply) => {
    const { businessId } = request.params;
    const team = await listTeam(app.db, businessId);
    if (team.length === 0 && !(await businessExists(app.db, businessId))) {
      return reply.code(404).send(fail(commonMessages.notFound));
    }
    return ok({ results: team });
  });

  app.get(TEAM_MEMBER, { schema: { params: teamMemberParams } }, async (request, reply) => {
    const { businessId, memberId } = request.params;
    const member = await findTeamMember(app.db, businessId, memberId);
    if (!member) return reply.code(404).send(fail(commonMessages.notFound));
    return ok({ result: member });
  });

  app.get(
    routePattern(catalogPaths.businessGallery(':businessId')),
    { schema: { params: businessParams } },
    async (request, reply) => {
      const { businessId } = request.params;
      const gallery = await listGallery(app.db, businessId);
      if (gallery.length === 0 && !(await businessExists(app.db, businessId))) {
        return reply.code(404).send(fail(commonMessages.notFound));
      }
      return ok({ results: gallery });
    },
  );

  app.post(
    routePattern(catalogPaths.businessContact(':businessId')),
    {
      schema: { params: businessParams, body: businessContactRequest },
      // Signed-in shoppers are linked to their message; anonymous ones may write too.
      preValidation: app.optionalUser,
      config: { rateLimit: rateLimitRules.businessContact },
    },
    async (request, reply) => {
      const outcome = await sendContactMessage(app.db, app.mailer, {
        appName,
        businessId: request.params.businessId,
        userId: request.user?.id ?? null,
        form: request.body,
      });
      if (!outcome) return reply.code(404).send(fail(commonMessages.notFound));
      if (!outcome.sent)
        request.log.warn('contact message kept, but the store could not be emailed');
      return ok({ message: CONTACT_SENT_MESSAGE });
    },
  );

  app.get(
    catalogPaths.categories,
    { schema: { querystring: categoryTreeQuery } },
    async (request) => ok({ results: await categoryTree(app.db, request.query.kind) }),
  );
};
