import {
  contactMessagesResponse,
  type ContactMessage,
  type GalleryCreateRequest,
  type GalleryItem,
  type GalleryPatchRequest,
  managedGalleryItemResponse,
  managedGalleryResponse,
  managedMenuItemResponse,
  managedMenuResponse,
  managedMenuSectionResponse,
  managedMenusResponse,
  managedServiceResponse,
  managedServicesResponse,
  managedTeamMemberResponse,
  managedTeamResponse,
  type ManagedMenu,
  type ManagedService,
  managePaths,
  type MenuCreateRequest,
  type MenuItemCreateRequest,
  type MenuItemPatchRequest,
  type MenuPatchRequest,
  type MenuSectionCreateRequest,
  type MenuSectionPatchRequest,
  type ServiceCreateRequest,
  type ServicePatchRequest,
  type TeamMember,
  type TeamMemberCreateRequest,
  type TeamMemberPatchRequest,
  type STATUS_FAIL,
  type STATUS_OK,
} from '@localmart/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http, type HttpClient } from '../../lib/http.ts';
import { assertSuccess, resultOf, resultsOf } from './api-answer.ts';

/**
 * Calls of the catalogue editor (menus, services, gallery, team, contact messages). Each answers
 * its record or throws an Error carrying the server's sentence, so react-query's error state holds
 * what to show the owner.
 */

export const catalogEditKeys = {
  all: (businessId: string) => ['manage', businessId, 'catalog'] as const,
  menus: (businessId: string) => [...catalogEditKeys.all(businessId), 'menus'] as const,
  services: (businessId: string) => [...catalogEditKeys.all(businessId), 'services'] as const,
  gallery: (businessId: string) => [...catalogEditKeys.all(businessId), 'gallery'] as const,
  team: (businessId: string) => [...catalogEditKeys.all(businessId), 'team'] as const,
  messages: (businessId: string) => [...catalogEditKeys.all(businessId), 'messages'] as const,
};

type FailureAnswer = { status: typeof STATUS_FAIL; message: string };
type RecordAnswer<R> = z.ZodType<{ status: typeof STATUS_OK; result: R } | FailureAnswer>;

/**
 * Add / change / delete of one kind of record: a POST to its list (or its parent's), a PATCH and a
 * DELETE on the record's own path, each answering the saved record (or throwing the sentence).
 */
function recordWrites<R>(
  client: HttpClient,
  answer: RecordAnswer<R>,
  recordPath: (id: string) => string,
) {
  return {
    add: async (listPath: string, body: unknown): Promise<R> =>
      resultOf(await client.postJson(listPath, body, answer)),
    update: async (id: string, body: unknown): Promise<R> =>
      resultOf(await client.patch(recordPath(id), body, answer)),
    remove: async (id: string) => assertSuccess(await client.del(recordPath(id))),
  };
}

