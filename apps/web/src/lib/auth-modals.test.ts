import { describe, expect, it, vi } from 'vitest';
import { createAuthModals } from './auth-modals.ts';

describe('auth modals controller', () => {
  it('starts closed and opens one dialog at a time', () => {
    const modals = createAuthModals();
    expect(modals.getSnapshot().view).toBeNull();
    modals.openLogin();
    expect(modals.getSnapshot().view).toEqual({ kind: 'login' });
    modals.openForgotPassword();
    expect(modals.getSnapshot().view).toEqual({ kind: 'forgot-password' });
    modals.openRegistration();
    expect(modals.getSnapshot().view).toEqual({ kind: 'registration', step: 1, activation: false });
  });

  it('opens registration directly at step 2 in activation mode (spec §2)', () => {
    const modals = createAuthModals();
    modals.openRegistration({ activation: true });
    expect(modals.getSnapshot().view).toEqual({ kind: 'registration', step: 2, activation: true });
    modals.openRegistration({ step: 2 });
    expect(modals.getSnapshot().view).toEqual({ kind: 'registration', step: 2, activation: false });
  });

  it('keeps the return_url across views until closed', () => {
    const modals = createAuthModals();
    modals.openLogin({ returnUrl: 'profile' });
    modals.openForgotPassword();
    modals.openLogin();
    expect(modals.getSnapshot().returnUrl).toBe('profile');
    modals.close();
    expect(modals.getSnapshot().returnUrl).toBeNull();
    modals.openLogin();
    expect(modals.getSnapshot().returnUrl).toBeNull();
  });

  it('a given return_url replaces the held one; an empty one clears it', () => {
    const modals = createAuthModals();
    modals.openLogin({ returnUrl: 'profile' });
    modals.openLogin({ returnUrl: 'cart' });
    expect(modals.getSnapshot().returnUrl).toBe('cart');
    modals.openLogin({ returnUrl: null });
    expect(modals.getSnapshot().returnUrl).toBeNull();
  });

  it('the terms return to the registration step they were opened from', () => {
    const modals = createAuthModals();
    modals.openRegistration();
    modals.openTerms();
    expect(modals.getSnapshot().view).toEqual({
      kind: 'terms',
      back: { kind: 'registration', step: 1, activation: false },
    });
    modals.closeTerms();
    expect(modals.getSnapshot().view).toEqual({ kind: 'registration', step: 1, activation: false });
  });

  it('terms opened on their own close everything', () => {
    const modals = createAuthModals();
    const onClose = vi.fn();
    modals.onClose(onClose);
    modals.openTerms();
    modals.closeTerms();
    expect(modals.getSnapshot().view).toBeNull();
    expect(onClose).toHaveBeenCalledWith('dismissed');
  });

  it('tells close listeners why, once, and not when already closed', () => {
    const modals = createAuthModals();
    const onClose = vi.fn();
    const unsubscribe = modals.onClose(onClose);
    modals.close('completed');
    expect(onClose).not.toHaveBeenCalled();
    modals.openLogin();
    modals.close('completed');
    modals.close('dismissed');
    expect(onClose.mock.calls).toEqual([['completed']]);
    unsubscribe();
    modals.openLogin();
    modals.close();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('counts fresh openings (not switches) so screens can start clean', () => {
    const modals = createAuthModals();
    modals.openLogin();
    const first = modals.getSnapshot().session;
    modals.openRegistration();
    expect(modals.getSnapshot().session).toBe(first);
    modals.close();
    modals.openRegistration();
    expect(modals.getSnapshot().session).toBe(first + 1);
  });

  it('notifies subscribers on every change', () => {
    const modals = createAuthModals();
    const listener = vi.fn();
    modals.subscribe(listener);
    modals.openLogin();
    modals.openForgotPassword();
    modals.close();
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
