import { isManageSitePath, MANAGE_SITE } from '@localmart/contract';

/** The sections of a store on the manage site, in menu order; `owner` ones are hidden from staff. */
export const STORE_SECTIONS = [
  { id: 'dashboard', label: 'Dashboard', path: '', owner: false },
  { id: 'orders', label: 'Orders', path: 'orders', owner: false },
  { id: 'price-matches', label: 'Price matches', path: 'price-matches', owner: false },
  { id: 'reviews', label: 'Reviews', path: 'reviews', owner: false },
  { id: 'inventory', label: 'Inventory feeds', path: 'inventory', owner: false },
  { id: 'products', label: 'Products & stock', path: 'products', owner: false },
  { id: 'menus', label: 'Menus', path: 'menus', owner: false },
  { id: 'services', label: 'Services', path: 'services', owner: false },
  { id: 'appointments', label: 'Appointments', path: 'appointments', owner: false },
  { id: 'flyers', label: 'Flyers', path: 'flyers', owner: false },
  { id: 'gallery', label: 'Gallery', path: 'gallery', owner: false },
  { id: 'team', label: 'Team', path: 'team', owner: false },
  { id: 'messages', label: 'Messages', path: 'messages', owner: false },
  { id: 'alerts', label: 'Alerts', path: 'alerts', owner: false },
  { id: 'settings', label: 'Store settings', path: 'settings', owner: true },
  { id: 'members', label: 'Members', path: 'members', owner: true },
  { id: 'api-keys', label: 'API keys', path: 'api-keys', owner: true },
] as const;
export type StoreSectionId = (typeof STORE_SECTIONS)[number]['id'];

const id = (value: string) => encodeURIComponent(value);

/** Pages of the manage site (browser URLs, not API paths). */
export const sitePaths = {
  home: MANAGE_SITE,
  newStore: `${MANAGE_SITE}/new`,
  store: (businessId: string, section: StoreSectionId = 'dashboard') => {
    const found = STORE_SECTIONS.find((entry) => entry.id === section);
    const tail = found?.path ? `/${found.path}` : '';
    return `${MANAGE_SITE}/stores/${id(businessId)}${tail}`;
  },
  order: (businessId: string, orderId: string) =>
    `${MANAGE_SITE}/stores/${id(businessId)}/orders/${id(orderId)}`,
  inventoryImport: (businessId: string, importId: string) =>
    `${MANAGE_SITE}/stores/${id(businessId)}/inventory/${id(importId)}`,
  availability: (businessId: string, serviceId: string) =>
    `${MANAGE_SITE}/stores/${id(businessId)}/appointments/${id(serviceId)}`,
  flyer: (businessId: string, flyerId: string) =>
    `${MANAGE_SITE}/stores/${id(businessId)}/flyers/${id(flyerId)}`,
  admin: `${MANAGE_SITE}/admin`,
  adminStore: (businessId: string) => `${MANAGE_SITE}/admin/stores/${id(businessId)}`,
  adminPages: `${MANAGE_SITE}/admin/pages`,
  adminPayments: `${MANAGE_SITE}/admin/payments`,
  adminMail: `${MANAGE_SITE}/admin/mail`,
  adminReviews: `${MANAGE_SITE}/admin/reviews`,
  adminProductContent: `${MANAGE_SITE}/admin/product-content`,
  adminBrandPartners: `${MANAGE_SITE}/admin/brand-partners`,
  brands: `${MANAGE_SITE}/brands`,
  brand: (brandId: string) => `${MANAGE_SITE}/brands/${id(brandId)}`,
  /** The shopper app's sign-in, coming back here afterwards. */
  signIn: (returnTo: string) => `/login?return_url=${encodeURIComponent(returnTo)}`,
  /** Where `?next=` may lead after sign-in: only a page of this site. */
  safeNext: (next: string | null): string | null =>
    next && isManageSitePath(next.split(/[?#]/)[0] ?? '') ? next : null,
} as const;
