import { livePaths, type ManageMe, type ManagedStore, managePaths } from '@localmart/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { mockApi } from '../../test/api-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { storeDetail } from '../test/store-fixtures.ts';
import { useCurrentStore } from '../lib/store-context.tsx';
import { StoreLayout } from './store-layout.tsx';

const STORE = '0b000000-0000-4000-8000-000000000001';
const OTHER = '0b000000-0000-4000-8000-000000000002';
const OWNER_ONLY = ['Store settings', 'Members', 'API keys'];
const EVERYONE = ['Dashboard', 'Orders', 'Products & stock', 'Flyers', 'Messages'];

// The layout's live alerts (issue 14) count the waiting orders and open the store's event stream.
beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  mockApi({
    [`GET ${managePaths.orders(STORE)}`]: () => ({
      body: {
        status: 1,
        results: [],
        result: {
          nextCursor: null,
          counts: { new: 0, in_progress: 0, ready: 0, done: 0, all: 0 },
        },
      },
    }),
    [`GET ${managePaths.business(STORE)}`]: () => ({
      body: {
        status: 1,
        result: storeDetail({ id: STORE, name: 'Snip Snip', status: 'published' }),
      },
    }),
    [`GET ${livePaths.storeEvents(STORE)}`]: () => ({
      status: 404,
      body: { status: 0, message: 'Not here.' },
    }),
  });
});

function me(stores: ManagedStore[], isAdmin = false): ManageMe {
  return {
    user: { id: '44444444-4444-4444-8444-444444444444', name: 'Sam', email: 'sam@example.com' },
    isAdmin,
    stores,
  };
}

function member(role: ManagedStore['role'], status: ManagedStore['status'] = 'published') {
  const timeZone = 'America/Toronto';
  return {
    id: STORE,
    name: 'Queen Street Market',
    kind: 'retail',
    status,
    role,
    timeZone,
  } as const;
}

/** A page under the layout that shows what the store context tells it. */
function ContextProbe() {
  const store = useCurrentStore();
  return <p>{`page of ${store.name} as ${store.access}, owns: ${String(store.canOwn)}`}</p>;
}

function renderLayout(who: ManageMe, businessId = STORE, page = '') {
  return renderWithProviders(
    <Routes>
      <Route path="/manage/stores/:businessId" element={<StoreLayout me={who} />}>
        <Route index element={<ContextProbe />} />
        <Route path="api-keys" element={<p>Create a key</p>} />
      </Route>
    </Routes>,
    { path: `/manage/stores/${businessId}${page}` },
  );
}

function menuLinks(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Store' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('store layout', { timeout: 20_000 }, () => {
  it('hides the owner-only sections from staff', () => {
    renderLayout(me([member('staff')]));
    const links = menuLinks();
    for (const label of EVERYONE) expect(links).toContain(label);
    for (const label of OWNER_ONLY) expect(links).not.toContain(label);
    expect(screen.getByText('page of Queen Street Market as staff, owns: false')).toBeVisible();
  });

  it('tells staff who open an owner page by its address why, instead of its form', () => {
    renderLayout(me([member('staff')]), STORE, '/api-keys');
    expect(
      screen.getByText("Only the store's owners and managers can open API keys."),
    ).toBeVisible();
    expect(screen.queryByText('Create a key')).not.toBeInTheDocument();
  });

  it('shows the owner every section, linked to its page', () => {
    renderLayout(me([member('owner')]));
    const links = menuLinks();
    for (const label of [...EVERYONE, ...OWNER_ONLY]) expect(links).toContain(label);
    expect(screen.getByRole('link', { name: 'Members' })).toHaveAttribute(
      'href',
      `/manage/stores/${STORE}/members`,
    );
    expect(screen.getByText('page of Queen Street Market as owner, owns: true')).toBeVisible();
  });

  it('lets an admin into any store with the owner sections, under the store’s own name', async () => {
    renderLayout(me([], true));
    const links = menuLinks();
    for (const label of OWNER_ONLY) expect(links).toContain(label);
    expect(await screen.findByText('page of Snip Snip as admin, owns: true')).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Store' });
    expect(within(nav).getByText('Snip Snip')).toBeVisible();
  });

  it('tells a non-admin that an unknown store is not theirs, and shows none of its pages', () => {
    renderLayout(me([member('owner')]), OTHER);
    expect(screen.getByText('You do not manage this store.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See your stores' })).toHaveAttribute(
      'href',
      '/manage',
    );
    expect(screen.queryByRole('navigation', { name: 'Store' })).toBeNull();
    expect(screen.queryByText(/page of/)).toBeNull();
  });

  it("says when the store is still waiting for an admin's approval", () => {
    renderLayout(me([member('owner', 'pending')]));
    expect(screen.getByText('Waiting for approval')).toBeVisible();
  });
});
