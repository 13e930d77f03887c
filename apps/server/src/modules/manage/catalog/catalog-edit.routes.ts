import {
  CATALOG_EDIT_LIMITS,
  catalogEditMessages,
  contactMessagesQuery,
  galleryCreateRequest,
  galleryPatchRequest,
  idParam,
  managePaths,
  menuCreateRequest,
  menuItemCreateRequest,
  menuItemPatchRequest,
  menuPatchRequest,
  menuSectionCreateRequest,
  menuSectionPatchRequest,
  ok,
  okPage,
  serviceCreateRequest,
  servicePatchRequest,
  teamMemberCreateRequest,
  teamMemberPatchRequest,
} from '@localmart/contract';
import { z } from 'zod';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { routePattern } from '../../catalog/shared/route-pattern.ts';
import type { ManageRouteOptions } from '../manage.routes.ts';
import {
  createItem,
  createMenu,
  createSection,
  deleteItem,
  deleteMenu,
  deleteSection,
  listManagedMenus,
  updateItem,
  updateMenu,
  updateSection,
} from './menu-editing.ts';
import {
  addGalleryImage,
  addTeamMember,
  deleteGalleryItem,
  deleteTeamMember,
  listContactMessages,
  updateGalleryItem,
  updateTeamMember,
} from './profile-editing.ts';
import { listGallery, listTeam } from '../../catalog/businesses/business.service.ts';
import {
  createService,
  deleteService,
  listManagedServices,
  updateService,
} from './service-editing.ts';
import { foundInStore } from '../store-record.ts';

const B = ':businessId';
const storeParams = z.object({ businessId: idParam });
const menuParams = z.object({ businessId: idParam, menuId: idParam });
const sectionParams = z.object({ businessId: idParam, sectionId: idParam });
const itemParams = z.object({ businessId: idParam, itemId: idParam });
const serviceParams = z.object({ businessId: idParam, serviceId: idParam });
const memberParams = z.object({ businessId: idParam, memberId: idParam });

/** The record, or this area's 404 (see foundInStore). */
function found<T>(record: T | undefined | false): T {
  return foundInStore(record, catalogEditMessages.notFound);
}

/**
 * Catalogue editing (any member of the store): menus with sections and dishes, services, gallery,
 * team, and reading contact messages. The guard of the store scope has checked the caller; every
 * service call below is scoped to `request.store.businessId`.
 */
