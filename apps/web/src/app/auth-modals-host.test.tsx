import { labels } from '@localmart/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authModals } from '../lib/auth-modals.ts';
import { mockApi } from '../test/api-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { AuthModalsHost } from './auth-modals-host.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});
vi.mock('../components/ui/app-modal.tsx', () => import('../test/app-modal-mock.tsx'));

afterEach(() => {
  act(() => authModals.close());
});

describe('AuthModalsHost', () => {
  it('renders nothing until a dialog is asked for, then the dialog', async () => {
    mockApi({});
    renderWithProviders(<AuthModalsHost />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => authModals.openLogin());
    // The dialog is a lazy chunk: its first import is transformed on demand, seconds on a cold run.
    expect(
      await screen.findByRole('dialog', { name: labels.signIn }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    act(() => authModals.openRegistration());
    expect(screen.getByRole('dialog', { name: labels.createYourAccount })).toBeInTheDocument();
    act(() => authModals.close());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
