import {
  type BrandApplicationInput,
  BRAND_CSV_APPLY_FIELD,
  BRAND_CSV_FIELD,
  type BrandContentInput,
  brandCsvResponse,
  brandGtinResponse,
  brandPartnerResponse,
  brandPartnersResponse,
  brandPaths,
  brandProductsResponse,
  type ImageRef,
  STORE_IMAGE_FIELD,
  storeImageResponse,
} from '@localmart/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { assertSuccess, resultOf, resultsOf } from '../../lib/api-answer.ts';

/** The brand portal's calls (ADR 0022): applications, the GTINs a partner owns, their content. */

export const brandKeys = {
  mine: ['manage', 'brands'] as const,
  partner: (id: string) => ['manage', 'brands', id] as const,
  products: (id: string, q: string) => ['manage', 'brands', id, 'products', q] as const,
  gtin: (id: string, gtin: string) => ['manage', 'brands', id, 'gtin', gtin] as const,
};

export function useMyBrandPartners() {
  return useQuery({
    queryKey: brandKeys.mine,
    queryFn: async () =>
      resultsOf(await http.get(brandPaths.brands, undefined, brandPartnersResponse)),
  });
}

export async function applyForBrand(application: BrandApplicationInput) {
  const answer = await http.postJson(brandPaths.brands, application, brandPartnerResponse);
  assertSuccess(answer);
  return { partner: answer.result, message: answer.message ?? '' };
}

export function useBrandPartner(id: string) {
  return useQuery({
    queryKey: brandKeys.partner(id),
    queryFn: async () =>
      resultOf(await http.get(brandPaths.brand(id), undefined, brandPartnerResponse)),
  });
}

export function useBrandProducts(id: string, q: string, enabled: boolean) {
  return useQuery({
    queryKey: brandKeys.products(id, q),
    enabled,
    queryFn: async () =>
      resultsOf(await http.get(brandPaths.products(id), { q }, brandProductsResponse)),
  });
}

export function useBrandGtin(id: string, gtin: string | null) {
  return useQuery({
    queryKey: brandKeys.gtin(id, gtin ?? ''),
    enabled: gtin !== null,
    queryFn: async () =>
      resultOf(await http.get(brandPaths.product(id, gtin!), undefined, brandGtinResponse)),
  });
}

export async function saveBrandGtin(id: string, gtin: string, content: BrandContentInput) {
  const answer = await http.put(brandPaths.product(id, gtin), content, brandGtinResponse);
  assertSuccess(answer);
  return { gtin: answer.result, message: answer.message ?? '' };
}

export async function uploadBrandImage(id: string, file: File, alt: string): Promise<ImageRef> {
  const form = new FormData();
  form.append('alt', alt);
  form.append(STORE_IMAGE_FIELD, file);
  return resultOf(await http.upload(brandPaths.images(id), form, storeImageResponse));
}

export async function sendContentFile(id: string, file: File, apply: boolean) {
  const form = new FormData();
  form.append(BRAND_CSV_APPLY_FIELD, String(apply));
  form.append(BRAND_CSV_FIELD, file);
  const answer = await http.upload(brandPaths.contentFile(id), form, brandCsvResponse);
  assertSuccess(answer);
  return { result: answer.result, message: answer.message ?? '' };
}
