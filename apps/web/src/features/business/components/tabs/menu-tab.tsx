import { commonMessages } from '@localmart/contract';
import { Link } from 'react-router-dom';
import { CatalogImage } from '../../../../components/catalog/catalog-image.tsx';
import { menuDetailsPath } from '../../../../components/catalog/food-item-card.tsx';
import {
  EmptyState,
  ErrorState,
  ListSkeleton,
} from '../../../../components/catalog/list-states.tsx';
import { useBusinessMenus } from '../../../../lib/catalog/business-menus.ts';

/** A restaurant's menus; each opens menu-details with its sections and dishes. */
export function MenuTab({ businessId }: { businessId: string }) {
  const query = useBusinessMenus(businessId);
  if (query.isPending) return <ListSkeleton count={2} variant="row" />;
  if (query.isError) {
    return (
      <ErrorState
        message={query.error.message || commonMessages.genericFailure}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) {
    return <EmptyState title="No menu yet" message="This restaurant has not published a menu." />;
  }
  return (
    <ul className="lm-catalog-list lm-catalog-list-list" aria-label="Menus">
      {query.data.map((menu) => (
        <li key={menu.id} className="lm-catalog-list-item">
          <Link className="lm-store-row" to={menuDetailsPath(businessId, menu.id)}>
            {menu.image && (
              <CatalogImage image={menu.image} className="lm-store-row-thumb" sizes="96px" />
            )}
            <span className="lm-store-row-text">
              <span className="lm-store-row-title">{menu.name}</span>
              {menu.description && <span className="lm-store-row-sub">{menu.description}</span>}
              <span className="lm-store-row-meta">
                {menu.itemCount} {menu.itemCount === 1 ? 'dish' : 'dishes'}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
