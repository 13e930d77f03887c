import { describe, expect, it } from 'vitest';
import { sitePaths, STORE_SECTIONS } from './site-paths.ts';

const STORE = '0b000000-0000-4000-8000-000000000001';

describe('sitePaths', () => {
  it('builds the pages of a store, the dashboard without a tail', () => {
    expect(sitePaths.home).toBe('/manage');
    expect(sitePaths.newStore).toBe('/manage/new');
    expect(sitePaths.store(STORE)).toBe(`/manage/stores/${STORE}`);
    expect(sitePaths.store(STORE, 'dashboard')).toBe(`/manage/stores/${STORE}`);
    expect(sitePaths.store(STORE, 'price-matches')).toBe(`/manage/stores/${STORE}/price-matches`);
    expect(sitePaths.store(STORE, 'api-keys')).toBe(`/manage/stores/${STORE}/api-keys`);
    expect(sitePaths.order(STORE, 'o1')).toBe(`/manage/stores/${STORE}/orders/o1`);
    expect(sitePaths.inventoryImport(STORE, 'i1')).toBe(`/manage/stores/${STORE}/inventory/i1`);
    expect(sitePaths.flyer(STORE, 'f1')).toBe(`/manage/stores/${STORE}/flyers/f1`);
  });

  it('gives every section its own URL', () => {
    const urls = STORE_SECTIONS.map((section) => sitePaths.store(STORE, section.id));
    expect(new Set(urls).size).toBe(STORE_SECTIONS.length);
  });

  it('encodes ids so they stay one path segment', () => {
    expect(sitePaths.order('a/b', 'c d')).toBe('/manage/stores/a%2Fb/orders/c%20d');
    expect(sitePaths.adminStore('x?y')).toBe('/manage/admin/stores/x%3Fy');
  });

  it('builds the admin pages', () => {
    expect(sitePaths.admin).toBe('/manage/admin');
    expect(sitePaths.adminPages).toBe('/manage/admin/pages');
  });

  it("sends sign-in to the shopper app's login with the return address encoded", () => {
    expect(sitePaths.signIn('manage?next=/manage/new')).toBe(
      '/login?return_url=manage%3Fnext%3D%2Fmanage%2Fnew',
    );
  });
});

describe('sitePaths.safeNext', () => {
  it('lets ?next= lead to pages of this site', () => {
    expect(sitePaths.safeNext('/manage')).toBe('/manage');
    expect(sitePaths.safeNext('/manage/')).toBe('/manage/');
    expect(sitePaths.safeNext(`/manage/stores/${STORE}/orders?tab=new`)).toBe(
      `/manage/stores/${STORE}/orders?tab=new`,
    );
  });

  it('refuses anywhere else: other sites, other apps, look-alike paths, nothing', () => {
    for (const next of [
      null,
      '',
      'https://evil.example/manage',
      '//evil.example/manage',
      '/managed',
      '/manage-evil',
      '/login',
      'manage/new',
      'javascript:alert(1)',
    ]) {
      expect(sitePaths.safeNext(next), String(next)).toBeNull();
    }
  });
});
