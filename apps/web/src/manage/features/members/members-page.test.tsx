import { managePaths, storeMessages } from '@localmart/contract';
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

function renderPage() {
  const api = mockApi({
    [`GET ${managePaths.members(STORE)}`]: () => ({ body: { status: 1, results: members } }),
    [`POST ${managePaths.members(STORE)}`]: (call) => ({
      body: {
        status: 1,
        message: storeMessages.invitationSent((call.body as { email: string }).email),
      },
    }),
    [`DELETE ${managePaths.member(STORE, STAFF)}`]: () => ({
      body: { status: 1, message: storeMessages.memberRemoved },
    }),
    [`DELETE ${managePaths.member(STORE, OWNER)}`]: () => ({
      status: 409,
      body: { status: 0, message: storeMessages.lastOwner },
    }),
    [`GET ${managePaths.me}`]: () => ({ status: 500, body: { status: 0, message: 'x' } }),
  });
  renderWithProviders(
    <StoreProvider
      value={{
        businessId: STORE,
        name: 'Snip',
        kind: 'service',
        status: 'published',
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
  it('adds a member by email and role, showing the same invitation message', async () => {
    const api = renderPage();
    expect(await screen.findByText('stan@example.com')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add member' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'New@Example.com');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'owner');
    await userEvent.click(screen.getByRole('button', { name: 'Add member' }));
    expect(
      await screen.findByText(storeMessages.invitationSent('new@example.com')),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', managePaths.members(STORE))[0]?.body).toEqual({
      email: 'new@example.com',
      role: 'owner',
    });
  });

  it('removes a member only after confirmation, and shows the last-owner refusal', async () => {
    const api = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Stan Staff' }));
    expect(api.callsTo('DELETE', managePaths.member(STORE, STAFF))).toHaveLength(0);
    const confirm = screen.getByRole('group', { name: 'Remove Stan Staff?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText(storeMessages.memberRemoved)).toBeInTheDocument();
    expect(api.callsTo('DELETE', managePaths.member(STORE, STAFF))).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Olive Owner' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(storeMessages.lastOwner);
  });
});
