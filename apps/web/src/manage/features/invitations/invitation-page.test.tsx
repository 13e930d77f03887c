import { invitationMessages, invitationPaths, managePaths } from '@localmart/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { LocationProbe, renderWithProviders } from '../../../test/render.tsx';
import { InvitationPage } from './invitation-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const TOKEN = 'a'.repeat(43);
const STORE = '11111111-1111-4111-8111-111111111111';
const PATH = `/manage/invitations/${TOKEN}`;

function detail(forYou: boolean) {
  return {
    status: 1,
    result: {
      storeName: 'Maple Corner',
      role: 'staff',
      email: 'ivy@example.com',
      expiresAt: '2026-11-26T12:00:00.000Z',
      forYou,
    },
  };
}

function renderPage(lookup: () => { status?: number; body: unknown }) {
  const api = mockApi({
    [`POST ${invitationPaths.lookup}`]: lookup,
    [`POST ${invitationPaths.accept}`]: () => ({
      body: {
        status: 1,
        message: invitationMessages.accepted('Maple Corner'),
        result: { businessId: STORE, storeName: 'Maple Corner' },
      },
    }),
    [`POST ${invitationPaths.decline}`]: () => ({
      body: { status: 1, message: invitationMessages.declined },
    }),
    [`GET ${managePaths.me}`]: () => ({
      body: {
        status: 1,
        result: {
          user: { id: STORE, name: 'Ivy', email: 'other@example.com' },
          isAdmin: false,
          stores: [],
        },
      },
    }),
  });
  renderWithProviders(
    <>
      <InvitationPage />
      <LocationProbe />
    </>,
    { path: PATH, pattern: '/manage/invitations/:token' },
  );
  return api;
}

describe('invitation page', { timeout: 20_000 }, () => {
  it('shows the store and role, and accepting opens the store', async () => {
    const api = renderPage(() => ({ body: detail(true) }));
    expect(await screen.findByText('“Maple Corner”')).toBeInTheDocument();
    expect(screen.getByText(/You would join as staff/)).toBeInTheDocument();
    expect(api.callsTo('POST', invitationPaths.accept)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(api.callsTo('POST', invitationPaths.accept)[0]?.body).toEqual({ token: TOKEN });
    expect(await screen.findByTestId('location')).toHaveTextContent(`/manage/stores/${STORE}`);
  });

  it('declines', async () => {
    renderPage(() => ({ body: detail(true) }));
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByText(invitationMessages.declined)).toBeInTheDocument();
  });

  it('tells another account which address to use, with no buttons', async () => {
    renderPage(() => ({ body: detail(false) }));
    expect(
      await screen.findByText('This invitation was sent to ivy@example.com.'),
    ).toBeInTheDocument();
    expect(await screen.findByText(/You are signed in as other@example.com/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
  });

  it("shows a spent link's message", async () => {
    renderPage(() => ({
      status: 404,
      body: { status: 0, message: invitationMessages.linkInvalid },
    }));
    expect(await screen.findByRole('alert')).toHaveTextContent(invitationMessages.linkInvalid);
  });
});
