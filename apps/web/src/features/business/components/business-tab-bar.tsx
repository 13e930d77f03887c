import { BUSINESS_TAB_LABELS, type BusinessTab } from '../model/business-tabs.ts';

/**
 * The store page's tabs. Plain buttons with tab roles rather than IonSegment: the selected state and
 * names sit on real elements, so assistive technology and role-based tests read them directly.
 * The pills wrap onto a second line when a phone is too narrow for all of them, so every label
 * shows whole; a sideways-scrolling row left the last ones cut at the screen edge.
 */
export function BusinessTabBar({
  tabs,
  current,
  onSelect,
}: {
  tabs: readonly BusinessTab[];
  current: BusinessTab;
  onSelect: (tab: BusinessTab) => void;
}) {
  return (
    <div className="lm-store-tabs" role="tablist" aria-label="Store sections">
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={`store-tab-${tab}`}
          aria-selected={tab === current}
          aria-controls="store-tab-panel"
          className={tab === current ? 'lm-store-tab lm-store-tab-current' : 'lm-store-tab'}
          onClick={() => onSelect(tab)}
        >
          {BUSINESS_TAB_LABELS[tab]}
        </button>
      ))}
    </div>
  );
}
