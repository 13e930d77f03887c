import { STORAGE_KEYS } from '@localmart/contract';
import { useSyncExternalStore } from 'react';
import { storage } from './storage.ts';

/**
 * In-memory state shared across screens (spec §3): the profile data (name, id) and the cart's record
 * count behind the cart badge. Logout blanks the first and zeroes the second (spec §4).
 */
export interface ProfileData {
  name: string;
  id: string;
}

export interface SharedState {
  profile: ProfileData;
  cartRecords: number;
}

export const BLANK_PROFILE: ProfileData = { name: '', id: '' };

/** The profile as storage remembers it: a reload keeps showing who is signed in until whoami answers. */
export function profileFromStorage(): ProfileData {
  const snapshot = storage.getSnapshot();
  return { name: snapshot[STORAGE_KEYS.username] ?? '', id: snapshot[STORAGE_KEYS.userId] ?? '' };
}

let state: SharedState = { profile: profileFromStorage(), cartRecords: 0 };
const listeners = new Set<() => void>();

function setState(next: SharedState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const sharedState = {
  get: (): SharedState => state,
  subscribe,
  setProfile: (profile: ProfileData) => setState({ ...state, profile }),
  setCartRecords: (cartRecords: number) => setState({ ...state, cartRecords }),
};

export function useProfileData(): ProfileData {
  return useSyncExternalStore(subscribe, () => state.profile);
}

export function useCartRecords(): number {
  return useSyncExternalStore(subscribe, () => state.cartRecords);
}
