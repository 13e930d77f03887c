import {
  addListItemRequest,
  catalogIdSchema,
  dealAlertSettingsSchema,
  detailNearQuery,
  fail,
  type FavouriteKind,
  favouriteKindSchema,
  favouriteParams,
  listsMessages,
  listsPaths,
  ok,
  updateListItemRequest,
} from '@localmart/contract';
import { z } from 'zod';
import type { ZodRoutes } from '../../plugins/zod.ts';
import { routePattern } from '../catalog/shared/route-pattern.ts';
import { getDealAlertSettings, saveDealAlertSettings } from './deal-settings.service.ts';
import {
  addFavourite,
  favouriteIds,
  listFavourites,
  removeFavourite,
} from './favourites.service.ts';
import {
  addListItem,
  findListItem,
  getShoppingList,
  removeListItem,
  updateListItem,
} from './shopping-list.service.ts';

const FAVOURITE = routePattern(listsPaths.favourite('store', ':targetId')).replace(
  '/store/',
  '/:kind/',
);
const LIST_ITEM = routePattern(listsPaths.listItem(':itemId'));
const itemParams = z.object({ itemId: z.string() }).strict();

function locationOf(query: { lat?: number | undefined; lng?: number | undefined }) {
  return query.lat === undefined || query.lng === undefined
    ? null
    : { lat: query.lat, lng: query.lng };
}

/**
 * Favourites, the shopping list and deal alert settings (issue 17). Every route needs the signed-in
 * shopper and touches only their own rows: another shopper's item id is simply not found. Mutations
 * go through the app's CSRF check like every other (plugins/csrf.ts).
 */
export const listsRoutes: ZodRoutes = async (app) => {
  app.addHook('preValidation', app.requireUser);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(listsPaths.favourites, async (request) =>
    ok({
      message: listsMessages.favouritesLoaded,
      result: await listFavourites(app.db, request.user!.id, app.now()),
    }),
  );

  app.get(listsPaths.favouriteIds, async (request) =>
    ok({ result: await favouriteIds(app.db, request.user!.id) }),
  );

  /** Kind and id checked here, so a wrong one is a sentence and a 404, not a field path. */
  const favouriteTarget = (
    params: z.infer<typeof favouriteParams>,
  ): { error: string } | { error: null; kind: FavouriteKind; targetId: string } => {
    const kind = favouriteKindSchema.safeParse(params.kind);
    if (!kind.success) return { error: listsMessages.unknownFavouriteKind };
    if (!catalogIdSchema.safeParse(params.targetId).success) {
      return { error: listsMessages.favouriteTargetMissing(kind.data) };
    }
    return { error: null, kind: kind.data, targetId: params.targetId };
  };

  app.put(FAVOURITE, { schema: { params: favouriteParams } }, async (request, reply) => {
    const target = favouriteTarget(request.params);
    if (target.error !== null) return reply.code(404).send(fail(target.error));
    const { added } = await addFavourite(
      app.db,
      request.user!.id,
      target.kind,
      target.targetId,
      app.now(),
    );
    return reply
      .code(added ? 201 : 200)
      .send(ok({ message: listsMessages.favouriteAdded(target.kind) }));
  });

  app.delete(FAVOURITE, { schema: { params: favouriteParams } }, async (request, reply) => {
    const target = favouriteTarget(request.params);
    if (target.error !== null) return reply.code(404).send(fail(target.error));
    // Removing what is not a favourite is what the shopper wanted: answered alike.
    await removeFavourite(app.db, request.user!.id, target.kind, target.targetId);
    return ok({ message: listsMessages.favouriteRemoved(target.kind) });
  });

  app.get(listsPaths.list, { schema: { querystring: detailNearQuery } }, async (request) =>
    ok({
      message: listsMessages.listLoaded,
      result: await getShoppingList(app.db, request.user!.id, locationOf(request.query), app.now()),
    }),
  );

  app.post(
    listsPaths.listItems,
    { schema: { body: addListItemRequest, querystring: detailNearQuery } },
    async (request, reply) => {
      const now = app.now();
      const { id, added } = await addListItem(app.db, request.user!.id, request.body, now);
      const item = await findListItem(app.db, request.user!.id, id, locationOf(request.query), now);
      return reply.code(added ? 201 : 200).send(
        ok({
          message: added ? listsMessages.itemAdded : listsMessages.alreadyOnList,
          result: item!,
        }),
      );
    },
  );

  app.patch(
    LIST_ITEM,
    { schema: { params: itemParams, body: updateListItemRequest, querystring: detailNearQuery } },
    async (request, reply) => {
      const { itemId } = request.params;
      const changed =
        catalogIdSchema.safeParse(itemId).success &&
        (await updateListItem(app.db, request.user!.id, itemId, request.body));
      if (!changed) return reply.code(404).send(fail(listsMessages.itemNotFound));
      const item = await findListItem(
        app.db,
        request.user!.id,
        itemId,
        locationOf(request.query),
        app.now(),
      );
      return ok({ message: listsMessages.itemUpdated, result: item! });
    },
  );

  app.delete(LIST_ITEM, { schema: { params: itemParams } }, async (request, reply) => {
    const { itemId } = request.params;
    const removed =
      catalogIdSchema.safeParse(itemId).success &&
      (await removeListItem(app.db, request.user!.id, itemId));
    if (!removed) return reply.code(404).send(fail(listsMessages.itemNotFound));
    return ok({ message: listsMessages.itemRemoved });
  });

  app.get(listsPaths.dealAlertSettings, async (request) =>
    ok({
      message: listsMessages.settingsLoaded,
      result: await getDealAlertSettings(app.db, request.user!.id),
    }),
  );

  app.put(
    listsPaths.dealAlertSettings,
    { schema: { body: dealAlertSettingsSchema } },
    async (request) => {
      const result = await saveDealAlertSettings(app.db, request.user!.id, request.body, app.now());
      return ok({
        message: result.weeklyDigest ? listsMessages.digestOn : listsMessages.digestOff,
        result,
      });
    },
  );
};
