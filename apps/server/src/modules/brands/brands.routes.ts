import fastifyMultipart from '@fastify/multipart';
import {
  type BrandPartner,
  brandApplicationSchema,
  BRAND_CSV_APPLY_FIELD,
  BRAND_CSV_FIELD,
  brandContentSchema,
  brandMessages,
  brandPaths,
  brandRejectionSchema,
  gtinParamSchema,
  idParam,
  ok,
  STORE_IMAGE_FIELD,
  STORE_IMAGE_MAX_BYTES,
  storeImageMessages,
} from '@localmart/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors.ts';
import type { ZodRoutes, ZodTypeProvider } from '../../plugins/zod.ts';
import { routePattern } from '../catalog/shared/route-pattern.ts';
import { recordRoutes } from '../manage/access/manage-guard.ts';
import { storeImage } from '../manage/images/store-images.ts';
import { MANAGE_UPLOAD_MAX_BYTES, readUpload } from '../manage/uploads.ts';
import { keyedLimit } from '../rate-limit/keyed-limit.ts';
import { brandApplicationsPerUser, rateLimitRules } from '../rate-limit/rate-limit-rules.ts';
import { brandContentFile } from './brand-content-file.ts';
import {
  applyForBrandPartner,
  approveBrandPartner,
  brandGtin,
  listBrandPartnersForAdmin,
  listBrandProducts,
  memberBrandPartner,
  myBrandPartners,
  rejectBrandPartner,
  saveBrandContent,
} from './brands.service.ts';

const brandParams = z.object({ brandId: idParam });
const gtinParams = z.object({ brandId: idParam, gtin: gtinParamSchema });
const listQuery = z.object({ q: z.string().max(100).default('') });
const CSV_MAX_BYTES = 4 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on brand routes once the caller's membership of `:brandId` is checked. */
    brandPartner: BrandPartner | null;
  }
}

/** Platform admin: the applications, approve, reject (registered inside the admin scope). */
const brandAdminRoutes: ZodRoutes = async (app) => {
  app.get(brandPaths.adminList, async () =>
    ok({ results: await listBrandPartnersForAdmin(app.db) }),
  );
  app.post(
    routePattern(brandPaths.adminApprove(':brandId')),
    { schema: { params: brandParams } },
    async (request) => {
      await approveBrandPartner(app.db, request.params.brandId, request.user!.id, app.now());
      return ok({ message: brandMessages.approved });
    },
  );
  app.post(
    routePattern(brandPaths.adminReject(':brandId')),
    { schema: { params: brandParams, body: brandRejectionSchema } },
    async (request) => {
      await rejectBrandPartner(
        app.db,
        request.params.brandId,
        request.user!.id,
        request.body.reason,
        app.now(),
      );
      return ok({ message: brandMessages.rejected });
    },
  );
};

/**
 * Brand partners on the manage API (ADR 0022). Two scopes: any signed-in user (list mine, apply,
 * throttled per account) and members of `:brandId` (the portal), whose guard runs before validation
 * so a stranger learns nothing from a malformed body. Writes further need an approved partner and a
 * GTIN of its own (brands.service.ts).
 */
