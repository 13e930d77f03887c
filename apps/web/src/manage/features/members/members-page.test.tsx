import {
  invitationMessages,
  invitationPaths,
  managePaths,
  storeMessages,
} from '@localmart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { StoreProvider } from '../../lib/store-context.tsx';
import { MembersPage } from './members-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const STORE = '11111111-1111-4111-8111-111111111111';
const STAFF = '22222222-2222-4222-8222-222222222222';
const OWNER = '33333333-3333-4333-8333-333333333333';
const INVITATION = '44444444-4444-4444-8444-444444444444';

const members = [
  {
    userId: OWNER,
    name: 'Olive Owner',
    email: 'olive@example.com',
    role: 'owner',
    since: '2026-11-01T12:00:00.000Z',
  },
  {
    userId: STAFF,
    name: 'Stan Staff',
    email: 'stan@example.com',
    role: 'staff',
    since: '2026-11-02T12:00:00.000Z',
  },
];

const pending = [
  {
    id: INVITATION,
    email: 'new@example.com',
    role: 'staff',
    invitedAt: '2026-11-10T12:00:00.000Z',
    lastSentAt: '2026-11-10T12:00:00.000Z',
    expiresAt: '2026-11-17T12:00:00.000Z',
    expired: true,
    invitedBy: 'Olive Owner',
  },
];

function renderPage(status: 'published' | 'pending' = 'published') {
  const api = mockApi({
    [`GET ${managePaths.members(STORE)}`]: () => ({ body: { status: 1, results: members } }),
    [`GET ${invitationPaths.invitations(STORE)}`]: () => ({
      body: { status: 1, results: pending },
    }),
    [`POST ${invitationPaths.invitations(STORE)}`]: (call) => ({
      body: {
        status: 1,
        message: invitationMessages.sent((call.body as { email: string }).email),
      },
    }),
    [`POST ${invitationPaths.invitationResend(STORE, INVITATION)}`]: () => ({
      status: 429,
      body: { status: 0, message: invitationMessages.tooManyForInviter(1800) },
    }),
    [`DELETE ${invitationPaths.invitation(STORE, INVITATION)}`]: () => ({
      body: { status: 1, message: invitationMessages.revoked },
    }),
    [`PATCH ${managePaths.member(STORE, STAFF)}`]: () => ({
      body: { status: 1, message: invitationMessages.roleChanged },
    }),
    [`PATCH ${managePaths.member(STORE, OWNER)}`]: () => ({
      status: 409,
      body: { status: 0, message: storeMessages.lastOwner },
    }),
    [`DELETE ${managePaths.member(STORE, STAFF)}`]: () => ({
      body: { status: 1, message: storeMessages.memberRemoved },
    }),
    [`GET ${managePaths.me}`]: () => ({ status: 500, body: { status: 0, message: 'x' } }),
  });
  renderWithProviders(
    <StoreProvider
      value={{
        businessId: STORE,
        name: 'Snip',
        kind: 'service',
        status,
        access: 'owner',
        canOwn: true,
        timeZone: 'America/Toronto',
      }}
    >
      <MembersPage />
    </StoreProvider>,
  );
  return api;
}

describe('members page', { timeout: 20_000 }, () => {
  it('invites by email and role and says they join once they accept', async () => {
    const api = renderPage();
    expect(await screen.findByText('stan@example.com')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(screen.getByText(/^Email is required/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'New@Example.com');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'owner');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(invitationMessages.sent('new@example.com'))).toBeInTheDocument();
    expect(api.callsTo('POST', invitationPaths.invitations(STORE))[0]?.body).toEqual({
      email: 'new@example.com',
      role: 'owner',
    });
  });

  it('lists pending invitations by address with resend (its refusal shown) and revoke after confirmation', async () => {
    const api = renderPage();
    const list = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(within(list).getByText('new@example.com')).toBeInTheDocument();
    expect(within(list).getByText(/Staff · sent/)).toHaveTextContent('by Olive Owner');
    expect(within(list).getByText(/^Expired /)).toBeInTheDocument();

    await userEvent.click(
      screen.getByRole('button', { name: 'Resend the invitation to new@example.com' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      invitationMessages.tooManyForInviter(1800),
    );

    await userEvent.click(
      screen.getByRole('button', { name: 'Revoke the invitation to new@example.com' }),
    );
    expect(api.callsTo('DELETE', invitationPaths.invitation(STORE, INVITATION))).toHaveLength(0);
    const confirm = screen.getByRole('group', {
      name: 'Revoke the invitation to new@example.com?',
    });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, revoke' }));
    expect(await screen.findByText(invitationMessages.revoked)).toBeInTheDocument();
    expect(api.callsTo('DELETE', invitationPaths.invitation(STORE, INVITATION))).toHaveLength(1);
  });

  it('changes a role at once, and shows the last-owner refusal', async () => {
    const api = renderPage();
    await userEvent.selectOptions(await screen.findByLabelText('Role of Stan Staff'), 'owner');
    expect(await screen.findByText(invitationMessages.roleChanged)).toBeInTheDocument();
    expect(api.callsTo('PATCH', managePaths.member(STORE, STAFF))[0]?.body).toEqual({
      role: 'owner',
    });

    await userEvent.selectOptions(screen.getByLabelText('Role of Olive Owner'), 'staff');
    expect(await screen.findByRole('alert')).toHaveTextContent(storeMessages.lastOwner);
  });

  it('removes a member only after confirmation', async () => {
    const api = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Stan Staff' }));
    expect(api.callsTo('DELETE', managePaths.member(STORE, STAFF))).toHaveLength(0);
    const confirm = screen.getByRole('group', { name: 'Remove Stan Staff?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText(storeMessages.memberRemoved)).toBeInTheDocument();
    expect(api.callsTo('DELETE', managePaths.member(STORE, STAFF))).toHaveLength(1);
  });

  it('a store waiting for approval gets no invite form', async () => {
    renderPage('pending');
    expect(await screen.findByText(invitationMessages.storeNotApproved)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Resend/ })).not.toBeInTheDocument();
  });
});
