import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/catalog/list-states.tsx';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { useBusinessGallery } from '../api/get-business-gallery.ts';
import { parseIndex } from '../model/media-index.ts';
import { galleryPath } from '../model/paths.ts';
import { MediaViewer } from './media-viewer.tsx';
import { StorePageState } from './store-page-state.tsx';
import './business.css';

/**
 * /media-viewer?business=<id>&index=<n>: the store's gallery full screen, opened at `index`. The
 * current slide is page state, not written back to the URL: in the Ionic router every URL change is
 * a page transition, which would replay on each swipe.
 */
export function MediaViewerPage() {
  const [params] = useSearchParams();
  const businessId = params.get('business') ?? '';
  const [index, setIndex] = useState(() => parseIndex(params.get('index')));
  const query = useBusinessGallery(businessId);
  return (
    <AppPage
      title="Gallery"
      backTo={businessId ? galleryPath(businessId) : '/home'}
      contentClassName="lm-media-content"
    >
      <StorePageState
        query={query}
        enabled={businessId !== ''}
        label="Loading gallery"
        render={(items) =>
          items.length === 0 ? (
            <EmptyState title="No photos yet" message="This store has not shared any photos." />
          ) : (
            <MediaViewer items={items} index={index} onIndexChange={setIndex} />
          )
        }
      />
    </AppPage>
  );
}
