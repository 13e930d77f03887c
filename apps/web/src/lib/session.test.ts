import { STORAGE_KEYS } from '@localmart/contract';
import { describe, expect, it, vi } from 'vitest';
import { forgetSession, renameSession, startSession, usernameOf } from './session.ts';
import { createStorage, localStorageBackend } from './storage.ts';

function deps() {
  return {
    store: createStorage(localStorageBackend()),
    state: { setProfile: vi.fn() },
  };
}

const user = { _id: 'u1', first_name: 'Ada', last_name: 'Lovelace', display_name: 'Countess' };

describe('session (spec §3, §4)', () => {
  it('username is the first and last name joined, the display name when both are empty', () => {
    expect(usernameOf(user)).toBe('Ada Lovelace');
    expect(usernameOf({ first_name: ' Ada ', last_name: '' })).toBe('Ada');
    expect(usernameOf({ first_name: '', last_name: '', display_name: 'Countess' })).toBe(
      'Countess',
    );
  });

  it('stores token, userId, username and isLoggedIn, and the shared profile data', async () => {
    const d = deps();
    await startSession({ token: 'tok', user }, d);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(window.localStorage.getItem(STORAGE_KEYS.userId)).toBe('u1');
    expect(window.localStorage.getItem(STORAGE_KEYS.username)).toBe('Ada Lovelace');
    expect(window.localStorage.getItem(STORAGE_KEYS.isLoggedIn)).toBe('true');
    expect(d.state.setProfile).toHaveBeenCalledWith({ name: 'Ada Lovelace', id: 'u1' });
  });

  it('keeps the demo record and Google token when given, drops them when null, keeps them when omitted', async () => {
    const d = deps();
    await startSession({ token: 't', user, demoUser: { a: 1 }, authToken: 'g' }, d);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.userData) ?? 'null')).toEqual({
      a: 1,
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('g');
    await startSession({ token: 't2', user }, d);
    expect(window.localStorage.getItem(STORAGE_KEYS.userData)).not.toBeNull();
    await startSession({ token: 't3', user, demoUser: null, authToken: null }, d);
    expect(window.localStorage.getItem(STORAGE_KEYS.userData)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it('renames and forgets', async () => {
    const d = deps();
    await startSession({ token: 't', user }, d);
    await renameSession({ ...user, first_name: 'Augusta' }, d);
    expect(window.localStorage.getItem(STORAGE_KEYS.username)).toBe('Augusta Lovelace');
    await forgetSession(d);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.username)).toBeNull();
    expect(d.state.setProfile).toHaveBeenLastCalledWith({ name: '', id: '' });
  });
});
