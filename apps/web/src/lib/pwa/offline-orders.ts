import { OFFLINE_ORDERS_CACHE } from './offline-routes.ts';

/**
 * Empties the offline copy of the shopper's orders (sign-out): the next person on this device must
 * not read them. Cache Storage is reachable from the page, so this works with or without a service
 * worker, online or not; where there is none (native, old browsers) there is nothing to clear.
 */
export async function clearOfflineOrders(
  storage: Pick<CacheStorage, 'delete'> | undefined = globalThis.caches,
): Promise<void> {
  if (!storage) return;
  try {
    await storage.delete(OFFLINE_ORDERS_CACHE);
  } catch {
    // Cache Storage refused (private mode, storage disabled): nothing was kept to clear.
  }
}
