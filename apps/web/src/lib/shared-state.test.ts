import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BLANK_PROFILE, sharedState, useCartRecords, useProfileData } from './shared-state.ts';

describe('shared state (spec §3 profile data and cart records)', () => {
  it('renders live from profile and cart updates, as logout uses them', () => {
    const { result } = renderHook(() => ({ profile: useProfileData(), records: useCartRecords() }));
    act(() => {
      sharedState.setProfile({ name: 'Ada Lovelace', id: 'u1' });
      sharedState.setCartRecords(3);
    });
    expect(result.current).toEqual({ profile: { name: 'Ada Lovelace', id: 'u1' }, records: 3 });
    act(() => {
      sharedState.setProfile(BLANK_PROFILE);
      sharedState.setCartRecords(0);
    });
    expect(result.current).toEqual({ profile: { name: '', id: '' }, records: 0 });
  });
});
