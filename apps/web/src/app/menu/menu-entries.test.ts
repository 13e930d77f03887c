import { labels, type CmsPageSummary } from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import {
  buildMenuEntries,
  cmsPagePath,
  isCurrentEntry,
  MENU_CREATE_ACCOUNT,
  MENU_FAVOURITES,
  MENU_MY_LIST,
  MENU_SIGN_IN,
  type MenuEntry,
} from './menu-entries.ts';

const cmsPages: CmsPageSummary[] = [
  { _id: '6f1c0c1e-0000-4000-8000-000000000001', page_id: 'about-us', page_name: 'About us' },
  { _id: '6f1c0c1e-0000-4000-8000-000000000002', page_id: 'faq', page_name: 'FAQ' },
];

const fixed = [
  labels.menuStores,
  labels.menuProducts,
  labels.menuFoodItems,
  labels.menuServices,
  labels.menuFlyers,
  labels.menuManageYourStore,
];
const visitor = [MENU_SIGN_IN, MENU_CREATE_ACCOUNT];

function target(entry: MenuEntry | undefined) {
  if (!entry) return undefined;
  return entry.kind === 'link' ? entry.url : `action:${entry.action}`;
}

describe('buildMenuEntries (spec §2)', () => {
  it('anonymous: the six fixed entries in order, the CMS pages, then Sign in and Create account', () => {
    const entries = buildMenuEntries({ cmsPages, username: null });
    expect(entries.map((e) => e.label)).toEqual([...fixed, 'About us', 'FAQ', ...visitor]);
    expect(entries.map(target)).toEqual([
      '/home',
      '/products',
      '/menulist',
      '/servicelist',
      '/flyerlist',
      'action:manage-store',
      `/cms/about-us/${cmsPages[0]?._id}`,
      `/cms/faq/${cmsPages[1]?._id}`,
      'action:sign-in',
      'action:create-account',
    ]);
    expect(entries.slice(-2).every((e) => e.section === 'account')).toBe(true);
  });

  it('with a user name: Profile, My Order, Favourites, My list and Logout at the end', () => {
    const entries = buildMenuEntries({ cmsPages, username: 'Ada Lovelace' });
    // Favourites and My list (issue 17) are ours, between the spec's My Order and Logout.
    expect(entries.slice(-5).map((e) => [e.label, target(e)])).toEqual([
      [labels.menuProfile, '/profile'],
      [labels.menuMyOrder, '/my-order'],
      [MENU_FAVOURITES, '/favourites'],
      [MENU_MY_LIST, '/list'],
      [labels.menuLogout, 'action:logout'],
    ]);
    expect(entries).toHaveLength(fixed.length + cmsPages.length + 5);
    expect(entries.map((e) => e.label)).not.toContain(MENU_SIGN_IN);
    expect(entries.map((e) => e.label)).not.toContain(MENU_CREATE_ACCOUNT);
  });

  it('an empty user name is no user', () => {
    expect(buildMenuEntries({ cmsPages: [], username: '' }).map((e) => e.label)).toEqual([
      ...fixed,
      ...visitor,
    ]);
  });

  it('gives every entry an icon and a unique id', () => {
    for (const username of ['Ada', null]) {
      const entries = buildMenuEntries({ cmsPages, username });
      expect(entries.every((e) => e.icon.startsWith('data:image/svg+xml'))).toBe(true);
      expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    }
  });

  it('encodes CMS path segments', () => {
    expect(cmsPagePath({ page_id: 'a b', _id: 'x/y' })).toBe('/cms/a%20b/x%2Fy');
  });

  it('highlights the entry of the current path, and Stores at the root', () => {
    const [stores, products] = buildMenuEntries({ cmsPages: [], username: null });
    if (!stores || !products) throw new Error('missing entries');
    expect(isCurrentEntry(products, '/products')).toBe(true);
    expect(isCurrentEntry(products, '/products/')).toBe(true);
    expect(isCurrentEntry(products, '/home')).toBe(false);
    expect(isCurrentEntry(stores, '/')).toBe(true);
    const manage = buildMenuEntries({ cmsPages: [], username: null })[5];
    expect(manage && isCurrentEntry(manage, '/manage')).toBe(false);
  });
});
