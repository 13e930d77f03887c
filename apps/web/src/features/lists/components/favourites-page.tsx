import { type Favourite, listsMessages } from '@localmart/contract';
import { Link } from 'react-router-dom';
import { CatalogImage } from '../../../components/catalog/catalog-image.tsx';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/catalog/list-states.tsx';
import { PriceTag } from '../../../components/catalog/price-tag.tsx';
import { FavouriteButton } from '../../../components/lists/favourite-button.tsx';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { HOME_PATH } from '../../../lib/paths.ts';
import { useRequireSession } from '../../../lib/require-session.ts';
import { useSession } from '../../../lib/storage.ts';
import { useFavourites } from '../api/lists-pages-api.ts';
import './lists.css';

export const NO_FAVOURITES_TITLE = 'No favourites yet';
export const NO_FAVOURITES_MESSAGE =
  'Tap the heart on a store, product or dish to keep it here. We will tell you when its price drops, when it is back in stock and when a favourite store has a new flyer.';

const SECTIONS = [
  { key: 'stores', title: 'Stores' },
  { key: 'products', title: 'Products' },
  { key: 'dishes', title: 'Dishes' },
] as const;

function FavouriteRow({ favourite }: { favourite: Favourite }) {
  return (
    <li className="lm-fav-row">
      <Link className="lm-fav-link" to={favourite.link}>
        <span className="lm-fav-thumb">
          {favourite.image ? <CatalogImage image={favourite.image} sizes="56px" /> : null}
        </span>
        <span className="lm-fav-text">
          <span className="lm-fav-title">{favourite.title}</span>
          {favourite.subtitle && <span className="lm-fav-subtitle">{favourite.subtitle}</span>}
          {favourite.price && (
            <span className="lm-fav-price">
              {favourite.kind === 'product' ? 'From ' : ''}
              <PriceTag price={favourite.price} />
            </span>
          )}
          {favourite.kind === 'product' && !favourite.price && (
            <span className="lm-fav-subtitle">{listsMessages.notInStockNearby}</span>
          )}
        </span>
      </Link>
      <FavouriteButton
        kind={favourite.kind}
        targetId={favourite.targetId}
        name={favourite.title}
        compact
      />
    </li>
  );
}

/** favourites: the shopper's favourite stores, products and dishes (issue 17). */
export function FavouritesPage() {
  useRequireSession('favourites');
  const session = useSession();
  const query = useFavourites(session.isLoggedIn);
  const data = query.data;
  const empty = data && SECTIONS.every((section) => data[section.key].length === 0);

  return (
    <AppPage title={listsMessages.favouritesTitle}>
      <div className="lm-lists-page">
        {query.isPending ? (
          <ListSkeleton count={4} variant="row" />
        ) : query.isError ? (
          <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
        ) : empty ? (
          <EmptyState
            title={NO_FAVOURITES_TITLE}
            message={NO_FAVOURITES_MESSAGE}
            action={
              <Link className="lm-button lm-button-primary" to={HOME_PATH}>
                Browse stores
              </Link>
            }
          />
        ) : (
          data &&
          SECTIONS.filter((section) => data[section.key].length > 0).map((section) => (
            <section
              key={section.key}
              className="lm-card lm-fav-section"
              aria-labelledby={`fav-${section.key}`}
            >
              <h2 id={`fav-${section.key}`} className="lm-section-title">
                {section.title}
              </h2>
              <ul className="lm-fav-list" aria-label={`Favourite ${section.title.toLowerCase()}`}>
                {data[section.key].map((favourite) => (
                  <FavouriteRow key={favourite.targetId} favourite={favourite} />
                ))}
              </ul>
            </section>
          ))
        )}
        {session.isLoggedIn && (
          <p className="lm-lists-footnote">
            <Link to="/list">{listsMessages.listTitle}</Link> · Deal emails: turn the weekly email
            on in your <Link to="/profile">profile</Link>.
          </p>
        )}
      </div>
    </AppPage>
  );
}
