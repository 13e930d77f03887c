import { commonMessages, type Menu, type MenuItem } from '@localmart/contract';
import { useId, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { CatalogImage } from '../../../components/catalog/catalog-image.tsx';
import { FoodItemCard } from '../../../components/catalog/food-item-card.tsx';
import { ErrorState, ListSkeleton } from '../../../components/catalog/list-states.tsx';
import { OpenStateBadge } from '../../../components/catalog/open-state-badge.tsx';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { useMenu } from '../api/get-menu.ts';
import { MenuItemSheet } from './menu-item-sheet.tsx';
import './food.css';

export const MENU_MISSING = 'This menu is no longer online';
export const SECTIONS_LABEL = 'Menu sections';

function findItem(menu: Menu, itemId: string | null): MenuItem | null {
  if (!itemId) return null;
  for (const section of menu.sections) {
    const item = section.items.find((candidate) => candidate.id === itemId);
    if (item) return item;
  }
  return null;
}

function MenuBody({ menu }: { menu: Menu }) {
  const [searchParams] = useSearchParams();
  // food-items links straight to a dish (?item=): its sheet opens with the page. Later taps are page
  // state, not URL changes, so Ionic's outlet never sees a new page for the same menu.
  const [openItemId, setOpenItemId] = useState(() => searchParams.get('item'));
  const openItem = findItem(menu, openItemId);
  const [currentSection, setCurrentSection] = useState(menu.sections[0]?.id);
  // Ionic keeps earlier pages in the DOM, so ids carry a per-page prefix and lookups stay inside.
  const idPrefix = useId();
  const sectionsRef = useRef<HTMLDivElement>(null);
  const sectionAnchor = (sectionId: string) => `${idPrefix}-section-${sectionId}`;

  function jumpTo(sectionId: string) {
    setCurrentSection(sectionId);
    sectionsRef.current
      ?.querySelector(`[data-section="${CSS.escape(sectionId)}"]`)
      ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  const { business } = menu;
  return (
    <>
      <header className="lm-menu-head">
        <CatalogImage image={business.logo} sizes="56px" className="lm-menu-head-logo" eager />
        <div>
          <h2 className="lm-menu-head-name">{menu.name}</h2>
          <p className="lm-menu-head-business">
            <Link to={`/business-details/${encodeURIComponent(business.id)}/menu`}>
              {business.name}
            </Link>
          </p>
          <p className="lm-menu-head-meta">
            <OpenStateBadge state={business.openState} />
            <span aria-hidden="true"> · </span>
            <span>{business.addressLine}</span>
          </p>
          {menu.description && <p className="lm-menu-head-description">{menu.description}</p>}
        </div>
      </header>
      {menu.sections.length > 1 && (
        <nav className="lm-menu-sections" aria-label={SECTIONS_LABEL}>
          {menu.sections.map((section) => (
            <button
              key={section.id}
              type="button"
              className="lm-food-chip"
              aria-current={currentSection === section.id ? 'true' : undefined}
              onClick={() => jumpTo(section.id)}
            >
              {section.name}
            </button>
          ))}
        </nav>
      )}
      <div ref={sectionsRef}>
        {menu.sections.map((section, sectionIndex) => (
          <section
            key={section.id}
            data-section={section.id}
            className="lm-menu-section"
            aria-labelledby={`${sectionAnchor(section.id)}-title`}
          >
            <h3 id={`${sectionAnchor(section.id)}-title`} className="lm-menu-section-title">
              {section.name}
            </h3>
            {section.description && (
              <p className="lm-menu-section-description">{section.description}</p>
            )}
            <ul className="lm-menu-items">
              {section.items.map((item, itemIndex) => (
                <li key={item.id}>
                  <FoodItemCard
                    item={item}
                    onSelect={() => setOpenItemId(item.id)}
                    eager={sectionIndex === 0 && itemIndex < 3}
                  />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <MenuItemSheet item={openItem} onClose={() => setOpenItemId(null)} />
    </>
  );
}

/**
 * menu-details/{businessid}/{menuid}: one restaurant menu with section shortcuts; tapping a dish opens
 * its options sheet (spec §2 route; issue 4 "restaurants and their menus, item options").
 */
export function MenuDetailsPage({ backTo = '/menulist' }: { backTo?: string | undefined }) {
  const { businessid = '', menuid = '' } = useParams();
  const query = useMenu(businessid, menuid);

  let title = 'Menu';
  let body;
  if (query.isPending) {
    body = <ListSkeleton count={5} variant="row" />;
  } else if (query.isError) {
    body = <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  } else if (!query.data.found) {
    title = commonMessages.pageNotFound;
    body = (
      <section className="lm-list-state" aria-label={MENU_MISSING}>
        <h2 className="lm-list-state-title">{MENU_MISSING}</h2>
        <p className="lm-list-state-message">
          <Link to="/menulist">See restaurants near you</Link>
        </p>
      </section>
    );
  } else {
    title = query.data.menu.business.name;
    body = <MenuBody menu={query.data.menu} />;
  }

  return (
    <AppPage title={title} backTo={backTo}>
      <div className="lm-food lm-menu-page">{body}</div>
    </AppPage>
  );
}
