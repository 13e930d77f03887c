import type { ManagedStore, StoreAccess } from '@localmart/contract';
import { createContext, useContext } from 'react';

/** The store the page belongs to, and the caller's access to it (member role or admin). */
export interface CurrentStore {
  businessId: string;
  name: string;
  kind: ManagedStore['kind'] | null;
  status: ManagedStore['status'] | null;
  access: StoreAccess;
  /** True for the owner and admins: settings, members, API keys. */
  canOwn: boolean;
}

const StoreContext = createContext<CurrentStore | null>(null);
export const StoreProvider = StoreContext.Provider;

/** The current store; only valid under /manage/stores/:businessId (the store layout provides it). */
export function useCurrentStore(): CurrentStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useCurrentStore outside a store page');
  return store;
}
