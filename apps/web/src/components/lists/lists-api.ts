import {
  type AddListItemRequest,
  type FavouriteIds,
  favouriteIdsResponse,
  type FavouriteKind,
  isSuccess,
  type ListItem,
  listItemResponse,
  listsPaths,
} from '@localmart/contract';
import { useQuery } from '@tanstack/react-query';
import { http, type HttpClient, type QueryParams } from '../../lib/http.ts';

/**
 * The calls behind the hearts and the "Add to list" / "Clip" buttons (issue 17), shared by the
 * pages that show them (product, store, dish, flyer) and the lists feature's own pages. Query keys
 * live here so a change anywhere refreshes every screen that shows it.
 */
export const listsKeys = {
  all: ['lists'] as const,
  favouriteIds: ['lists', 'favourite-ids'] as const,
  favourites: ['lists', 'favourites'] as const,
  list: (near: QueryParams) => ['lists', 'list', near] as const,
  settings: ['lists', 'settings'] as const,
};

const EMPTY_IDS: FavouriteIds = { store: [], product: [], dish: [] };

export async function getFavouriteIds(client: HttpClient = http): Promise<FavouriteIds> {
  const answer = await client.get(listsPaths.favouriteIds, undefined, favouriteIdsResponse);
  if (isSuccess(answer)) return answer.result;
  throw new Error(answer.message);
}

/** The signed-in shopper's favourite ids (nothing asked for a visitor). */
export function useFavouriteIds(signedIn: boolean) {
  const query = useQuery({
    queryKey: listsKeys.favouriteIds,
    queryFn: () => getFavouriteIds(),
    enabled: signedIn,
    staleTime: 60_000,
  });
  return signedIn ? (query.data ?? EMPTY_IDS) : EMPTY_IDS;
}

/** PUT or DELETE one favourite; answers the server's sentence, throws its refusal. */
export async function setFavourite(
  kind: FavouriteKind,
  targetId: string,
  on: boolean,
  client: HttpClient = http,
): Promise<string> {
  const path = listsPaths.favourite(kind, targetId);
  const answer = on ? await client.put(path, {}) : await client.del(path);
  if (isSuccess(answer)) return answer.message ?? '';
  throw new Error(answer.message);
}

/** POST one item to the list (a product, a dish, a flyer deal). */
export async function addToList(
  request: AddListItemRequest,
  near: QueryParams = {},
  client: HttpClient = http,
): Promise<{ item: ListItem; message: string }> {
  const query = new URLSearchParams(
    Object.entries(near).flatMap(([key, value]) =>
      value === undefined || value === null ? [] : [[key, String(value)]],
    ),
  ).toString();
  const answer = await client.postJson(
    query ? `${listsPaths.listItems}?${query}` : listsPaths.listItems,
    request,
    listItemResponse,
  );
  if (isSuccess(answer)) return { item: answer.result, message: answer.message ?? '' };
  throw new Error(answer.message);
}
