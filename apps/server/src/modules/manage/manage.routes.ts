import fastifyMultipart from '@fastify/multipart';
import { managePaths, ok } from '@localmart/contract';
import type { Config } from '../../config.ts';
import type { ZodRoutes } from '../../plugins/zod.ts';
import { findUserById } from '../auth/users.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { adminProductContentRoutes } from './admin/admin-product-content.ts';
import { storeAlertRoutes } from './alerts/store-alerts.routes.ts';
import { recordRoutes } from './access/manage-guard.ts';
import { isAdmin, storesOf } from './access/store-access.ts';
import { catalogEditRoutes } from './catalog/catalog-edit.routes.ts';
import { flyerEditRoutes } from './flyers/flyer-edit.routes.ts';
import { storeImageRoutes } from './images/store-images.routes.ts';
import { invitationAnswerRoutes, storeInvitationRoutes } from './invitations/invitations.routes.ts';
import { inventoryPushRoutes } from './inventory/inventory-push.routes.ts';
import { inventoryRoutes } from './inventory/inventory.routes.ts';
import { feedFetchRoutes } from './inventory/feed-fetch.routes.ts';
import { offerRoutes } from './offers/offers.routes.ts';
import { dashboardRoutes } from './orders/dashboard.routes.ts';
import { storeOrderRoutes } from './orders/store-orders.routes.ts';
import { orderChangeRoutes } from './orders/order-changes.routes.ts';
import { onboardingRoutes } from './stores/onboarding.routes.ts';
import { storeRoutes } from './stores/stores.routes.ts';
import { MANAGE_UPLOAD_MAX_BYTES } from './uploads.ts';
import { appointmentManageRoutes } from '../appointments/appointments-manage.routes.ts';
import { reviewAdminRoutes, reviewManageRoutes } from '../reviews/reviews-manage.routes.ts';

// A type alias, not an interface: ZodRoutes wants an index-signature-compatible options record.
export type ManageRouteOptions = { config: Config };

/**
 * Manage Your Store's API. Three scopes, each with its guard on every route it holds (see
 * access/manage-guard.ts): signed-in users (who am I, create a store), store members (everything
 * under /manage/businesses/:businessId), platform admins (/admin). The inventory push authenticates
 * by store API key instead and checks it itself.
 */
export const manageRoutes: ZodRoutes<ManageRouteOptions> = async (app, options) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  await app.register(async (user) => {
    recordRoutes(user, 'user');
    user.addHook('preValidation', app.requireUser);
    user.get(managePaths.me, async (request) => {
      const me = request.user!;
      const row = await findUserById(app.db, me.id);
      return ok({
        result: {
          user: { id: me.id, name: me.displayName, email: row?.email ?? '' },
          isAdmin: isAdmin(me),
          stores: await storesOf(app.db, me.id),
        },
      });
    });
    await user.register(onboardingRoutes, options);
    await user.register(invitationAnswerRoutes, options);
  });

  await app.register(async (store) => {
    recordRoutes(store, 'store');
    store.addHook('preValidation', app.requireStoreAccess);
    // Images, documents and feeds; parsed only in this scope (elsewhere multipart stays a 415).
    await store.register(fastifyMultipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: MANAGE_UPLOAD_MAX_BYTES, files: 1, fields: 20, parts: 21 },
    });
    await store.register(storeRoutes, options);
    await store.register(storeInvitationRoutes, options);
    await store.register(storeImageRoutes, options);
    await store.register(inventoryRoutes, options);
    await store.register(feedFetchRoutes, options);
    await store.register(offerRoutes, options);
    await store.register(storeOrderRoutes, options);
    await store.register(orderChangeRoutes, options);
    await store.register(dashboardRoutes, options);
    await store.register(catalogEditRoutes, options);
    await store.register(flyerEditRoutes, options);
    await store.register(storeAlertRoutes, options);
    await store.register(appointmentManageRoutes);
    await store.register(reviewManageRoutes);
  });

  await app.register(async (admin) => {
    recordRoutes(admin, 'admin');
    admin.addHook('preValidation', app.requireAdmin);
    await admin.register(adminRoutes, options);
    await admin.register(reviewAdminRoutes);
    await admin.register(adminProductContentRoutes, options);
  });

  await app.register(async (push) => {
    recordRoutes(push, 'api-key');
    await push.register(inventoryPushRoutes, options);
  });
};
