import type { ReactNode } from 'react';
import { type CurrentStore, StoreProvider } from '../lib/store-context.tsx';
import { renderWithProviders } from '../../test/render.tsx';

/** Fixtures shared by the store pages' tests: one store, its owner's view, CAD money. */
export const businessId = '0b000000-0000-4000-8000-000000000001';

export const cad = (amount: number) => ({ amount, currency: 'CAD' });

export const store: CurrentStore = {
  businessId,
  name: 'Queen Street Market',
  kind: 'retail',
  status: 'published',
  access: 'owner',
  canOwn: true,
  timeZone: 'America/Toronto',
};

/** What a staff member (not an owner) is allowed: owner-only controls stay hidden. */
export const staffAccess = { access: 'staff', canOwn: false } as const;

/**
 * Render a store page with the store context the layout gives: the owner's view of `store`, or that
 * store changed by `options.store` (another id or kind, `staffAccess`); at `path` matched by
 * `pattern` when the page reads route parameters.
 */
export function renderInStore(
  ui: ReactNode,
  options: { store?: Partial<CurrentStore>; path?: string; pattern?: string } = {},
) {
  const { store: changes, ...route } = options;
  return renderWithProviders(
    <StoreProvider value={{ ...store, ...changes }}>{ui}</StoreProvider>,
    route,
  );
}

/** Render a store page at `path` (matched by `pattern`) with the store context the layout gives. */
export function renderStorePage(ui: ReactNode, path: string, pattern: string) {
  return renderInStore(ui, { path, pattern });
}
