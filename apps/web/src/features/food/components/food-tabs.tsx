import { Link } from 'react-router-dom';

export const RESTAURANTS_TAB = 'Restaurants';
export const DISHES_TAB = 'All dishes';

/** The two ways into food: by restaurant (menulist) or every dish at once (food-items). */
export function FoodTabs({ current }: { current: 'restaurants' | 'dishes' }) {
  return (
    <nav className="lm-food-tabs" aria-label="Food">
      <Link
        to="/menulist"
        className="lm-food-tab"
        aria-current={current === 'restaurants' ? 'page' : undefined}
      >
        {RESTAURANTS_TAB}
      </Link>
      <Link
        to="/food-items"
        className="lm-food-tab"
        aria-current={current === 'dishes' ? 'page' : undefined}
      >
        {DISHES_TAB}
      </Link>
    </nav>
  );
}
