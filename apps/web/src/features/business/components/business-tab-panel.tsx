import type { BusinessDetail } from '@localmart/contract';
import { ReviewsSectionSlot } from '../../../components/reviews/reviews-section-slot.tsx';
import type { BusinessTab } from '../model/business-tabs.ts';
import { ContactTab } from './tabs/contact-tab.tsx';
import { FlyersTab } from './tabs/flyers-tab.tsx';
import { GalleryTab } from './tabs/gallery-tab.tsx';
import { MenuTab } from './tabs/menu-tab.tsx';
import { ProductsTab } from './tabs/products-tab.tsx';
import { ServicesTab } from './tabs/services-tab.tsx';
import { TeamTab } from './tabs/team-tab.tsx';

/** The content of the chosen tab; each tab fetches its own list when first shown. */
export function BusinessTabPanel({
  business,
  tab,
}: {
  business: BusinessDetail;
  tab: BusinessTab;
}) {
  let content;
  switch (tab) {
    case 'products':
      content = <ProductsTab businessId={business.id} />;
      break;
    case 'menu':
      content = <MenuTab businessId={business.id} />;
      break;
    case 'services':
      content = <ServicesTab businessId={business.id} />;
      break;
    case 'flyers':
      content = <FlyersTab businessId={business.id} />;
      break;
    case 'gallery':
      content = <GalleryTab businessId={business.id} />;
      break;
    case 'team':
      content = <TeamTab businessId={business.id} />;
      break;
    case 'reviews':
      content = <ReviewsSectionSlot of={{ kind: 'store', businessId: business.id }} />;
      break;
    case 'contact':
      content = <ContactTab business={business} />;
      break;
  }
  return (
    <div
      id="store-tab-panel"
      role="tabpanel"
      aria-labelledby={`store-tab-${tab}`}
      className="lm-store-panel"
    >
      {content}
    </div>
  );
}