export const brandPartnerRoutes: ZodRoutes = async (app) => {
  app.decorateRequest('brandPartner', null);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  await app.register(async (admin) => {
    recordRoutes(admin, 'admin');
    admin.addHook('preValidation', app.requireAdmin);
    await admin.register(brandAdminRoutes);
  });

  await app.register(async (scope) => {
    const user = scope.withTypeProvider<ZodTypeProvider>();
    recordRoutes(user, 'user');
    user.addHook('preValidation', app.requireUser);
    const limitPerUser = keyedLimit(
      app,
      brandApplicationsPerUser,
      (request) => `${rateLimitRules.brandApplication.name}:user:${request.user!.id}`,
    );
    user.get(brandPaths.brands, async (request) =>
      ok({ results: await myBrandPartners(app.db, request.user!.id) }),
    );
    user.post(
      brandPaths.brands,
      {
        schema: { body: brandApplicationSchema },
        config: { rateLimit: rateLimitRules.brandApplication },
        preHandler: limitPerUser,
      },
      async (request, reply) => {
        const partner = await applyForBrandPartner(
          app.db,
          request.user!.id,
          request.body,
          app.now(),
        );
        reply.code(201);
        return ok({ message: brandMessages.applied, result: partner });
      },
    );
  });

  await app.register(async (scope) => {
    const brand = scope.withTypeProvider<ZodTypeProvider>();
    recordRoutes(brand, 'brand');
    brand.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
      await app.requireUser(request, reply);
      const parsed = idParam.safeParse((request.params as { brandId?: string }).brandId);
      if (!parsed.success) throw new HttpError(404, brandMessages.notFound);
      const partner = await memberBrandPartner(app.db, request.user!.id, parsed.data);
      if (partner === undefined) throw new HttpError(404, brandMessages.notFound);
      if (partner === null) throw new HttpError(403, brandMessages.notAMember);
      request.brandPartner = partner;
    });
    await brand.register(fastifyMultipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: MANAGE_UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });

    brand.get(
      routePattern(brandPaths.brand(':brandId')),
      { schema: { params: brandParams } },
      async (request) => ok({ result: request.brandPartner! }),
    );

    brand.get(
      routePattern(brandPaths.products(':brandId')),
      { schema: { params: brandParams, querystring: listQuery } },
      async (request) =>
        ok({ results: await listBrandProducts(app.db, request.brandPartner!, request.query.q) }),
    );

    brand.get(
      routePattern(brandPaths.product(':brandId', ':gtin')),
      { schema: { params: gtinParams } },
      async (request) =>
        ok({ result: await brandGtin(app.db, request.brandPartner!, request.params.gtin) }),
    );

    brand.put(
      routePattern(brandPaths.product(':brandId', ':gtin')),
      { schema: { params: gtinParams, body: brandContentSchema } },
      async (request) => {
        const { brandId, gtin } = request.params;
        await saveBrandContent(app.db, brandId, gtin, request.body, app.now());
        return ok({
          message: brandMessages.contentSaved,
          result: await brandGtin(app.db, request.brandPartner!, gtin),
        });
      },
    );

    brand.post(
      routePattern(brandPaths.images(':brandId')),
      { schema: { params: brandParams } },
      async (request) => {
        // Only an approved partner writes content, so only it stores photos with us.
        if (request.brandPartner!.status !== 'approved') {
          throw new HttpError(403, brandMessages.notApproved);
        }
        const upload = await readUpload(app, request, STORE_IMAGE_FIELD, STORE_IMAGE_MAX_BYTES, {
          missing: storeImageMessages.missing,
          tooLarge: storeImageMessages.tooLarge,
        });
        const image = await storeImage(app.db, {
          ownerId: request.user!.id,
          bytes: upload.bytes,
          alt: (upload.fields.alt ?? '').slice(0, 200),
          now: app.now(),
        });
        return ok({ message: storeImageMessages.uploaded, result: image });
      },
    );

    brand.post(
      routePattern(brandPaths.contentFile(':brandId')),
      { schema: { params: brandParams } },
      async (request) => {
        if (request.brandPartner!.status !== 'approved') {
          throw new HttpError(403, brandMessages.notApproved);
        }
        const upload = await readUpload(app, request, BRAND_CSV_FIELD, CSV_MAX_BYTES, {
          missing: brandMessages.csvMissing,
          tooLarge: brandMessages.csvTooManyRows,
        });
        const apply = upload.fields[BRAND_CSV_APPLY_FIELD] === 'true';
        const result = await brandContentFile(
          app.db,
          request.params.brandId,
          upload.bytes.toString('utf8'),
          apply,
          app.now(),
        );
        return ok({
          message: apply
            ? brandMessages.csvApplied(result.created + result.updated)
            : brandMessages.csvChecked,
          result,
        });
      },
    );
  });
};
