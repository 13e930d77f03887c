import { IonIcon } from '@ionic/react';
import type { BusinessKind, CategoryNode } from '@localmart/contract';
import { arrowBackOutline, checkmarkOutline, chevronForwardOutline } from 'ionicons/icons';
import { useState } from 'react';
import { ErrorState, ListSkeleton } from '../../../components/catalog/list-states.tsx';
import { useCategories } from '../api/get-categories.ts';
import { initialTrail } from '../model/category-tree.ts';

export const ALL_CATEGORIES = 'All categories';

export interface CategoryBrowserProps {
  kind: BusinessKind;
  /** The slug chosen now, marked in the list. */
  selected: string | null;
  /** A category, or null for "All categories". */
  onChoose: (category: CategoryNode | null) => void;
}

/** The category tree of `kind`, one level at a time: drill into a branch, choose any node. */
export function CategoryBrowser({ kind, selected, onChoose }: CategoryBrowserProps) {
  const query = useCategories(kind);
  if (query.isPending) return <ListSkeleton count={6} variant="row" />;
  if (query.isError) {
    return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  return <CategoryLevels roots={query.data} selected={selected} onChoose={onChoose} />;
}

interface CategoryLevelsProps {
  roots: readonly CategoryNode[];
  selected: string | null;
  onChoose: (category: CategoryNode | null) => void;
}

function CategoryLevels({ roots, selected, onChoose }: CategoryLevelsProps) {
  const [trail, setTrail] = useState<CategoryNode[]>(() => initialTrail(roots, selected));
  const current = trail[trail.length - 1];
  const parent = trail[trail.length - 2];
  const nodes = current ? current.children : roots;
  const allLabel = current ? `All ${current.name}` : ALL_CATEGORIES;
  const allSelected = current ? current.slug === selected : selected === null;

  return (
    <nav className="lm-catpick-browser" aria-label="Categories">
      {current && (
        <button
          type="button"
          className="lm-catpick-back"
          onClick={() => setTrail(trail.slice(0, -1))}
        >
          <IonIcon icon={arrowBackOutline} aria-hidden="true" />
          <span>{`Back to ${parent ? parent.name : ALL_CATEGORIES}`}</span>
        </button>
      )}
      <h2 className="lm-catpick-level">{current ? current.name : ALL_CATEGORIES}</h2>
      <ul className="lm-catpick-list">
        <li>
          <button
            type="button"
            className="lm-catpick-option lm-catpick-option-all"
            aria-current={allSelected ? 'true' : undefined}
            onClick={() => onChoose(current ?? null)}
          >
            <span>{allLabel}</span>
            {allSelected && <IonIcon icon={checkmarkOutline} aria-hidden="true" />}
          </button>
        </li>
        {nodes.map((node) => {
          const branch = node.children.length > 0;
          const chosen = node.slug === selected;
          return (
            <li key={node.id}>
              <button
                type="button"
                className="lm-catpick-option"
                aria-current={chosen ? 'true' : undefined}
                // A branch opens its level (where "All <name>" chooses it); a leaf is chosen.
                onClick={() => (branch ? setTrail([...trail, node]) : onChoose(node))}
              >
                <span>{node.name}</span>
                {chosen && <IonIcon icon={checkmarkOutline} aria-hidden="true" />}
                {branch && (
                  <>
                    <span className="lm-catpick-count">
                      {node.children.length}
                      <span className="lm-visually-hidden"> subcategories</span>
                    </span>
                    <IonIcon icon={chevronForwardOutline} aria-hidden="true" />
                  </>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
