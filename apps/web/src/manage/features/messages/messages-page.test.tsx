import { managePaths } from '@localmart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { StoreProvider } from '../../lib/store-context.tsx';
import { MessagesPage } from './messages-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const businessId = '11111111-1111-4111-8111-111111111111';
const message = (n: number, phone: string | null = null) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Sender ${n}`,
  email: `sender${n}@example.com`,
  phone,
  message: `Do you have item ${n}?`,
  createdAt: '2026-11-19T19:30:00.000Z',
});

function renderPage() {
  renderWithProviders(
    <StoreProvider
      value={{
        businessId,
        name: 'Cafe Uno',
        kind: 'restaurant',
        status: 'published',
        access: 'staff',
        canOwn: false,
        timeZone: 'America/Toronto',
      }}
    >
      <MessagesPage />
    </StoreProvider>,
  );
  return userEvent.setup();
}

describe('messages page', { timeout: 20_000 }, () => {
  it('lists messages with mailto and phone links, and loads older ones by cursor', async () => {
    const api = mockApi({
      [`GET ${managePaths.contactMessages(businessId)}`]: (call) =>
        new URL(call.url, 'http://x').searchParams.get('cursor') === 'page-2'
          ? { body: { status: 1, results: [message(1)], nextCursor: null } }
          : { body: { status: 1, results: [message(2, '+1 416 555 0100')], nextCursor: 'page-2' } },
    });
    const user = renderPage();
    const newest = await screen.findByRole(
      'article',
      { name: 'Message from Sender 2' },
      { timeout: 5000 },
    );
    expect(within(newest).getByRole('link', { name: 'sender2@example.com' })).toHaveAttribute(
      'href',
      'mailto:sender2@example.com',
    );
    expect(within(newest).getByRole('link', { name: '+1 416 555 0100' })).toHaveAttribute(
      'href',
      'tel:+1 416 555 0100',
    );
    expect(within(newest).getByText('Do you have item 2?')).toBeInTheDocument();
    // On the store's clock (Toronto), in the browser's language.
    expect(within(newest).getByText(/Nov 19, 2026, 2:30/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show older messages' }));
    expect(
      await screen.findByRole('article', { name: 'Message from Sender 1' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older messages' })).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(2);
  });

  it('shows the empty state', async () => {
    mockApi({
      [`GET ${managePaths.contactMessages(businessId)}`]: () => ({
        body: { status: 1, results: [], nextCursor: null },
      }),
    });
    renderPage();
    expect(await screen.findByText('No messages yet', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
