import { act, screen } from '@testing-library/react';
import { useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authModals } from '../../../lib/auth-modals.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { LoginPage } from './login-page.tsx';

function NavigateButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/products')}>
      Go
    </button>
  );
}

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

afterEach(() => {
  act(() => authModals.close());
});

describe('/login (spec §2)', () => {
  it('opens the sign-in dialog with the return_url of the query', () => {
    renderWithProviders(<LoginPage />, { path: '/login?return_url=profile', pattern: '/login' });
    expect(authModals.getSnapshot()).toMatchObject({
      view: { kind: 'login' },
      returnUrl: 'profile',
    });
  });

  it('closing the dialog without signing in leaves for /home', () => {
    renderWithProviders(<LoginPage />, { path: '/login', pattern: '/login' });
    act(() => authModals.close('dismissed'));
    expect(screen.getByTestId('location')).toHaveTextContent('/home');
  });

  it('opens sign-in once per entry, not again when the page is left', () => {
    renderWithProviders(
      <>
        <LoginPage />
        <NavigateButton />
      </>,
      { path: '/login' },
    );
    act(() => authModals.close('completed'));
    act(() => screen.getByRole('button', { name: 'Go' }).click());
    expect(screen.getByTestId('location')).toHaveTextContent('/products');
    expect(authModals.getSnapshot().view).toBeNull();
  });

  it('signing in does not send it home: the sign-in navigates on its own', () => {
    renderWithProviders(<LoginPage />, { path: '/login', pattern: '/login' });
    act(() => authModals.close('completed'));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });
});
