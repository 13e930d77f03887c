import { businessKindSchema, type BusinessKind } from '@localmart/contract';
import { useNavigate } from 'react-router-dom';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { CATEGORY_MODAL_PATH, PRODUCTS_PATH } from '../model/paths.ts';
import { cleanReturnTo, withCategory } from '../model/return-to.ts';
import { usePageSearch } from '../model/use-page-search.ts';
import { CategoryBrowser } from './category-browser.tsx';
import '../products.css';

export const CATEGORY_MODAL_TITLE = 'Categories';

/** Where a choice leads when the link gave no returnTo: the list that kind of category filters. */
const DEFAULT_RETURN: Record<BusinessKind, string> = {
  retail: PRODUCTS_PATH,
  restaurant: '/menulist',
  service: '/servicelist',
};

/**
 * /category-modal?kind=retail&returnTo=/products: the category tree of `kind`; choosing one goes to
 * `returnTo` with ?category=<slug> (kept query, so a search survives), "All categories" removes it.
 */
export function CategoryModalPage() {
  const navigate = useNavigate();
  const params = new URLSearchParams(usePageSearch(CATEGORY_MODAL_PATH));
  const parsedKind = businessKindSchema.safeParse(params.get('kind') ?? 'retail');
  const kind: BusinessKind = parsedKind.success ? parsedKind.data : 'retail';
  const returnTo = cleanReturnTo(params.get('returnTo'), DEFAULT_RETURN[kind]);
  const selected = new URL(returnTo, 'http://localmart.invalid').searchParams.get('category');

  return (
    <AppPage title={CATEGORY_MODAL_TITLE} backTo={returnTo} contentClassName="lm-catpick-page">
      <CategoryBrowser
        // A new kind is a new tree: start it from its top.
        key={kind}
        kind={kind}
        selected={selected}
        onChoose={(category) => navigate(withCategory(returnTo, category?.slug ?? null))}
      />
    </AppPage>
  );
}
