import type { BusinessDetail } from '@localmart/contract';

/** The `endpoint` segment of business-details/{businessid}/{endpoint} (spec §2), in tab order. */
export const BUSINESS_TABS = [
  'products',
  'menu',
  'services',
  'flyers',
  'gallery',
  'team',
  'reviews',
  'contact',
] as const;
export type BusinessTab = (typeof BUSINESS_TABS)[number];

export const BUSINESS_TAB_LABELS: Record<BusinessTab, string> = {
  products: 'Products',
  menu: 'Menu',
  services: 'Services',
  flyers: 'Flyers',
  gallery: 'Gallery',
  team: 'Team',
  reviews: 'Reviews',
  contact: 'Contact',
};

type Counts = BusinessDetail['counts'];

/**
 * Which count decides whether a tab is shown; Contact is always there (every store has one), and so
 * are Reviews (verified reviews, ADR 0016: "no reviews yet" is worth saying too).
 */
const COUNT_OF: Record<BusinessTab, keyof Counts | null> = {
  products: 'products',
  menu: 'menus',
  services: 'services',
  flyers: 'flyers',
  gallery: 'gallery',
  team: 'team',
  reviews: null,
  contact: null,
};

/** The tabs this business has, in the fixed order: an empty section gets no tab. */
export function visibleTabs(counts: Counts): BusinessTab[] {
  return BUSINESS_TABS.filter((tab) => {
    const count = COUNT_OF[tab];
    return count === null || counts[count] > 0;
  });
}

/**
 * The tab an `endpoint` opens. An unknown endpoint, or one this business has nothing for (a link to
 * /menu of a hardware store), falls back to the first tab rather than an empty page.
 */
export function resolveTab(
  endpoint: string | undefined,
  tabs: readonly BusinessTab[],
): BusinessTab {
  const wanted = tabs.find((tab) => tab === endpoint);
  return wanted ?? tabs[0] ?? 'contact';
}

export function businessDetailsPath(businessId: string, tab: BusinessTab): string {
  return `/business-details/${encodeURIComponent(businessId)}/${tab}`;
}
