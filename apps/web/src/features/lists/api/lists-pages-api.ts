import {
  favouriteListResponse,
  type FavouriteList,
  isSuccess,
  type ListItem,
  listItemResponse,
  listsPaths,
  shoppingListResponse,
  type ShoppingList,
  type UpdateListItemRequest,
} from '@localmart/contract';
import { useQuery } from '@tanstack/react-query';
import { listsKeys } from '../../../components/lists/lists-api.ts';
import { http, type HttpClient, type QueryParams } from '../../../lib/http.ts';

export async function getFavourites(client: HttpClient = http): Promise<FavouriteList> {
  const answer = await client.get(listsPaths.favourites, undefined, favouriteListResponse);
  if (isSuccess(answer)) return answer.result;
  throw new Error(answer.message);
}

export function useFavourites(signedIn: boolean) {
  return useQuery({
    queryKey: listsKeys.favourites,
    queryFn: () => getFavourites(),
    enabled: signedIn,
  });
}

export async function getShoppingList(
  near: QueryParams,
  client: HttpClient = http,
): Promise<ShoppingList> {
  const answer = await client.get(listsPaths.list, near, shoppingListResponse);
  if (isSuccess(answer)) return answer.result;
  throw new Error(answer.message);
}

export function useShoppingList(signedIn: boolean, near: QueryParams) {
  return useQuery({
    queryKey: listsKeys.list(near),
    queryFn: () => getShoppingList(near),
    enabled: signedIn,
  });
}

export async function updateListItem(
  itemId: string,
  change: UpdateListItemRequest,
  client: HttpClient = http,
): Promise<ListItem> {
  const answer = await client.patch(listsPaths.listItem(itemId), change, listItemResponse);
  if (isSuccess(answer)) return answer.result;
  throw new Error(answer.message);
}

export async function removeListItem(itemId: string, client: HttpClient = http): Promise<string> {
  const answer = await client.del(listsPaths.listItem(itemId));
  if (isSuccess(answer)) return answer.message ?? '';
  throw new Error(answer.message);
}
