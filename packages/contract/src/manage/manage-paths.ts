import { API_BASE } from '../api-paths.ts';

const id = (value: string) => encodeURIComponent(value);

/** Every store-scoped call lives under here; the server checks membership of `:businessId` once for all. */
export const MANAGE_API = `${API_BASE}/manage`;
/** Platform-admin calls (approvals, CMS editing). */
export const ADMIN_API = `${API_BASE}/admin`;

const store = (businessId: string) => `${MANAGE_API}/businesses/${id(businessId)}`;

/**
 * Manage Your Store API paths. `store(...)` paths need membership of that business (owner-only ones
 * are marked); `admin` paths need the platform admin role; `me` and `businesses` need a signed-in user;
 * `inventoryPush` is authenticated by a store API key instead of a session.
 */
export const managePaths = {
  /** GET: the signed-in user, whether they are an admin, and the stores they are a member of. */
  me: `${MANAGE_API}/me`,
  /** POST: create a store (onboarding); the creator becomes its owner; it starts pending. */
  businesses: `${MANAGE_API}/businesses`,
  /** GET the store as its members see it; PATCH profile (owner). */
  business: (businessId: string) => store(businessId),
  /** PUT weekly hours, holidays (owner). */
  hours: (businessId: string) => `${store(businessId)}/hours`,
  /** PUT fulfilment options, delivery, pickup promise, tax (owner). */
  fulfilment: (businessId: string) => `${store(businessId)}/fulfilment`,
  /** PUT {until} / DELETE: pause taking orders for a while (owner). */
  pause: (businessId: string) => `${store(businessId)}/pause`,
  /** POST: ask for approval again after changes (owner). */
  submit: (businessId: string) => `${store(businessId)}/submit`,
  /** GET list / POST multipart upload of verification documents (owner). */
  documents: (businessId: string) => `${store(businessId)}/documents`,
  document: (businessId: string, documentId: string) =>
    `${store(businessId)}/documents/${id(documentId)}`,
  /** GET members / POST {email, role} add a member (owner). */
  members: (businessId: string) => `${store(businessId)}/members`,
  member: (businessId: string, userId: string) => `${store(businessId)}/members/${id(userId)}`,
  /** POST multipart image: resized server-side into web sizes; answers an ImageRef. */
  images: (businessId: string) => `${store(businessId)}/images`,

  // Inventory
  /**
   * GET imports history / POST multipart feed upload (CSV or TSV, mode full|incremental): answers 201
   * with a dry run (status `preview`, nothing written); inventoryImportApply applies it and
   * GET inventoryImport follows its progress.
   */
  inventoryImports: (businessId: string) => `${store(businessId)}/inventory/imports`,
  inventoryImport: (businessId: string, importId: string) =>
    `${store(businessId)}/inventory/imports/${id(importId)}`,
  /** POST {confirmOutOfStock?}: applies a previewed upload (Full mode: owner, count typed). */
  inventoryImportApply: (businessId: string, importId: string) =>
    `${store(businessId)}/inventory/imports/${id(importId)}/apply`,
  /** GET / PUT the store's feed settings (its remembered column mapping). */
  inventoryFeedSettings: (businessId: string) => `${store(businessId)}/inventory/feed-settings`,
  /**
   * GET / PUT the store's scheduled feed fetch (address, off/hourly/daily, mode; PUT owner only,
   * docs/decisions/0023).
   */
  inventoryFeedSchedule: (businessId: string) => `${store(businessId)}/inventory/feed-schedule`,
  /** GET the fetch runs, newest first / POST "Fetch now" (owner; 202, the run is queued). */
  inventoryFeedFetches: (businessId: string) => `${store(businessId)}/inventory/feed-fetches`,
  /** GET keys / POST create (the secret is shown once) (owner). */
  apiKeys: (businessId: string) => `${store(businessId)}/api-keys`,
  apiKey: (businessId: string, keyId: string) => `${store(businessId)}/api-keys/${id(keyId)}`,
  /**
   * POST a feed with `Authorization: Bearer <store API key>` (automated pushes): a small feed is
   * applied at once (201 with its report), a larger one is queued (202, Location: inventoryPushImport).
   */
  inventoryPush: `${API_BASE}/inventory-feed`,
  /** GET a pushed import's progress and report, with the same key's store. */
  inventoryPushImport: (importId: string) => `${API_BASE}/inventory-feed/imports/${id(importId)}`,
  /** GET the store's offers (search, low stock) / POST add an offer of a catalogue product. */
  offers: (businessId: string) => `${store(businessId)}/offers`,
  offer: (businessId: string, offerId: string) => `${store(businessId)}/offers/${id(offerId)}`,
  /** GET products of the shared catalogue by GTIN or title, to add an offer of. */
  catalogProducts: (businessId: string) => `${store(businessId)}/catalog-products`,

  // Orders
  orders: (businessId: string) => `${store(businessId)}/orders`,
  order: (businessId: string, orderId: string) => `${store(businessId)}/orders/${id(orderId)}`,
  /** POST {readyBy?} */
  orderAccept: (businessId: string, orderId: string) =>
    `${store(businessId)}/orders/${id(orderId)}/accept`,
  /** POST {reason, outOfStockItemIds?} */
  orderDecline: (businessId: string, orderId: string) =>
    `${store(businessId)}/orders/${id(orderId)}/decline`,
  orderReady: (businessId: string, orderId: string) =>
    `${store(businessId)}/orders/${id(orderId)}/ready`,
  orderOutForDelivery: (businessId: string, orderId: string) =>
    `${store(businessId)}/orders/${id(orderId)}/out-for-delivery`,
  /** POST {pickupCode} for pickups; delivery orders complete without one. */
  orderComplete: (businessId: string, orderId: string) =>
    `${store(businessId)}/orders/${id(orderId)}/complete`,
  orderNoShow: (businessId: string, orderId: string) =>
    `${store(businessId)}/orders/${id(orderId)}/no-show`,
  /** GET the order a pickup code belongs to (the counter's scan or typed code). */
  orderByPickupCode: (businessId: string) => `${store(businessId)}/orders/by-pickup-code`,
  priceMatches: (businessId: string) => `${store(businessId)}/price-matches`,
  /** POST {decision: approved|declined, note} */
  priceMatchDecision: (businessId: string, requestId: string) =>
    `${store(businessId)}/price-matches/${id(requestId)}/decision`,
  dashboard: (businessId: string) => `${store(businessId)}/dashboard`,
  /** GET ?from=&to= (store-local dates): the orders placed in that range as a CSV (owner). */
  ordersExport: (businessId: string) => `${store(businessId)}/orders-export`,

  // Catalogue editing
  menus: (businessId: string) => `${store(businessId)}/menus`,
  menu: (businessId: string, menuId: string) => `${store(businessId)}/menus/${id(menuId)}`,
  menuSections: (businessId: string, menuId: string) =>
    `${store(businessId)}/menus/${id(menuId)}/sections`,
  menuSection: (businessId: string, sectionId: string) =>
    `${store(businessId)}/menu-sections/${id(sectionId)}`,
  menuItems: (businessId: string, sectionId: string) =>
    `${store(businessId)}/menu-sections/${id(sectionId)}/items`,
  menuItem: (businessId: string, itemId: string) => `${store(businessId)}/menu-items/${id(itemId)}`,
  services: (businessId: string) => `${store(businessId)}/services`,
  service: (businessId: string, serviceId: string) =>
    `${store(businessId)}/services/${id(serviceId)}`,
  gallery: (businessId: string) => `${store(businessId)}/gallery`,
  galleryItem: (businessId: string, itemId: string) => `${store(businessId)}/gallery/${id(itemId)}`,
  team: (businessId: string) => `${store(businessId)}/team`,
  teamMember: (businessId: string, memberId: string) => `${store(businessId)}/team/${id(memberId)}`,
  /** GET messages shoppers sent through the store's contact form. */
  contactMessages: (businessId: string) => `${store(businessId)}/contact-messages`,
  flyers: (businessId: string) => `${store(businessId)}/flyers`,
  flyer: (businessId: string, flyerId: string) => `${store(businessId)}/flyers/${id(flyerId)}`,
  /** POST multipart page image (appended) */
  flyerPages: (businessId: string, flyerId: string) =>
    `${store(businessId)}/flyers/${id(flyerId)}/pages`,
  flyerPage: (businessId: string, pageId: string) =>
    `${store(businessId)}/flyer-pages/${id(pageId)}`,
  /** PUT the page's hotspots (the whole list: drawn boxes, texts, linked offers) */
  flyerPageItems: (businessId: string, pageId: string) =>
    `${store(businessId)}/flyer-pages/${id(pageId)}/items`,

  // Platform admin
  adminBusinesses: `${ADMIN_API}/businesses`,
  adminBusiness: (businessId: string) => `${ADMIN_API}/businesses/${id(businessId)}`,
  /** POST {decision: approve|reject, note} */
  adminBusinessReview: (businessId: string) => `${ADMIN_API}/businesses/${id(businessId)}/review`,
  adminDocument: (businessId: string, documentId: string) =>
    `${ADMIN_API}/businesses/${id(businessId)}/documents/${id(documentId)}`,
  adminPages: `${ADMIN_API}/pages`,
  adminPage: (pageId: string) => `${ADMIN_API}/pages/${id(pageId)}`,
  /** GET: payment provider calls that failed (waiting to retry, or given up). */
  adminPaymentActions: `${ADMIN_API}/payment-actions`,
  /** POST: make the call again now. */
  adminPaymentActionRetry: (actionId: string) =>
    `${ADMIN_API}/payment-actions/${id(actionId)}/retry`,
  /** GET: emails the queue could not deliver (waiting to retry, or given up). */
  adminMailJobs: `${ADMIN_API}/mail`,
  /** POST: send it again now. */
  adminMailJobRetry: (jobId: string) => `${ADMIN_API}/mail/${id(jobId)}/retry`,
} as const;

/** The Manage Your Store site's own pages (a separate web entry, manage.html, served under /manage). */
export const MANAGE_SITE = '/manage';

/** True for a page of the manage site: /manage itself or anything under /manage/. */
export function isManageSitePath(pathname: string): boolean {
  return pathname === MANAGE_SITE || pathname.startsWith(`${MANAGE_SITE}/`);
}
