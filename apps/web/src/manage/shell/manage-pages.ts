import { lazy } from 'react';

/** Every page of the manage site, each its own chunk (a store owner rarely needs them all). */
const StoresHomePage = lazy(() =>
  import('../features/stores/stores-home-page.tsx').then((m) => ({ default: m.StoresHomePage })),
);
const OnboardingPage = lazy(() =>
  import('../features/onboarding/onboarding-page.tsx').then((m) => ({ default: m.OnboardingPage })),
);
const StoreSettingsPage = lazy(() =>
  import('../features/settings/store-settings-page.tsx').then((m) => ({
    default: m.StoreSettingsPage,
  })),
);
const MembersPage = lazy(() =>
  import('../features/members/members-page.tsx').then((m) => ({ default: m.MembersPage })),
);
const InvitationPage = lazy(() =>
  import('../features/invitations/invitation-page.tsx').then((m) => ({
    default: m.InvitationPage,
  })),
);
const AdminStoresPage = lazy(() =>
  import('../features/admin/admin-stores-page.tsx').then((m) => ({ default: m.AdminStoresPage })),
);
const AdminStorePage = lazy(() =>
  import('../features/admin/admin-store-page.tsx').then((m) => ({ default: m.AdminStorePage })),
);
const AdminPagesPage = lazy(() =>
  import('../features/admin/admin-pages-page.tsx').then((m) => ({ default: m.AdminPagesPage })),
);
const AdminPaymentsPage = lazy(() =>
  import('../features/admin/admin-payments-page.tsx').then((m) => ({
    default: m.AdminPaymentsPage,
  })),
);
const AdminMailPage = lazy(() =>
  import('../features/admin/admin-mail-page.tsx').then((m) => ({ default: m.AdminMailPage })),
);
const ReviewsPage = lazy(() =>
  import('../features/reviews/reviews-page.tsx').then((m) => ({ default: m.ReviewsPage })),
);
const AdminReviewsPage = lazy(() =>
  import('../features/reviews/admin-reviews-page.tsx').then((m) => ({
    default: m.AdminReviewsPage,
  })),
);
const AdminProductContentPage = lazy(() =>
  import('../features/admin/admin-product-content-page.tsx').then((m) => ({
    default: m.AdminProductContentPage,
  })),
);
const AdminBrandPartnersPage = lazy(() =>
  import('../features/admin/admin-brand-partners-page.tsx').then((m) => ({
    default: m.AdminBrandPartnersPage,
  })),
);
const BrandsHomePage = lazy(() =>
  import('../features/brands/brands-home-page.tsx').then((m) => ({ default: m.BrandsHomePage })),
);
const BrandPortalPage = lazy(() =>
  import('../features/brands/brand-portal-page.tsx').then((m) => ({ default: m.BrandPortalPage })),
);
const InventoryPage = lazy(() =>
  import('../features/inventory/inventory-page.tsx').then((m) => ({ default: m.InventoryPage })),
);
const ImportReportPage = lazy(() =>
  import('../features/inventory/import-report-page.tsx').then((m) => ({
    default: m.ImportReportPage,
  })),
);
const ProductsPage = lazy(() =>
  import('../features/products/products-page.tsx').then((m) => ({ default: m.ProductsPage })),
);
const ApiKeysPage = lazy(() =>
  import('../features/api-keys/api-keys-page.tsx').then((m) => ({ default: m.ApiKeysPage })),
);
const DashboardPage = lazy(() =>
  import('../features/dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
);
const AlertsPage = lazy(() =>
  import('../features/alerts/alerts-page.tsx').then((m) => ({ default: m.AlertsPage })),
);
const OrdersPage = lazy(() =>
  import('../features/orders/orders-page.tsx').then((m) => ({ default: m.OrdersPage })),
);
const OrderPage = lazy(() =>
  import('../features/orders/order-page.tsx').then((m) => ({ default: m.OrderPage })),
);
const PriceMatchesPage = lazy(() =>
  import('../features/price-matches/price-matches-page.tsx').then((m) => ({
    default: m.PriceMatchesPage,
  })),
);
const MenusPage = lazy(() =>
  import('../features/menus/menus-page.tsx').then((m) => ({ default: m.MenusPage })),
);
const ServicesPage = lazy(() =>
  import('../features/services/services-page.tsx').then((m) => ({ default: m.ServicesPage })),
);
const AppointmentsPage = lazy(() =>
  import('../features/appointments/appointments-page.tsx').then((m) => ({
    default: m.AppointmentsPage,
  })),
);
const AvailabilityPage = lazy(() =>
  import('../features/appointments/availability-page.tsx').then((m) => ({
    default: m.AvailabilityPage,
  })),
);
const GalleryPage = lazy(() =>
  import('../features/gallery/gallery-page.tsx').then((m) => ({ default: m.GalleryPage })),
);
const TeamPage = lazy(() =>
  import('../features/team/team-page.tsx').then((m) => ({ default: m.TeamPage })),
);
const MessagesPage = lazy(() =>
  import('../features/messages/messages-page.tsx').then((m) => ({ default: m.MessagesPage })),
);
const FlyersPage = lazy(() =>
  import('../features/flyers/flyers-page.tsx').then((m) => ({ default: m.FlyersPage })),
);
const FlyerEditorPage = lazy(() =>
  import('../features/flyers/flyer-editor-page.tsx').then((m) => ({ default: m.FlyerEditorPage })),
);

export {
  StoresHomePage,
  InvitationPage,
  OnboardingPage,
  StoreSettingsPage,
  MembersPage,
  AdminStoresPage,
  AdminStorePage,
  AdminPagesPage,
  AdminPaymentsPage,
  AdminMailPage,
  AdminReviewsPage,
  AdminProductContentPage,
  AdminBrandPartnersPage,
  BrandsHomePage,
  BrandPortalPage,
  ReviewsPage,
  InventoryPage,
  ImportReportPage,
  ProductsPage,
  ApiKeysPage,
  DashboardPage,
  OrdersPage,
  OrderPage,
  PriceMatchesPage,
  MenusPage,
  ServicesPage,
  AppointmentsPage,
  AvailabilityPage,
  GalleryPage,
  TeamPage,
  MessagesPage,
  AlertsPage,
  FlyersPage,
  FlyerEditorPage,
};
