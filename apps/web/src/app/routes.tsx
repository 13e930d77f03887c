import { labels, commonMessages, VERIFICATION_CODE_LENGTH } from '@localmart/contract';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { HOME_PATH, LOGIN_PATH, MANAGE_PATH } from '../lib/paths.ts';

/**
 * The route table of spec §2: one list drives the router (App.tsx), the prefetch after first paint
 * (prefetch-routes.ts) and the app-link matcher (lib/app-links.ts), so a route cannot exist in one
 * and be missing from another.
 *
 * Every page is a lazily loaded module of its own, except checkout/{id}, which shares payumoney's
 * payment page (spec §2).
 */

/** Props every route page receives; pages with data of their own ignore them. */
export interface RoutePageProps {
  title: string;
  description: string;
  /** A line built from the URL's parameters, e.g. "Order ORD-7781". */
  detail?: ((params: Readonly<Record<string, string | undefined>>) => string) | undefined;
  /** Where the back button leads when there is no history; no back button when absent. */
  backTo?: string | undefined;
}

export type PageModule = { default: ComponentType<RoutePageProps> };

export interface PageRoute extends RoutePageProps {
  /** A react-router pattern, always absolute: '/order-details/:orderId'. */
  path: string;
  load: () => Promise<PageModule>;
}

export interface RedirectRoute {
  path: string;
  title: string;
  redirectTo: string;
}

export type AppRoute = PageRoute | RedirectRoute;

export function isRedirect(route: AppRoute): route is RedirectRoute {
  return 'redirectTo' in route;
}

// One function per module, so routes sharing a module share its lazy component and its chunk.
const loadHome = () =>
  import('../features/stores/components/stores-page.tsx').then((m) => ({
    default: m.StoresPage,
  }));
const loadUserLocation = () =>
  import('../features/location/components/user-location-page.tsx').then((m) => ({
    default: m.UserLocationPage,
  }));
const loadCountryModal = () =>
  import('../features/location/components/country-modal-page.tsx').then((m) => ({
    default: m.CountryModalPage,
  }));
const loadLogin = () =>
  import('../features/shell-pages/components/login-page.tsx').then((m) => ({
    default: m.LoginPage,
  }));
const loadManage = () =>
  import('../features/shell-pages/components/manage-page.tsx').then((m) => ({
    default: m.ManagePage,
  }));
const loadCms = () =>
  import('../features/cms/components/cms-page.tsx').then((m) => ({ default: m.CmsPage }));
const loadProfile = () =>
  import('../features/profile/components/profile-page.tsx').then((m) => ({
    default: m.ProfilePage,
  }));
const loadEditProfile = () =>
  import('../features/profile/components/edit-profile-page.tsx').then((m) => ({
    default: m.EditProfilePage,
  }));
const loadResetPassword = () =>
  import('../features/auth/components/reset-password-page.tsx').then((m) => ({
    default: m.ResetPasswordPage,
  }));
const loadVerifyEmail = () =>
  import('../features/auth/components/verify-email-page.tsx').then((m) => ({
    default: m.VerifyEmailPage,
  }));
const loadProducts = () =>
  import('../features/products/components/products-page.tsx').then((m) => ({
    default: m.ProductsPage,
  }));
const loadProductDetails = () =>
  import('../features/products/components/product-details-page.tsx').then((m) => ({
    default: m.ProductDetailsPage,
  }));
const loadCategoryModal = () =>
  import('../features/products/components/category-modal-page.tsx').then((m) => ({
    default: m.CategoryModalPage,
  }));
const loadMenuList = () =>
  import('../features/food/components/menu-list-page.tsx').then((m) => ({
    default: m.MenuListPage,
  }));
const loadFoodItems = () =>
  import('../features/food/components/food-items-page.tsx').then((m) => ({
    default: m.FoodItemsPage,
  }));
const loadMenuDetails = () =>
  import('../features/food/components/menu-details-page.tsx').then((m) => ({
    default: m.MenuDetailsPage,
  }));
const loadServiceList = () =>
  import('../features/services/components/service-list-page.tsx').then((m) => ({
    default: m.ServiceListPage,
  }));
