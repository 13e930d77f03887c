import { IonIcon } from '@ionic/react';
import { type ListAvailability, type ListItem, listsMessages } from '@localmart/contract';
import { useQueryClient } from '@tanstack/react-query';
import { trashOutline } from 'ionicons/icons';
import { Link } from 'react-router-dom';
import { CatalogImage } from '../../../components/catalog/catalog-image.tsx';
import { DistanceLabel } from '../../../components/catalog/distance-label.tsx';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/catalog/list-states.tsx';
import { PriceTag } from '../../../components/catalog/price-tag.tsx';
import { listsKeys } from '../../../components/lists/lists-api.ts';
import { showError } from '../../../components/ui/toasts/toasts.ts';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { nearParams, useShopperLocation } from '../../../lib/location/use-shopper-location.ts';
import { useRequireSession } from '../../../lib/require-session.ts';
import { useSession } from '../../../lib/storage.ts';
import { removeListItem, updateListItem, useShoppingList } from '../api/lists-pages-api.ts';
import './lists.css';

export const NO_LIST_TITLE = 'Your list is empty';
export const NO_LIST_MESSAGE =
  'Add products from their page, dishes from a menu, or clip deals from a flyer. Each item shows the nearest and the cheapest store that has it in stock.';

/** "until Thu, Dec 3" from the deal's last store-local day. */
function untilLabel(validTo: string): string {
  const date = new Date(`${validTo}T12:00:00Z`);
  return `until ${date.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' })}`;
}

function Availability({ label, where }: { label: string; where: ListAvailability }) {
  return (
    <p className="lm-list-where">
      <span className="lm-list-where-label">{label}:</span>{' '}
      <Link to={where.link} className="lm-list-where-store">
        {where.storeName}
      </Link>{' '}
      <PriceTag price={where.price} /> <DistanceLabel km={where.distanceKm} />
    </p>
  );
}

function ListRow({ item, onChanged }: { item: ListItem; onChanged: () => Promise<void> }) {
  const change = async (run: () => Promise<unknown>) => {
    try {
      await run();
      await onChanged();
    } catch (error) {
      showError(listsMessages.listTitle, (error as Error).message);
    }
  };
  const same =
    item.nearest && item.cheapest && item.nearest.businessId === item.cheapest.businessId;
  return (
    <li className={`lm-list-row${item.checked ? ' lm-list-row-checked' : ''}`}>
      <label className="lm-list-check">
        <input
          type="checkbox"
          checked={item.checked}
          aria-label={`${item.title}: ${item.checked ? 'checked off' : 'check off'}`}
          onChange={(event) =>
            void change(() => updateListItem(item.id, { checked: event.target.checked }))
          }
        />
      </label>
      <span className="lm-list-thumb">
        {item.image ? <CatalogImage image={item.image} sizes="48px" /> : null}
      </span>
      <div className="lm-list-body">
        <Link className="lm-list-title" to={item.link}>
          {item.quantity > 1 ? `${item.quantity} × ` : ''}
          {item.title}
        </Link>
        {item.deal && (
          <p className={`lm-list-deal${item.deal.current ? '' : ' lm-list-deal-ended'}`}>
            Flyer deal: {item.deal.priceText} at {item.deal.storeName} ·{' '}
            {item.deal.current ? untilLabel(item.deal.validTo) : 'ended'}
          </p>
        )}
        {!item.checked &&
          (item.nearest || item.cheapest ? (
            <>
              {item.nearest && (
                <Availability
                  label={
                    same
                      ? `${listsMessages.nearestInStock} and cheapest`
                      : listsMessages.nearestInStock
                  }
                  where={item.nearest}
                />
              )}
              {item.cheapest && !same && (
                <Availability label={listsMessages.cheapestInStock} where={item.cheapest} />
              )}
            </>
          ) : (
            (item.productId || item.menuItemId) && (
              <p className="lm-list-where lm-list-none">{listsMessages.notInStockNearby}</p>
            )
          ))}
      </div>
      <button
        type="button"
        className="lm-list-remove"
        aria-label={`Remove ${item.title} from your list`}
        onClick={() => void change(() => removeListItem(item.id))}
      >
        <IonIcon icon={trashOutline} aria-hidden="true" />
      </button>
    </li>
  );
}

/** list: the shopper's shopping list, each item with where it is in stock nearest and cheapest now. */
export function ListPage() {
  useRequireSession('list');
  const session = useSession();
  const { location } = useShopperLocation();
  const near = nearParams(location);
  const query = useShoppingList(session.isLoggedIn, near);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: listsKeys.all });
  const items = query.data?.items ?? [];
  const open = items.filter((item) => !item.checked).length;

  return (
    <AppPage title={listsMessages.listTitle}>
      <div className="lm-lists-page">
        <p className="lm-lists-where-from">
          {location ? (
            <>
              Stores near <strong>{location.label}</strong> ·{' '}
              <Link to="/user-location">Change</Link>
            </>
          ) : (
            <>
              <Link to="/user-location">Set your location</Link> to see the nearest store that has
              each item.
            </>
          )}
        </p>
        {query.isPending ? (
          <ListSkeleton count={4} variant="row" />
        ) : query.isError ? (
          <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState
            title={NO_LIST_TITLE}
            message={NO_LIST_MESSAGE}
            action={
              <Link className="lm-button lm-button-primary" to="/flyerlist">
                Browse flyers
              </Link>
            }
          />
        ) : (
          <section className="lm-card" aria-labelledby="list-heading">
            <h2 id="list-heading" className="lm-section-title">
              {open === 1 ? '1 item to get' : `${open} items to get`}
            </h2>
            <ul className="lm-list" aria-label="Your list">
              {items.map((item) => (
                <ListRow key={item.id} item={item} onChanged={refresh} />
              ))}
            </ul>
          </section>
        )}
      </div>
    </AppPage>
  );
}
