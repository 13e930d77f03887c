import { adminMessages, type AdminMailJob, managePaths } from '@localmart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sitePaths } from '../../lib/site-paths.ts';
import { AdminMailPage } from './admin-mail-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const opts = { timeout: 5000 };

const givenUp: AdminMailJob = {
  id: '0e000000-0000-4000-8000-0000000000e1',
  to: 'shopper@example.com',
  subject: 'Your order is ready',
  status: 'failed',
  attempts: 11,
  lastError: 'connect ECONNREFUSED 10.0.0.5:587',
  nextAttemptAt: null,
  createdAt: '2026-11-20T15:00:00.000Z',
};

describe('admin mail in trouble', { timeout: 20_000 }, () => {
  it('lists the email with its status and error, and sends it again on request', async () => {
    let retried = false;
    mockApi({
      [`GET ${managePaths.adminMailJobs}`]: () => ({
        body: { status: 1, results: retried ? [] : [givenUp] },
      }),
      [`POST ${managePaths.adminMailJobRetry(givenUp.id)}`]: () => {
        retried = true;
        return { body: { status: 1, message: adminMessages.mailJobQueued } };
      },
    });
    renderWithProviders(<AdminMailPage />, { path: sitePaths.adminMail });

    expect(await screen.findByRole('heading', { name: 'Mail' }, opts)).toBeVisible();
    const cell = await screen.findByText('Your order is ready', {}, opts);
    const row = cell.closest('tr')!;
    expect(within(row).getByText('shopper@example.com')).toBeVisible();
    expect(within(row).getByText('Given up')).toBeVisible();
    expect(within(row).getByText('connect ECONNREFUSED 10.0.0.5:587')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Mail' })).toHaveAttribute('href', sitePaths.adminMail);

    await userEvent.click(
      within(row).getByRole('button', {
        name: 'Send again now: Your order is ready to shopper@example.com',
      }),
    );
    expect(await screen.findByText('No emails need attention.', {}, opts)).toBeVisible();
  });
});
