import {
  type CatalogProductHit,
  catalogProductSearchResponse,
  gtinTakenResponse,
  isSuccess,
  type ManagedOffer,
  managedOfferResponse,
  managePaths,
  type OfferAdd,
  offerListResponse,
  type OfferPatch,
  type OfferStockCounts,
  type OfferStockFilter,
  type ProductContentInput,
  type ProductCreate,
  type StoreProduct,
  storeProductPaths,
  storeProductResponse,
  type StoreVariant,
  type VariantAdd,
  variantListResponse,
  type VariantPatch,
  variantPaths,
} from '@localmart/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { http, type HttpClient } from '../../../lib/http.ts';
import { assertSuccess } from '../../lib/api-answer.ts';

/** TanStack Query keys of the store's products; every key starts with the store's, so one sweep clears them. */
export const offerKeys = {
  all: (businessId: string) => ['manage', businessId, 'offers'] as const,
  list: (businessId: string, stock: OfferStockFilter, q: string) =>
    [...offerKeys.all(businessId), 'list', stock, q] as const,
  catalog: (businessId: string, q: string) => [...offerKeys.all(businessId), 'catalog', q] as const,
  product: (businessId: string, productId: string) =>
    [...offerKeys.all(businessId), 'product', productId] as const,
};

export interface OfferPage {
  offers: ManagedOffer[];
  nextCursor: string | null;
  counts: OfferStockCounts;
}

/** What a write came back with: the server's words and, on success, the offer as it now is. */
export type WriteResult =
  | { ok: true; message: string; offer: ManagedOffer }
  | { ok: false; message: string; existingProductId?: string };

export async function getOffers(
  businessId: string,
  query: { stock: OfferStockFilter; q: string; cursor?: string },
  client: HttpClient = http,
): Promise<OfferPage> {
  const answer = await client.get(
    managePaths.offers(businessId),
    { stock: query.stock, q: query.q || undefined, cursor: query.cursor },
    offerListResponse,
  );
  assertSuccess(answer);
  return { offers: answer.results, nextCursor: answer.nextCursor, counts: answer.counts };
}

export function useOffers(businessId: string, stock: OfferStockFilter, q: string) {
  return useInfiniteQuery({
    queryKey: offerKeys.list(businessId, stock, q),
    queryFn: ({ pageParam }) => getOffers(businessId, { stock, q, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Typing in the search box keeps the previous rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

function writeResult(answer: unknown): WriteResult {
  const parsed = managedOfferResponse.safeParse(answer);
  if (parsed.success && isSuccess(parsed.data)) {
    return { ok: true, message: parsed.data.message ?? '', offer: parsed.data.result };
  }
  const taken = gtinTakenResponse.safeParse(answer);
  if (taken.success) {
    return {
      ok: false,
      message: taken.data.message,
      existingProductId: taken.data.result.productId,
    };
  }
  const message =
    typeof answer === 'object' && answer !== null && 'message' in answer
      ? String(answer.message)
      : '';
  return { ok: false, message };
}

export async function patchOffer(
  businessId: string,
  offerId: string,
  patch: OfferPatch,
  client: HttpClient = http,
): Promise<WriteResult> {
  return writeResult(await client.patch(managePaths.offer(businessId, offerId), patch));
}

export async function removeOffer(
  businessId: string,
  offerId: string,
  client: HttpClient = http,
): Promise<{ ok: boolean; message: string }> {
  const answer = await client.del(managePaths.offer(businessId, offerId));
  return { ok: isSuccess(answer), message: answer.message ?? '' };
}

export async function addOffer(
  businessId: string,
  input: OfferAdd,
  client: HttpClient = http,
): Promise<WriteResult> {
  return writeResult(await client.postJson(managePaths.offers(businessId), input));
}

export async function createProduct(
  businessId: string,
  input: ProductCreate,
  client: HttpClient = http,
): Promise<WriteResult> {
  return writeResult(await client.postJson(managePaths.catalogProducts(businessId), input));
}

export async function searchCatalog(
  businessId: string,
  q: string,
  client: HttpClient = http,
): Promise<CatalogProductHit[]> {
  const answer = await client.get(
    managePaths.catalogProducts(businessId),
    { q },
    catalogProductSearchResponse,
  );
  assertSuccess(answer);
  return answer.results;
}

export function useCatalogSearch(businessId: string, q: string) {
  return useQuery({
    queryKey: offerKeys.catalog(businessId, q),
    queryFn: () => searchCatalog(businessId, q),
    enabled: q.trim().length >= 2,
  });
}

/** GET a product the store sells, as its editor shows it (with whether the store may edit it). */
export function useStoreProduct(businessId: string, productId: string) {
  return useQuery({
    queryKey: offerKeys.product(businessId, productId),
    queryFn: async (): Promise<StoreProduct> => {
      const answer = await http.get(
        storeProductPaths.product(businessId, productId),
        undefined,
        storeProductResponse,
      );
      assertSuccess(answer);
      return answer.result;
    },
  });
}

/** PUT new content of the store's own (unconfirmed) product: the server's words either way. */
export async function saveStoreProduct(
  businessId: string,
  productId: string,
  content: ProductContentInput,
  client: HttpClient = http,
): Promise<{ ok: boolean; message: string }> {
  const answer = await client.put(
    storeProductPaths.product(businessId, productId),
    content,
    storeProductResponse,
  );
  return { ok: isSuccess(answer), message: answer.message ?? '' };
}

/** What a size's add, edit or removal came back with: the server's words and the group's sizes. */
export type VariantWriteResult =
  { ok: true; message: string; sizes: StoreVariant[] } | { ok: false; message: string };

function variantResult(answer: unknown): VariantWriteResult {
  const parsed = variantListResponse.safeParse(answer);
  if (parsed.success && isSuccess(parsed.data)) {
    return { ok: true, message: parsed.data.message ?? '', sizes: parsed.data.results };
  }
  const message =
    typeof answer === 'object' && answer !== null && 'message' in answer
      ? String(answer.message)
      : '';
  return { ok: false, message };
}

/** POST "Add a size" of the store's own product (ADR 0020). */
export async function addVariant(
  businessId: string,
  productId: string,
  input: VariantAdd,
  client: HttpClient = http,
): Promise<VariantWriteResult> {
  return variantResult(await client.postJson(variantPaths.variants(businessId, productId), input));
}

/** PATCH a size's label, SKU, price or stock. */
export async function patchVariant(
  businessId: string,
  productId: string,
  variantId: string,
  patch: VariantPatch,
  client: HttpClient = http,
): Promise<VariantWriteResult> {
  return variantResult(
    await client.patch(variantPaths.variant(businessId, productId, variantId), patch),
  );
}

/** DELETE a size from the store (refused while an open order holds it). */
export async function removeVariant(
  businessId: string,
  productId: string,
  variantId: string,
  client: HttpClient = http,
): Promise<VariantWriteResult> {
  return variantResult(await client.del(variantPaths.variant(businessId, productId, variantId)));
}
