import { labels } from '@localmart/contract';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { AppPage } from '../../../components/ui/app-page.tsx';

/**
 * /manage inside the shopper app. The store-owner site is a separate page (manage.html) that the
 * server answers /manage with; the shopper app only gets here by in-app navigation (sign-in coming
 * back with return_url=manage), so it hands over with a full page load, keeping the query string
 * (`?next=` brings the owner back to the store page they asked for).
 */
export function ManagePage() {
  const location = useLocation();
  useEffect(() => {
    window.location.replace(`${location.pathname}${location.search}`);
  }, [location.pathname, location.search]);
  return (
    <AppPage title={labels.menuManageYourStore}>
      <p className="ion-padding" role="status">
        Opening Manage Your Store…
      </p>
    </AppPage>
  );
}
