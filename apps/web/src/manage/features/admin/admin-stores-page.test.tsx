import { type AdminBusinessRow, managePaths } from '@localmart/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sitePaths } from '../../lib/site-paths.ts';
import { AdminStoresPage } from './admin-stores-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const opts = { timeout: 5000 };

const row = (id: string, name: string, status: AdminBusinessRow['status']): AdminBusinessRow => ({
  id,
  name,
  kind: 'retail',
  type: 'grocery',
  addressLine: '12 Baldwin St, Toronto',
  owner: { id: '0a000000-0000-4000-8000-0000000000a1', name: 'Olive Owner', email: 'o@x.example' },
  submittedAt: '2026-11-20T15:00:00.000Z',
  status,
  documentsCount: 2,
});

describe('admin review queue', { timeout: 20_000 }, () => {
  it('lists pending stores first and switches to the rejected ones', async () => {
    const pending = row('0b000000-0000-4000-8000-0000000000b1', 'Corner Grocer', 'pending');
    const rejected = row('0b000000-0000-4000-8000-0000000000b2', 'Bad Bakery', 'rejected');
    const api = mockApi({
      [`GET ${managePaths.adminBusinesses}`]: (call) => {
        const status = new URL(call.url, 'http://x').searchParams.get('status');
        const items = status === 'rejected' ? [rejected] : status === 'pending' ? [pending] : [];
        return { body: { status: 1, result: { items, nextCursor: null } } };
      },
    });
    renderWithProviders(<AdminStoresPage />, { path: sitePaths.admin });

    const link = await screen.findByRole('link', { name: 'Corner Grocer' }, opts);
    expect(link).toHaveAttribute('href', sitePaths.adminStore(pending.id));
    expect(screen.getByRole('button', { name: 'Waiting for approval' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Changes requested' }));
    expect(await screen.findByRole('link', { name: 'Bad Bakery' }, opts)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Corner Grocer' })).toBeNull();
    expect(api.calls.map((c) => new URL(c.url, 'http://x').searchParams.get('status'))).toEqual([
      'pending',
      'rejected',
    ]);
  });
});
