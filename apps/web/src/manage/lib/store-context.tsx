import type { ManagedStore, StoreAccess } from '@localmart/contract';
import { createContext, useCallback, useContext } from 'react';
import { formatDateTime } from './format-date.ts';

/** The store the page belongs to, and the caller's access to it (member role or admin). */
export interface CurrentStore {
  businessId: string;
  name: string;
  kind: ManagedStore['kind'] | null;
  status: ManagedStore['status'] | null;
  access: StoreAccess;
  /** True for the owner and admins: settings, members, API keys. */
  canOwn: boolean;
  /** The store's IANA time zone; null for an admin who is not a member (the browser's is used). */
  timeZone: string | null;
}

const StoreContext = createContext<CurrentStore | null>(null);
export const StoreProvider = StoreContext.Provider;

/** The current store; only valid under /manage/stores/:businessId (the store layout provides it). */
export function useCurrentStore(): CurrentStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useCurrentStore outside a store page');
  return store;
}

/**
 * Formats instants on the store's clock ("Mar 6, 2026, 4:05 p.m."): an order placed at 11:00 in
 * Toronto reads 11:00 to its owner, wherever the owner's browser is.
 */
export function useStoreDateTime(): (iso: string) => string {
  const { timeZone } = useCurrentStore();
  return useCallback((iso: string) => formatDateTime(iso, timeZone), [timeZone]);
}
