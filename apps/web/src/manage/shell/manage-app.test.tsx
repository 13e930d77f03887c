import { managePaths } from '@localmart/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock.ts';
import { ManageApp } from './manage-app.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const STORE = '0b000000-0000-4000-8000-000000000001';

const signedIn = {
  body: {
    status: 1,
    result: {
      user: { id: '44444444-4444-4444-8444-444444444444', name: 'Sam', email: 'sam@example.com' },
      isAdmin: false,
      stores: [
        {
          id: STORE,
          name: 'Queen Street Market',
          kind: 'retail',
          status: 'published',
          role: 'owner',
          timeZone: 'America/Toronto',
        },
      ],
    },
  },
};

/** ManageApp has its own BrowserRouter: the test sets the address bar before mounting it. */
function openAt(url: string) {
  window.history.pushState({}, '', url);
  return render(<ManageApp />);
}

afterEach(() => {
  window.history.pushState({}, '', '/');
});

describe('ManageApp', { timeout: 20_000 }, () => {
  it('shows the sign-in gate when GET me answers 401, coming back to the asked page', async () => {
    const api = mockApi({
      [`GET ${managePaths.me}`]: () => ({
        status: 401,
        body: { status: 0, message: 'Sign in to continue.' },
      }),
    });
    openAt(`/manage/stores/${STORE}/orders?tab=new`);

    const signIn = await screen.findByText('Sign in');
    const href = signIn.closest('[href]')?.getAttribute('href') ?? '';
    const returnUrl = new URL(href, 'http://localhost').searchParams.get('return_url');
    expect(new URL(href, 'http://localhost').pathname).toBe('/login');
    expect(returnUrl).toBe(
      `manage?next=${encodeURIComponent(`/manage/stores/${STORE}/orders?tab=new`)}`,
    );
    expect(screen.getByRole('heading', { name: 'Manage Your Store' })).toBeVisible();
    // A 401 is an answer, not a failure: no retry storm.
    expect(api.callsTo('GET', managePaths.me)).toHaveLength(1);
  });

  it('shows a failure with Try again when GET me breaks for another reason', async () => {
    mockApi({
      [`GET ${managePaths.me}`]: () => ({ status: 500, body: { status: 0, message: 'Boom.' } }),
    });
    openAt('/manage');
    // useManageMe retries a failure once (not a 401) before showing it.
    expect(await screen.findByText('Boom.', {}, { timeout: 5_000 })).toBeVisible();
    expect(screen.getByText('Try again')).toBeVisible();
    expect(screen.queryByText('Sign in')).toBeNull();
  });

  it('after sign-in, follows ?next= to a page of the manage site', async () => {
    mockApi({ [`GET ${managePaths.me}`]: () => signedIn });
    openAt(`/manage?next=${encodeURIComponent(`/manage/stores/${STORE}/members`)}`);
    expect(await screen.findByRole('navigation', { name: 'Store' })).toBeVisible();
    expect(window.location.pathname).toBe(`/manage/stores/${STORE}/members`);
  });

  it('ignores a ?next= that leads off the manage site', async () => {
    mockApi({ [`GET ${managePaths.me}`]: () => signedIn });
    openAt(`/manage?next=${encodeURIComponent('//evil.example/manage')}`);
    expect(await screen.findByText('Queen Street Market')).toBeVisible();
    expect(window.location.pathname).toBe('/manage');
  });
});
