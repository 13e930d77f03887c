import { IonApp } from '@ionic/react';
import { type ComponentType, Suspense } from 'react';
import { BrowserRouter, Link, Navigate, Route, Routes, useSearchParams } from 'react-router-dom';
import { sitePaths } from '../lib/site-paths.ts';
import { AppProviders } from '../../app/providers.tsx';
import { SignInNeeded, useManageMe } from '../lib/use-manage-me.ts';
import { Empty, Failed, Loading } from './manage-page.tsx';
import { ManageHeader } from './manage-header.tsx';
import * as pages from './manage-pages.ts';
import { SignInGate } from './sign-in-gate.tsx';
import { StoreLayout } from './store-layout.tsx';

/** The Manage Your Store site (manage.html): its own entry, router and pages under /manage. */
export function ManageApp() {
  return (
    <AppProviders>
      <IonApp className="mys-app">
        <BrowserRouter>
          <ManageRoutes />
        </BrowserRouter>
      </IonApp>
    </AppProviders>
  );
}

/** The pages outside a store (no store menu beside them): each fills the site's main column. */
const SITE_PAGES: readonly { path: string; Page: ComponentType }[] = [
  { path: '/manage', Page: pages.StoresHomePage },
  { path: '/manage/new', Page: pages.OnboardingPage },
  { path: '/manage/invitations/:token', Page: pages.InvitationPage },
  { path: '/manage/admin', Page: pages.AdminStoresPage },
  { path: '/manage/admin/stores/:businessId', Page: pages.AdminStorePage },
  { path: '/manage/admin/pages', Page: pages.AdminPagesPage },
  { path: '/manage/admin/payments', Page: pages.AdminPaymentsPage },
  { path: '/manage/admin/mail', Page: pages.AdminMailPage },
  { path: '/manage/admin/reviews', Page: pages.AdminReviewsPage },
  { path: '/manage/admin/product-content', Page: pages.AdminProductContentPage },
  { path: '/manage/admin/brand-partners', Page: pages.AdminBrandPartnersPage },
  { path: '/manage/brands', Page: pages.BrandsHomePage },
  { path: '/manage/brands/:brandId', Page: pages.BrandPortalPage },
];

function NotFound() {
  return (
    <main className="mys-main">
      <Empty title="Page not found">
        <p>
          <Link to="/manage">See your stores</Link>
        </p>
      </Empty>
    </main>
  );
}

function ManageRoutes() {
  const me = useManageMe();
  const [search] = useSearchParams();
  const next = sitePaths.safeNext(search.get('next'));
  if (next && me.isSuccess) return <Navigate to={next} replace />;
  if (me.isPending) return <Loading />;
  if (me.error instanceof SignInNeeded) return <SignInGate />;
  if (me.isError) {
    return <Failed message={me.error.message} onRetry={() => void me.refetch()} />;
  }
  const data = me.data;
  return (
    <div className="mys-shell">
      <ManageHeader me={data} />
      <Suspense fallback={<Loading />}>
        <Routes>
          {SITE_PAGES.map(({ path, Page }) => (
            <Route
              key={path}
              path={path}
              element={
                <main className="mys-main">
                  <Page />
                </main>
              }
            />
          ))}
          <Route path="/manage/stores/:businessId" element={<StoreLayout me={data} />}>
            <Route index element={<pages.DashboardPage />} />
            <Route path="orders" element={<pages.OrdersPage />} />
            <Route path="orders/:orderId" element={<pages.OrderPage />} />
            <Route path="price-matches" element={<pages.PriceMatchesPage />} />
            <Route path="reviews" element={<pages.ReviewsPage />} />
            <Route path="inventory" element={<pages.InventoryPage />} />
            <Route path="inventory/:importId" element={<pages.ImportReportPage />} />
            <Route path="products" element={<pages.ProductsPage />} />
            <Route path="menus" element={<pages.MenusPage />} />
            <Route path="services" element={<pages.ServicesPage />} />
            <Route path="appointments" element={<pages.AppointmentsPage />} />
            <Route path="appointments/:serviceId" element={<pages.AvailabilityPage />} />
            <Route path="flyers" element={<pages.FlyersPage />} />
            <Route path="flyers/:flyerId" element={<pages.FlyerEditorPage />} />
            <Route path="gallery" element={<pages.GalleryPage />} />
            <Route path="team" element={<pages.TeamPage />} />
            <Route path="messages" element={<pages.MessagesPage />} />
            <Route path="alerts" element={<pages.AlertsPage />} />
            <Route path="settings" element={<pages.StoreSettingsPage />} />
            <Route path="members" element={<pages.MembersPage />} />
            <Route path="api-keys" element={<pages.ApiKeysPage />} />
            <Route path="*" element={<NotFound />} />
          </Route>
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </div>
  );
}
