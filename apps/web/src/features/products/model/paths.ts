/** The routes this feature owns (route table: src/app/routes.tsx). */
export const PRODUCTS_PATH = '/products';
export const DETAILS_PATH = '/details';
export const CATEGORY_MODAL_PATH = '/category-modal';
export const USER_LOCATION_PATH = '/user-location';

/** business-details/{id}/products: a store's page on its Products tab. */
export function storeProductsPath(businessId: string): string {
  return `/business-details/${encodeURIComponent(businessId)}/products`;
}

/** The Products grid filtered to one category. */
export function categoryProductsPath(slug: string): string {
  return `${PRODUCTS_PATH}?${new URLSearchParams({ category: slug }).toString()}`;
}