export const catalogEditRoutes: ZodRoutes<ManageRouteOptions> = async (app) => {
  const storeOf = (request: { store: { businessId: string } | null }) => request.store!.businessId;

  // Menus ------------------------------------------------------------------------------------
  const MENUS = routePattern(managePaths.menus(B));
  const MENU = routePattern(managePaths.menu(B, ':menuId'));
  const SECTIONS = routePattern(managePaths.menuSections(B, ':menuId'));
  const SECTION = routePattern(managePaths.menuSection(B, ':sectionId'));
  const ITEMS = routePattern(managePaths.menuItems(B, ':sectionId'));
  const ITEM = routePattern(managePaths.menuItem(B, ':itemId'));

  app.get(MENUS, { schema: { params: storeParams } }, async (request) =>
    ok({ results: await listManagedMenus(app.db, storeOf(request)) }),
  );
  app.post(
    MENUS,
    { schema: { params: storeParams, body: menuCreateRequest } },
    async (request, reply) => {
      const menu = await createMenu(app.db, storeOf(request), request.body);
      return reply.code(201).send(ok({ message: catalogEditMessages.menuCreated, result: menu }));
    },
  );
  app.patch(MENU, { schema: { params: menuParams, body: menuPatchRequest } }, async (request) => {
    const menu = await updateMenu(app.db, storeOf(request), request.params.menuId, request.body);
    return ok({ message: catalogEditMessages.menuSaved, result: found(menu) });
  });
  app.delete(MENU, { schema: { params: menuParams } }, async (request) => {
    found(await deleteMenu(app.db, storeOf(request), request.params.menuId));
    return ok({ message: catalogEditMessages.menuDeleted });
  });

  app.post(
    SECTIONS,
    { schema: { params: menuParams, body: menuSectionCreateRequest } },
    async (request, reply) => {
      const { menuId } = request.params;
      const section = found(await createSection(app.db, storeOf(request), menuId, request.body));
      return reply
        .code(201)
        .send(ok({ message: catalogEditMessages.sectionCreated, result: section }));
    },
  );
  app.patch(
    SECTION,
    { schema: { params: sectionParams, body: menuSectionPatchRequest } },
    async (request) => {
      const { sectionId } = request.params;
      const section = await updateSection(app.db, storeOf(request), sectionId, request.body);
      return ok({ message: catalogEditMessages.sectionSaved, result: found(section) });
    },
  );
  app.delete(SECTION, { schema: { params: sectionParams } }, async (request) => {
    found(await deleteSection(app.db, storeOf(request), request.params.sectionId));
    return ok({ message: catalogEditMessages.sectionDeleted });
  });

  app.post(
    ITEMS,
    { schema: { params: sectionParams, body: menuItemCreateRequest } },
    async (request, reply) => {
      const { sectionId } = request.params;
      const item = found(await createItem(app.db, storeOf(request), sectionId, request.body));
      return reply.code(201).send(ok({ message: catalogEditMessages.itemCreated, result: item }));
    },
  );
  app.patch(
    ITEM,
    { schema: { params: itemParams, body: menuItemPatchRequest } },
    async (request) => {
      const item = await updateItem(app.db, storeOf(request), request.params.itemId, request.body);
      return ok({ message: catalogEditMessages.itemSaved, result: found(item) });
    },
  );
  app.delete(ITEM, { schema: { params: itemParams } }, async (request) => {
    found(await deleteItem(app.db, storeOf(request), request.params.itemId));
    return ok({ message: catalogEditMessages.itemDeleted });
  });

  // Services ---------------------------------------------------------------------------------
  const SERVICES = routePattern(managePaths.services(B));
  const SERVICE = routePattern(managePaths.service(B, ':serviceId'));

  app.get(SERVICES, { schema: { params: storeParams } }, async (request) =>
    ok({ results: await listManagedServices(app.db, storeOf(request)) }),
  );
  app.post(
    SERVICES,
    { schema: { params: storeParams, body: serviceCreateRequest } },
    async (request, reply) => {
      const service = await createService(app.db, storeOf(request), request.body);
      return reply
        .code(201)
        .send(ok({ message: catalogEditMessages.serviceCreated, result: service }));
    },
  );
  app.patch(
    SERVICE,
    { schema: { params: serviceParams, body: servicePatchRequest } },
    async (request) => {
      const { serviceId } = request.params;
      const service = await updateService(app.db, storeOf(request), serviceId, request.body);
      return ok({ message: catalogEditMessages.serviceSaved, result: found(service) });
    },
  );
  app.delete(SERVICE, { schema: { params: serviceParams } }, async (request) => {
    found(await deleteService(app.db, storeOf(request), request.params.serviceId));
    return ok({ message: catalogEditMessages.serviceDeleted });
  });

  // Gallery ----------------------------------------------------------------------------------
  const GALLERY = routePattern(managePaths.gallery(B));
  const GALLERY_ITEM = routePattern(managePaths.galleryItem(B, ':itemId'));

  app.get(GALLERY, { schema: { params: storeParams } }, async (request) =>
    ok({ results: await listGallery(app.db, storeOf(request)) }),
  );
  app.post(
    GALLERY,
    { schema: { params: storeParams, body: galleryCreateRequest } },
    async (request, reply) => {
      const item = await addGalleryImage(app.db, storeOf(request), request.body);
      return reply.code(201).send(ok({ message: catalogEditMessages.galleryAdded, result: item }));
    },
  );
  app.patch(
    GALLERY_ITEM,
    { schema: { params: itemParams, body: galleryPatchRequest } },
    async (request) => {
      const { itemId } = request.params;
      const item = await updateGalleryItem(app.db, storeOf(request), itemId, request.body);
      return ok({ message: catalogEditMessages.gallerySaved, result: found(item) });
    },
  );
  app.delete(GALLERY_ITEM, { schema: { params: itemParams } }, async (request) => {
    found(await deleteGalleryItem(app.db, storeOf(request), request.params.itemId));
    return ok({ message: catalogEditMessages.galleryDeleted });
  });

  // Team -------------------------------------------------------------------------------------
  const TEAM = routePattern(managePaths.team(B));
  const TEAM_MEMBER = routePattern(managePaths.teamMember(B, ':memberId'));

  app.get(TEAM, { schema: { params: storeParams } }, async (request) =>
    ok({ results: await listTeam(app.db, storeOf(request)) }),
  );
  app.post(
    TEAM,
    { schema: { params: storeParams, body: teamMemberCreateRequest } },
    async (request, reply) => {
      const member = await addTeamMember(app.db, storeOf(request), request.body);
      return reply.code(201).send(ok({ message: catalogEditMessages.teamAdded, result: member }));
    },
  );
  app.patch(
    TEAM_MEMBER,
    { schema: { params: memberParams, body: teamMemberPatchRequest } },
    async (request) => {
      const { memberId } = request.params;
      const member = await updateTeamMember(app.db, storeOf(request), memberId, request.body);
      return ok({ message: catalogEditMessages.teamSaved, result: found(member) });
    },
  );
  app.delete(TEAM_MEMBER, { schema: { params: memberParams } }, async (request) => {
    found(await deleteTeamMember(app.db, storeOf(request), request.params.memberId));
    return ok({ message: catalogEditMessages.teamDeleted });
  });

  // Contact messages -------------------------------------------------------------------------
  app.get(
    routePattern(managePaths.contactMessages(B)),
    { schema: { params: storeParams, querystring: contactMessagesQuery } },
    async (request) => {
      const page = await listContactMessages(
        app.db,
        storeOf(request),
        CATALOG_EDIT_LIMITS.messagesPageSize,
        request.query.cursor,
      );
      return okPage(page.results, page.nextCursor);
    },
  );
};
