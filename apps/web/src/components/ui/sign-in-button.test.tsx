import { STORAGE_KEYS } from '@localmart/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authModals } from '../../lib/auth-modals.ts';
import { ALL_STORAGE_KEYS, storage } from '../../lib/storage.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { CartButton } from './cart-button.tsx';
import { HEADER_SIGN_IN_LABEL, SignInButton } from './sign-in-button.tsx';

afterEach(async () => {
  authModals.close();
  await storage.remove(...ALL_STORAGE_KEYS);
});

function header() {
  return renderWithProviders(
    <>
      <CartButton />
      <SignInButton />
    </>,
    { path: '/details?id=42' },
  );
}

describe('SignInButton', () => {
  it('a visitor gets Sign in, which opens the login dialog on this page, and no cart', () => {
    header();
    expect(screen.queryByRole('link', { name: /Cart/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: HEADER_SIGN_IN_LABEL }));
    // No return_url: after signing in the dialogs re-open the page the visitor is on (spec §2).
    expect(authModals.getSnapshot()).toMatchObject({ view: { kind: 'login' }, returnUrl: null });
  });

  it('a signed-in shopper keeps the cart and sees no Sign in; it comes back on logout', async () => {
    await storage.set(STORAGE_KEYS.token, 'tok');
    await storage.set(STORAGE_KEYS.username, 'Ada Lovelace');
    header();
    expect(screen.getByRole('link', { name: /Cart/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: HEADER_SIGN_IN_LABEL })).not.toBeInTheDocument();
    await act(async () => {
      await storage.remove(STORAGE_KEYS.token, STORAGE_KEYS.username);
    });
    expect(screen.getByRole('button', { name: HEADER_SIGN_IN_LABEL })).toBeInTheDocument();
  });
});
