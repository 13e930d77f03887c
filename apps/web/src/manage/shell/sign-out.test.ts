import { apiPaths } from '@localmart/contract';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../lib/http.ts';
import { ALL_STORAGE_KEYS, type AppStorage } from '../../lib/storage.ts';
import { signOut } from './sign-out.ts';

function deps(post: HttpClient['postJson']) {
  const remove = vi.fn(async () => undefined);
  const clearOfflineData = vi.fn(async () => undefined);
  const leave = vi.fn();
  return {
    deps: {
      client: { postJson: post } as unknown as HttpClient,
      store: { remove } as unknown as AppStorage,
      clearOfflineData,
      leave,
    },
    remove,
    clearOfflineData,
    leave,
  };
}

describe('sign out of the manage site', () => {
  it('revokes the session on the server, ends it on this device and leaves for sign-in', async () => {
    const post = vi.fn(async () => ({ status: 1 as const, message: 'Logout successfully' }));
    const run = deps(post as unknown as HttpClient['postJson']);
    await signOut(run.deps);
    expect(post).toHaveBeenCalledWith(apiPaths.logout, {}, expect.anything());
    expect(run.remove).toHaveBeenCalledWith(...ALL_STORAGE_KEYS);
    expect(run.clearOfflineData).toHaveBeenCalled();
    expect(run.leave).toHaveBeenCalled();
  });

  it('still ends the session here when the network fails', async () => {
    const run = deps((async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as HttpClient['postJson']);
    await signOut(run.deps);
    expect(run.remove).toHaveBeenCalledWith(...ALL_STORAGE_KEYS);
    expect(run.leave).toHaveBeenCalled();
  });
});
