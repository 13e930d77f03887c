import { commonMessages } from '@localmart/contract';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ErrorState } from '../../../components/catalog/list-states.tsx';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { ContentSkeleton } from '../../../components/ui/content-skeleton.tsx';
import { HOME_PATH } from '../../../lib/paths.ts';
import { useBusiness } from '../api/get-business.ts';
import { businessDetailsPath, resolveTab, visibleTabs } from '../model/business-tabs.ts';
import { BusinessHeader } from './business-header.tsx';
import { BusinessTabBar } from './business-tab-bar.tsx';
import { BusinessTabPanel } from './business-tab-panel.tsx';
import { StoreInfo } from './store-info.tsx';
import { StoreMissing } from './store-missing.tsx';
import './business.css';

/**
 * /business-details/:businessid/:endpoint: the store page, with the tab chosen by `endpoint`.
 * Switching tabs replaces the URL (no history entry per tab), so Back leaves the store.
 */
export function BusinessDetailsPage() {
  const { businessid = '', endpoint } = useParams();
  const navigate = useNavigate();
  const query = useBusiness(businessid);

  let title = 'Store';
  let body: ReactNode;
  if (query.isPending) {
    body = <ContentSkeleton label="Loading store" />;
  } else if (query.isError) {
    body = (
      <ErrorState message={commonMessages.genericFailure} onRetry={() => void query.refetch()} />
    );
  } else if (!query.data.found) {
    body = <StoreMissing />;
  } else {
    const business = query.data.value;
    const tabs = visibleTabs(business.counts);
    const tab = resolveTab(endpoint, tabs);
    title = business.name;
    body = (
      <>
        <BusinessHeader business={business} />
        <StoreInfo business={business} />
        <BusinessTabBar
          tabs={tabs}
          current={tab}
          onSelect={(next) => navigate(businessDetailsPath(business.id, next), { replace: true })}
        />
        <BusinessTabPanel business={business} tab={tab} />
      </>
    );
  }

  return (
    <AppPage title={title} backTo={HOME_PATH} contentClassName="lm-store-content">
      {body}
    </AppPage>
  );
}
