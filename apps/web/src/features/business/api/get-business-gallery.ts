import { useQuery } from '@tanstack/react-query';
import { catalogPaths, galleryResponse, isSuccess, type GalleryItem } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { missingOrThrow, type Lookup } from './lookup.ts';
import { businessKeys } from './query-keys.ts';

/** GET a business's photos and videos, in the order the store arranged them. */
export async function getBusinessGallery(
  businessId: string,
  client: HttpClient = http,
): Promise<Lookup<GalleryItem[]>> {
  const answer = await client.get(
    catalogPaths.businessGallery(businessId),
    undefined,
    galleryResponse,
  );
  if (isSuccess(answer)) return { found: true, value: answer.results };
  return missingOrThrow(answer);
}

/** Shared by the gallery grid and the media viewer, so opening a photo needs no second request. */
export function useBusinessGallery(businessId: string) {
  return useQuery({
    queryKey: businessKeys.gallery(businessId),
    queryFn: () => getBusinessGallery(businessId),
    enabled: businessId !== '',
    staleTime: 5 * 60_000,
  });
}
