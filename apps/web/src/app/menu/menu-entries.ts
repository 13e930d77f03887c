import { labels, type CmsPageSummary } from '@localmart/contract';
import {
  briefcaseOutline,
  businessOutline,
  documentTextOutline,
  fastFoodOutline,
  heartOutline,
  listOutline,
  logInOutline,
  logOutOutline,
  newspaperOutline,
  personAddOutline,
  personCircleOutline,
  pricetagsOutline,
  receiptOutline,
  storefrontOutline,
} from 'ionicons/icons';
import { HOME_PATH } from '../../lib/paths.ts';

export type MenuSection = 'shop' | 'pages' | 'account';

interface EntryBase {
  id: string;
  label: string;
  icon: string;
  section: MenuSection;
}

/** A route in this app. */
export interface MenuLink extends EntryBase {
  kind: 'link';
  url: string;
}

/**
 * Something that is not in-app navigation: the store-owner site, the sign-in and registration
 * dialogs, the logout confirmation.
 */
export interface MenuAction extends EntryBase {
  kind: 'action';
  action: 'manage-store' | 'sign-in' | 'create-account' | 'logout';
}

/**
 * A visitor's way in (issue 17). Spec §2 lists no entry for signing in (its menu only adds Profile,
 * My Order and Logout once a user name is held), so these words are ours; they open the spec's login
 * and registration dialogs.
 */
export const MENU_SIGN_IN = 'Sign in';
export const MENU_CREATE_ACCOUNT = 'Create account';

/** Issue 17: a shopper's favourites and shopping list, after My Order. */
export const MENU_FAVOURITES = 'Favourites';
export const MENU_MY_LIST = 'My list';

export type MenuEntry = MenuLink | MenuAction;

/** Spec §2: a CMS entry leads to /cms/{page_id}/{_id}. */
export function cmsPagePath(page: Pick<CmsPageSummary, 'page_id' | '_id'>): string {
  return `/cms/${encodeURIComponent(page.page_id)}/${encodeURIComponent(page._id)}`;
}

/**
 * The side menu of spec §2, in order: the six fixed entries, one per CMS page, then Profile, My Order
 * and Logout only when a user name is held; without one, Sign in and Create account instead.
 */
export function buildMenuEntries(input: {
  cmsPages: readonly CmsPageSummary[];
  username: string | null;
}): MenuEntry[] {
  const entries: MenuEntry[] = [
    {
      kind: 'link',
      id: 'stores',
      label: labels.menuStores,
      url: HOME_PATH,
      icon: storefrontOutline,
      section: 'shop',
    },
    {
      kind: 'link',
      id: 'products',
      label: labels.menuProducts,
      url: '/products',
      icon: pricetagsOutline,
      section: 'shop',
    },
    {
      kind: 'link',
      id: 'food-items',
      label: labels.menuFoodItems,
      url: '/menulist',
      icon: fastFoodOutline,
      section: 'shop',
    },
    {
      kind: 'link',
      id: 'services',
      label: labels.menuServices,
      url: '/servicelist',
      icon: briefcaseOutline,
      section: 'shop',
    },
    {
      kind: 'link',
      id: 'flyers',
      label: labels.menuFlyers,
      url: '/flyerlist',
      icon: newspaperOutline,
      section: 'shop',
    },
    {
      kind: 'action',
      id: 'manage-store',
      action: 'manage-store',
      label: labels.menuManageYourStore,
      icon: businessOutline,
      section: 'shop',
    },
  ];
  for (const page of input.cmsPages) {
    entries.push({
      kind: 'link',
      id: `cms-${page._id}`,
      label: page.page_name,
      url: cmsPagePath(page),
      icon: documentTextOutline,
      section: 'pages',
    });
  }
  if (input.username) {
    entries.push(
      {
        kind: 'link',
        id: 'profile',
        label: labels.menuProfile,
        url: '/profile',
        icon: personCircleOutline,
        section: 'account',
      },
      {
        kind: 'link',
        id: 'my-order',
        label: labels.menuMyOrder,
        url: '/my-order',
        icon: receiptOutline,
        section: 'account',
      },
      // Issue 17: the shopper's favourites and list (not in spec §2's menu; ours).
      {
        kind: 'link',
        id: 'favourites',
        label: MENU_FAVOURITES,
        url: '/favourites',
        icon: heartOutline,
        section: 'account',
      },
      {
        kind: 'link',
        id: 'my-list',
        label: MENU_MY_LIST,
        url: '/list',
        icon: listOutline,
        section: 'account',
      },
      {
        kind: 'action',
        id: 'logout',
        action: 'logout',
        label: labels.menuLogout,
        icon: logOutOutline,
        section: 'account',
      },
    );
  } else {
    entries.push(
      {
        kind: 'action',
        id: 'sign-in',
        action: 'sign-in',
        label: MENU_SIGN_IN,
        icon: logInOutline,
        section: 'account',
      },
      {
        kind: 'action',
        id: 'create-account',
        action: 'create-account',
        label: MENU_CREATE_ACCOUNT,
        icon: personAddOutline,
        section: 'account',
      },
    );
  }
  return entries;
}

/** The entry to highlight: its URL is the current path ('/' counts as Stores before the redirect). */
export function isCurrentEntry(entry: MenuEntry, pathname: string): boolean {
  if (entry.kind !== 'link') return false;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return entry.url === path || (entry.url === HOME_PATH && path === '/');
}
