import type { ManageMe } from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import { PENDING_POLL_MS, pollWhilePending } from './use-manage-me.ts';

const me = (...statuses: ManageMe['stores'][number]['status'][]): ManageMe => ({
  user: { id: '0b000000-0000-4000-8000-00000000000a', name: 'Olive', email: 'olive@example.com' },
  isAdmin: false,
  stores: statuses.map((status, index) => ({
    id: `0b000000-0000-4000-8000-00000000000${index}`,
    name: `Store ${index}`,
    kind: 'retail',
    status,
    role: 'owner',
    timeZone: 'America/Toronto',
  })),
});

describe('who am I on the manage site', () => {
  it('asks again every minute while a store waits for approval, and not otherwise', () => {
    expect(pollWhilePending(me('published', 'pending'))).toBe(PENDING_POLL_MS);
    expect(pollWhilePending(me('published', 'rejected'))).toBe(false);
    expect(pollWhilePending(me())).toBe(false);
    expect(pollWhilePending(undefined)).toBe(false);
  });
});
