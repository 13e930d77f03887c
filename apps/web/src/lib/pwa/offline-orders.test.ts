import { describe, expect, it, vi } from 'vitest';
import { clearOfflineOrders } from './offline-orders.ts';
import { OFFLINE_ORDERS_CACHE } from './offline-routes.ts';

describe('clearOfflineOrders', () => {
  it("deletes the worker's cache of orders", async () => {
    const storage = { delete: vi.fn(async () => true) };
    await clearOfflineOrders(storage);
    expect(storage.delete).toHaveBeenCalledWith(OFFLINE_ORDERS_CACHE);
  });

  it('does nothing where there is no Cache Storage, and never throws', async () => {
    await expect(clearOfflineOrders(undefined)).resolves.toBeUndefined();
    const refusing = { delete: vi.fn(async () => Promise.reject(new Error('SecurityError'))) };
    await expect(clearOfflineOrders(refusing)).resolves.toBeUndefined();
  });
});
