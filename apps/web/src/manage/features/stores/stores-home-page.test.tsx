import { managePaths } from '@localmart/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { storeDetail } from '../../test/store-fixtures.ts';
import { StoresHomePage } from './stores-home-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const REJECTED_ID = '11111111-1111-4111-8111-111111111111';
const PENDING_ID = '22222222-2222-4222-8222-222222222222';
const PUBLISHED_ID = '33333333-3333-4333-8333-333333333333';

function me(stores: unknown[]) {
  return {
    body: {
      status: 1,
      result: {
        user: { id: '44444444-4444-4444-8444-444444444444', name: 'Sam', email: 'sam@example.com' },
        isAdmin: false,
        stores,
      },
    },
  };
}

describe('stores home', { timeout: 20_000 }, () => {
  it('explains the site to a shopper with no store and offers to create one', async () => {
    mockApi({ [`GET ${managePaths.me}`]: () => me([]) });
    renderWithProviders(<StoresHomePage />, { path: '/manage' });
    expect(await screen.findByText('Sell to shoppers nearby on Localmart')).toBeInTheDocument();
    expect(screen.getByText(/put their stock online/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a store' })).toHaveAttribute(
      'href',
      '/manage/new',
    );
  });

  it("lists the user's stores with their status, and the review note of a rejected one", async () => {
    const api = mockApi({
      [`GET ${managePaths.me}`]: () =>
        me([
          {
            id: PENDING_ID,
            name: 'Maple Corner',
            kind: 'retail',
            status: 'pending',
            role: 'owner',
            timeZone: 'America/Toronto',
          },
          {
            id: PUBLISHED_ID,
            name: 'Bean There',
            kind: 'restaurant',
            status: 'published',
            role: 'staff',
            timeZone: 'America/Toronto',
          },
          {
            id: REJECTED_ID,
            name: 'Snip Snip',
            kind: 'service',
            status: 'rejected',
            role: 'owner',
            timeZone: 'America/Toronto',
          },
        ]),
      [`GET ${managePaths.business(REJECTED_ID)}`]: () => ({
        body: { status: 1, result: storeDetail({ id: REJECTED_ID }) },
      }),
    });
    renderWithProviders(<StoresHomePage />, { path: '/manage' });

    const pending = (await screen.findByRole('link', { name: 'Maple Corner' })).closest('li')!;
    expect(screen.getByRole('link', { name: 'Maple Corner' })).toHaveAttribute(
      'href',
      `/manage/stores/${PENDING_ID}`,
    );
    expect(within(pending).getByText('Waiting for approval')).toHaveClass('mys-badge-warning');
    const published = screen.getByRole('link', { name: 'Bean There' }).closest('li')!;
    expect(within(published).getByText('Published')).toBeInTheDocument();
    const rejected = screen.getByRole('link', { name: 'Snip Snip' }).closest('li')!;
    expect(within(rejected).getByText('Changes requested')).toHaveClass('mys-badge-danger');
    expect(
      await within(rejected).findByText('Note from Localmart: Add a photo of your storefront'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a store' })).toBeInTheDocument();
    // Only the rejected store's record is read, for its note.
    expect(
      api.calls.filter((call) => call.path.startsWith(`${managePaths.businesses}/`)),
    ).toHaveLength(1);
  });
});