const loadServices = () =>
  import('../features/services/components/services-page.tsx').then((m) => ({
    default: m.ServicesPage,
  }));
const loadServiceDetails = () =>
  import('../features/services/components/service-details-page.tsx').then((m) => ({
    default: m.ServiceDetailsPage,
  }));
const loadFlyerList = () =>
  import('../features/flyers/components/flyer-list-page.tsx').then((m) => ({
    default: m.FlyerListPage,
  }));
const loadFlyerDetails = () =>
  import('../features/flyers/components/flyer-details-page.tsx').then((m) => ({
    default: m.FlyerDetailsPage,
  }));
const loadBusinessDetails = () =>
  import('../features/business/components/business-details-page.tsx').then((m) => ({
    default: m.BusinessDetailsPage,
  }));
const loadTeams = () =>
  import('../features/business/components/teams-page.tsx').then((m) => ({
    default: m.TeamsPage,
  }));
const loadTeamDetails = () =>
  import('../features/business/components/team-details-page.tsx').then((m) => ({
    default: m.TeamDetailsPage,
  }));
const loadGallery = () =>
  import('../features/business/components/gallery-page.tsx').then((m) => ({
    default: m.GalleryPage,
  }));
const loadMediaViewer = () =>
  import('../features/business/components/media-viewer-page.tsx').then((m) => ({
    default: m.MediaViewerPage,
  }));
const loadContacts = () =>
  import('../features/business/components/contacts-page.tsx').then((m) => ({
    default: m.ContactsPage,
  }));
const loadCart = () =>
  import('../features/cart/components/cart-page.tsx').then((m) => ({ default: m.CartPage }));
const loadPayment = () =>
  import('../features/checkout/components/payment-route-page.tsx').then((m) => ({
    default: m.PaymentRoutePage,
  }));
const loadAddAddress = () =>
  import('../features/addresses/components/add-address-page.tsx').then((m) => ({
    default: m.AddAddressPage,
  }));
const loadMyOrder = () =>
  import('../features/orders/components/my-order-page.tsx').then((m) => ({
    default: m.MyOrderPage,
  }));
const loadOrderDetails = () =>
  import('../features/orders/components/order-details-page.tsx').then((m) => ({
    default: m.OrderDetailsPage,
  }));
const loadOrderSuccess = () =>
  import('../features/orders/components/order-success-page.tsx').then((m) => ({
    default: m.OrderSuccessPage,
  }));
const loadOrderFailure = () =>
  import('../features/orders/components/order-failure-page.tsx').then((m) => ({
    default: m.OrderFailurePage,
  }));
const loadRateOrder = () =>
  import('../features/reviews/components/rate-order-page.tsx').then((m) => ({
    default: m.RateOrderPage,
  }));
const loadMyReviews = () =>
  import('../features/reviews/components/my-reviews-page.tsx').then((m) => ({
    default: m.MyReviewsPage,
  }));
const loadFavourites = () =>
  import('../features/lists/components/favourites-page.tsx').then((m) => ({
    default: m.FavouritesPage,
  }));
const loadList = () =>
  import('../features/lists/components/list-page.tsx').then((m) => ({
    default: m.ListPage,
  }));
const loadNotFound = () =>
  import('../features/shell-pages/components/not-found-page.tsx').then((m) => ({
    default: m.NotFoundPage,
  }));

/** Spec §2: checkout/{id} is the same payment page as payumoney. */
const paymentPage = {
  title: 'Payment',
  description:
    'Pay for your order securely. Your card is only pre-authorised now and charged when the store confirms your pickup or delivery.',
  load: loadPayment,
} as const;

