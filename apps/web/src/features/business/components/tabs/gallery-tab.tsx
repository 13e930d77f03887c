import { commonMessages } from '@localmart/contract';
import { Link } from 'react-router-dom';
import {
  EmptyState,
  ErrorState,
  ListSkeleton,
} from '../../../../components/catalog/list-states.tsx';
import { useBusinessGallery } from '../../api/get-business-gallery.ts';
import { galleryPath } from '../../model/paths.ts';
import { GalleryGrid } from '../gallery-grid.tsx';

export function GalleryTab({ businessId }: { businessId: string }) {
  const query = useBusinessGallery(businessId);
  if (query.isPending) return <ListSkeleton count={3} variant="card" />;
  if (query.isError) {
    return (
      <ErrorState
        message={query.error.message || commonMessages.genericFailure}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const items = query.data.found ? query.data.value : [];
  if (items.length === 0) {
    return <EmptyState title="No photos yet" message="This store has not shared any photos." />;
  }
  return (
    <>
      <GalleryGrid businessId={businessId} items={items} />
      <p className="lm-store-more">
        <Link to={galleryPath(businessId)}>Open the gallery</Link>
      </p>
    </>
  );
}