export const catalogEditApi = (businessId: string, client: HttpClient = http) => {
  const menu = recordWrites(client, managedMenuResponse, (id) => managePaths.menu(businessId, id));
  const section = recordWrites(client, managedMenuSectionResponse, (id) =>
    managePaths.menuSection(businessId, id),
  );
  const item = recordWrites(client, managedMenuItemResponse, (id) =>
    managePaths.menuItem(businessId, id),
  );
  const service = recordWrites(client, managedServiceResponse, (id) =>
    managePaths.service(businessId, id),
  );
  const galleryItem = recordWrites(client, managedGalleryItemResponse, (id) =>
    managePaths.galleryItem(businessId, id),
  );
  const teamMember = recordWrites(client, managedTeamMemberResponse, (id) =>
    managePaths.teamMember(businessId, id),
  );
  return {
    listMenus: async (): Promise<ManagedMenu[]> =>
      resultsOf(await client.get(managePaths.menus(businessId), undefined, managedMenusResponse)),
    createMenu: (body: MenuCreateRequest) => menu.add(managePaths.menus(businessId), body),
    updateMenu: (menuId: string, body: MenuPatchRequest) => menu.update(menuId, body),
    deleteMenu: (menuId: string) => menu.remove(menuId),
    createSection: (menuId: string, body: MenuSectionCreateRequest) =>
      section.add(managePaths.menuSections(businessId, menuId), body),
    updateSection: (sectionId: string, body: MenuSectionPatchRequest) =>
      section.update(sectionId, body),
    deleteSection: (sectionId: string) => section.remove(sectionId),
    createItem: (sectionId: string, body: MenuItemCreateRequest) =>
      item.add(managePaths.menuItems(businessId, sectionId), body),
    updateItem: (itemId: string, body: MenuItemPatchRequest) => item.update(itemId, body),
    deleteItem: (itemId: string) => item.remove(itemId),

    listServices: async (): Promise<ManagedService[]> =>
      resultsOf(
        await client.get(managePaths.services(businessId), undefined, managedServicesResponse),
      ),
    createService: (body: ServiceCreateRequest) =>
      service.add(managePaths.services(businessId), body),
    updateService: (serviceId: string, body: ServicePatchRequest) =>
      service.update(serviceId, body),
    deleteService: (serviceId: string) => service.remove(serviceId),

    listGallery: async (): Promise<GalleryItem[]> =>
      resultsOf(
        await client.get(managePaths.gallery(businessId), undefined, managedGalleryResponse),
      ),
    addGalleryImage: (body: GalleryCreateRequest) =>
      galleryItem.add(managePaths.gallery(businessId), body),
    updateGalleryItem: (itemId: string, body: GalleryPatchRequest) =>
      galleryItem.update(itemId, body),
    deleteGalleryItem: (itemId: string) => galleryItem.remove(itemId),

    listTeam: async (): Promise<TeamMember[]> =>
      resultsOf(await client.get(managePaths.team(businessId), undefined, managedTeamResponse)),
    addTeamMember: (body: TeamMemberCreateRequest) =>
      teamMember.add(managePaths.team(businessId), body),
    updateTeamMember: (memberId: string, body: TeamMemberPatchRequest) =>
      teamMember.update(memberId, body),
    deleteTeamMember: (memberId: string) => teamMember.remove(memberId),

    listMessages: async (
      cursor: string | null,
    ): Promise<{ results: ContactMessage[]; nextCursor: string | null }> => {
      const answer = await client.get(
        managePaths.contactMessages(businessId),
        { cursor },
        contactMessagesResponse,
      );
      assertSuccess(answer);
      return { results: answer.results, nextCursor: answer.nextCursor };
    },
  };
};
export type CatalogEditApi = ReturnType<typeof catalogEditApi>;

/** A list of the store read with react-query. */
export function useCatalogList<T>(
  key: readonly unknown[],
  read: () => Promise<T>,
): ReturnType<typeof useQuery<T>> {
  return useQuery({ queryKey: key, queryFn: read });
}

/**
 * A write of the editor: runs `write`, then reads the list `key` again (and the rest of the
 * store's catalogue keys, cheap and short) so every screen shows what was saved.
 */
export function useCatalogWrite<TInput, TOutput>(
  businessId: string,
  write: (input: TInput) => Promise<TOutput>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogEditKeys.all(businessId) }),
  });
}

/**
 * The writes of an editor page: `run` answers the saved record (a dialog awaits it and shows a
 * failure itself); `quick` is for one-click moves, toggles and deletes, whose failure is shown
 * from `write.error` by the page.
 */
export function useCatalogActions(businessId: string) {
  const write = useCatalogWrite(businessId, (action: () => Promise<unknown>) => action());
  const run = (action: () => Promise<unknown>) => write.mutateAsync(action);
  const quick = (action: () => Promise<unknown>) => void run(action).catch(() => undefined);
  return { write, run, quick };
}
