import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/catalog/list-states.tsx';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { useBusiness } from '../api/get-business.ts';
import { useBusinessGallery } from '../api/get-business-gallery.ts';
import { businessDetailsPath } from '../model/business-tabs.ts';
import { GalleryGrid } from './gallery-grid.tsx';
import { StorePageState } from './store-page-state.tsx';
import './business.css';

/** /gallery?business=<id>: every photo and video of the store. */
export function GalleryPage() {
  const [params] = useSearchParams();
  const businessId = params.get('business') ?? '';
  const gallery = useBusinessGallery(businessId);
  const business = useBusiness(businessId);
  const name = business.data?.found ? business.data.value.name : null;
  return (
    <AppPage
      title={name ? `Gallery · ${name}` : 'Gallery'}
      backTo={businessId ? businessDetailsPath(businessId, 'gallery') : '/home'}
    >
      <StorePageState
        query={gallery}
        enabled={businessId !== ''}
        label="Loading gallery"
        render={(items) =>
          items.length === 0 ? (
            <EmptyState title="No photos yet" message="This store has not shared any photos." />
          ) : (
            <GalleryGrid businessId={businessId} items={items} />
          )
        }
      />
    </AppPage>
  );
}
