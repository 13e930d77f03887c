import { API_BASE } from '../api-paths.ts';

/** Catalogue API paths. Lists take the query schemas of schemas/queries.ts. */
const id = (value: string) => encodeURIComponent(value);

export const catalogPaths = {
  businesses: `${API_BASE}/businesses`,
  business: (businessId: string) => `${API_BASE}/businesses/${id(businessId)}`,
  businessTeam: (businessId: string) => `${API_BASE}/businesses/${id(businessId)}/team`,
  businessTeamMember: (businessId: string, memberId: string) =>
    `${API_BASE}/businesses/${id(businessId)}/team/${id(memberId)}`,
  /** POST: the store contact form (schemas/contact.ts). */
  businessContact: (businessId: string) => `${API_BASE}/businesses/${id(businessId)}/contact`,
  businessGallery: (businessId: string) => `${API_BASE}/businesses/${id(businessId)}/gallery`,
  businessMenus: (businessId: string) => `${API_BASE}/businesses/${id(businessId)}/menus`,
  menu: (businessId: string, menuId: string) =>
    `${API_BASE}/businesses/${id(businessId)}/menus/${id(menuId)}`,
  products: `${API_BASE}/products`,
  product: (productId: string) => `${API_BASE}/products/${id(productId)}`,
  foodItems: `${API_BASE}/food-items`,
  services: `${API_BASE}/services`,
  service: (businessId: string, serviceId: string) =>
    `${API_BASE}/businesses/${id(businessId)}/services/${id(serviceId)}`,
  flyers: `${API_BASE}/flyers`,
  flyer: (flyerId: string) => `${API_BASE}/flyers/${id(flyerId)}`,
  categories: `${API_BASE}/categories`,
  /** Generated demo images (SVG), served by id. */
  catalogImage: (imageId: string) => `${API_BASE}/catalog-images/${id(imageId)}`,
} as const;