export const appRoutes: readonly AppRoute[] = [
  // '' and '/' are the same route in react-router 6: the app's root.
  { path: '/', title: labels.menuStores, redirectTo: HOME_PATH },
  {
    path: HOME_PATH,
    title: labels.menuStores,
    description: 'Stores near you, sorted by distance, with open-now and pickup options.',
    load: loadHome,
  },
  {
    path: '/profile',
    title: labels.menuProfile,
    description: 'Your name, email and picture, with quick links to edit them and to your orders.',
    load: loadProfile,
  },
  {
    path: '/reset-password/:id',
    title: 'Reset password',
    description:
      'Choose a new password for your account. This page opens from the link in your reset email.',
    load: loadResetPassword,
  },
  { path: '/payumoney', ...paymentPage },
  {
    path: '/checkout/:id',
    ...paymentPage,
    detail: (p) => `Checkout ${p.id ?? ''}`,
    backTo: '/cart',
  },
  {
    path: '/details',
    title: 'Product details',
    description:
      'Photos, price and stock at nearby stores, with buttons to reserve or buy for pickup.',
    load: loadProductDetails,
    backTo: '/products',
  },
  {
    path: '/cart',
    title: 'Cart',
    description:
      'The items you are reserving or buying, grouped by store, with pickup or same-day delivery for each.',
    load: loadCart,
  },
  {
    path: '/contacts',
    title: 'Contact the store',
    description: "A store's phone, email, address and hours, and a form to message it.",
    load: loadContacts,
  },
  {
    path: '/country-modal',
    title: 'Choose your country',
    description:
      'Pick the country you shop in; stores, prices and delivery options follow your choice.',
    load: loadCountryModal,
  },
  {
    path: '/edit-profile',
    title: 'Edit profile',
    description: 'Update your name, display name, picture and password.',
    load: loadEditProfile,
    backTo: '/profile',
  },
  {
    path: '/add-address',
    title: 'Add address',
    description: 'Save a delivery address for same-day delivery orders.',
    load: loadAddAddress,
    backTo: '/payumoney',
  },
  {
    path: '/menu-details/:businessid/:menuid',
    title: 'Menu',
    description: "A restaurant's menu by section; tap a dish to choose its options.",
    load: loadMenuDetails,
    backTo: '/menulist',
  },
  {
    path: '/food-items',
    title: labels.menuFoodItems,
    description: 'Dishes, drinks and groceries from restaurants and food shops near you.',
    load: loadFoodItems,
  },
  {
    path: '/my-order',
    title: labels.menuMyOrder,
    description:
      'Your reservations and purchases with their pickup or delivery status and receipts.',
    load: loadMyOrder,
  },
  {
    path: '/business-details/:businessid/:endpoint',
    title: 'Store details',
    description:
      'Opening hours, address and map, plus the products, services and flyers of this store.',
    detail: (p) => `Store ${p.businessid ?? ''} · ${p.endpoint ?? ''}`,
    load: loadBusinessDetails,
    backTo: HOME_PATH,
  },
  {
    path: '/order-details/:orderId',
    title: 'Order details',
    description:
      'The items, pickup or delivery status, store contact and payment summary of one order.',
    detail: (p) => `Order ${p.orderId ?? ''}`,
    load: loadOrderDetails,
    backTo: '/my-order',
  },
  {
    path: '/service-details/:businessid/:serviceid',
    title: 'Service details',
    description: 'What the service includes, its price and duration, and who offers it.',
    load: loadServiceDetails,
    backTo: '/servicelist',
  },
  {
    path: '/services',
    title: labels.menuServices,
    description: 'Book local services: repairs, beauty, fitness, classes and more.',
    load: loadServices,
  },
  {
    path: '/order/:id',
    title: 'Order placed',
    description:
      'Thank you! Your order is confirmed and the store has been notified. We will let you know when it is ready.',
    detail: (p) => `Order ${p.id ?? ''}`,
    load: loadOrderSuccess,
  },
  {
    path: '/team-details',
    title: 'Team member',
    description: 'A store team member, their role and a little about them.',
    load: loadTeamDetails,
    backTo: '/teams',
  },
  {
    path: '/teams',
    title: 'Our team',
    description: 'The people behind the stores and services you book.',
    load: loadTeams,
  },
  {
    path: '/cms/:pagename/:pageid',
    title: 'Information',
    description: 'A page of information published by Localmart.',
    load: loadCms,
  },
  {
    path: '/order-failure/:businessId',
    title: 'Payment failed',
    description:
      'Your payment did not go through and you have not been charged. Try again or choose another payment method.',
    detail: (p) => `Store ${p.businessId ?? ''}`,
    load: loadOrderFailure,
    backTo: '/cart',
  },
  {
    path: '/products',
    title: labels.menuProducts,
    description: 'Products in stock at stores near you, with prices and pickup options.',
    load: loadProducts,
  },
  {
    path: '/gallery',
    title: 'Gallery',
    description: 'Photos and videos of a store.',
    load: loadGallery,
  },
  {
    path: '/media-viewer',
    title: 'Media viewer',
    description: 'A photo or video, full screen.',
    load: loadMediaViewer,
    backTo: '/gallery',
  },
  {
    path: '/menulist',
    title: labels.menuFoodItems,
    description: 'Menus of restaurants, cafés and food shops near you, ready for pickup.',
    load: loadMenuList,
  },
  {
    path: '/flyerlist',
    title: labels.menuFlyers,
    description: "This week's flyers and deals from local stores.",
    load: loadFlyerList,
  },
  {
    path: '/servicelist',
    title: labels.menuServices,
    description: 'Local services you can book, from repairs to haircuts, sorted by distance.',
    load: loadServiceList,
  },
  {
    path: '/flyer-details',
    title: 'Flyer',
    description: "Every deal in one store's flyer, with the dates it is valid.",
    load: loadFlyerDetails,
    backTo: '/flyerlist',
  },
  {
    path: '/category-modal',
    title: 'Categories',
    description: 'Browse by category to narrow down stores and products.',
    load: loadCategoryModal,
  },
  // Issue 17's verified reviews (ADR 0016): not in spec §2's table; reached from a completed
  // order's page and from the profile.
  {
    path: '/rate-order/:orderId',
    title: 'Rate your order',
    description:
      'Rate the store and what you bought in a completed order: stars, a few words, a photo.',
    detail: (p) => `Order ${p.orderId ?? ''}`,
    load: loadRateOrder,
    backTo: '/my-order',
  },
  {
    path: '/my-reviews',
    title: 'My reviews',
    description: 'The stores and items you rated, with their replies.',
    load: loadMyReviews,
    backTo: '/profile',
  },
  // Issue 17: not in spec §2's table; ours, reached from the side menu.
  {
    path: '/favourites',
    title: 'Favourites',
    description: 'Your favourite stores, products and dishes, with deal alerts when prices drop.',
    load: loadFavourites,
  },
  {
    path: '/list',
    title: 'My list',
    description:
      'Your shopping list, with the nearest and the cheapest store that has each item in stock.',
    load: loadList,
  },
  // Referenced routes (spec §2)
  {
    path: LOGIN_PATH,
    title: labels.menuStores,
    description: 'Sign in to your account.',
    load: loadLogin,
  },
  {
    path: '/mobile-verify',
    title: labels.verifyYourEmail,
    description: `Enter the ${VERIFICATION_CODE_LENGTH}-digit code we emailed you to activate your account.`,
    load: loadVerifyEmail,
  },
  {
    path: '/user-location',
    title: 'Your location',
    description: 'Share or type your location so we can show the stores closest to you.',
    load: loadUserLocation,
  },
  {
    path: MANAGE_PATH,
    title: labels.menuManageYourStore,
    description: 'The store-owner site.',
    load: loadManage,
  },
];

/** Shown for any path the table does not know; never part of app-link matching. */
export const notFoundRoute: PageRoute = {
  path: '*',
  title: commonMessages.pageNotFound,
  description: 'There is no page at this address.',
  load: loadNotFound,
};

/** Every page route, redirects excluded: what the router renders and the prefetch loads. */
export const pageRoutes: readonly PageRoute[] = appRoutes.filter(
  (route): route is PageRoute => !isRedirect(route),
);

/** The table's route for a pathname (whole-path match, as the router does), if any. */
export function matchRoute(
  pathname: string,
  routes: readonly AppRoute[] = appRoutes,
): AppRoute | undefined {
  return routes.find((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
}

/** The page a pathname ends up rendering: redirects followed, unknown paths to not-found. */
export function pageRouteFor(pathname: string): PageRoute {
  const route = matchRoute(pathname);
  if (!route) return notFoundRoute;
  if (!isRedirect(route)) return route;
  const target = matchRoute(route.redirectTo);
  return target && !isRedirect(target) ? target : notFoundRoute;
}
