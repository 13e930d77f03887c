import {
  accountMessages,
  apiPaths,
  labels,
  resendCodeWait,
  STORAGE_KEYS,
  toastTitles,
  validationMessages as v,
} from '@localmart/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showError, showInfo, showSuccess } from '../../../components/ui/toasts/toasts.ts';
import { ALL_STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import { mockApi, type MockHandler } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clearResendCountdowns } from '../model/resend-countdown.ts';
import { RESET_PASSWORD_SUBMIT, ResetPasswordPage } from './reset-password-page.tsx';
import { VerifyEmailPage } from './verify-email-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});
vi.mock('../../../components/ui/toasts/toasts.ts', () => ({
  showError: vi.fn(),
  showSuccess: vi.fn(),
  showInfo: vi.fn(),
  toastId: vi.fn(),
}));

function location() {
  return screen.getByTestId('location').textContent;
}

function field(name: string) {
  return screen.getByLabelText(name, { selector: 'input' });
}

beforeEach(() => {
  vi.mocked(showError).mockClear();
  vi.mocked(showSuccess).mockClear();
  vi.mocked(showInfo).mockClear();
});

afterEach(async () => {
  await storage.remove(...ALL_STORAGE_KEYS);
  clearResendCountdowns();
  vi.useRealTimers();
});

describe('Verify your Email screen, /mobile-verify (spec §2)', () => {
  function setup(routes: Record<string, MockHandler> = {}) {
    const api = mockApi(routes);
    renderWithProviders(<VerifyEmailPage />, { path: '/mobile-verify', pattern: '/mobile-verify' });
    return { api, user: userEvent.setup() };
  }

  it('has the title, a 6-box code input, Verify Now and Resend OTP', async () => {
    await storage.set(STORAGE_KEYS.userEmail, 'ada@example.com');
    setup();
    expect(screen.getByRole('heading', { name: labels.verifyYourEmail })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Verification code' });
    expect(group.querySelectorAll('input')).toHaveLength(6);
    expect(screen.getByRole('button', { name: labels.verifyNow })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: labels.resendOtp })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  });

  it('asks for the code after Verify Now, then verifies and goes to /login', async () => {
    await storage.set(STORAGE_KEYS.userEmail, 'ada@example.com');
    const { api, user } = setup({
      [`POST ${apiPaths.otpVerification}`]: () => ({ body: { status: 1, message: 'Verified' } }),
    });
    expect(screen.queryByText(v.verification.codeRequired)).toBeNull();
    await user.click(screen.getByRole('button', { name: labels.verifyNow }));
    expect(screen.getByText(v.verification.codeRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard('654321{Enter}');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(api.callsTo('POST', apiPaths.otpVerification)[0]?.body).toEqual({
      email: 'ada@example.com',
      security_code: '654321',
    });
    expect(showSuccess).toHaveBeenCalledWith(toastTitles.success, 'Verified');
  });

  it('without a known email asks for it, worded as registration', async () => {
    const { user } = setup();
    expect(screen.getByText(/your registered email Id/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: labels.verifyNow }));
    expect(screen.getByText(v.registration.emailRequired)).toBeInTheDocument();
  });

  it('a refused code stays on the page with the message', async () => {
    await storage.set(STORAGE_KEYS.userEmail, 'ada@example.com');
    const { user } = setup({
      [`POST ${apiPaths.otpVerification}`]: () => ({
        status: 400,
        body: { status: 0, message: 'Invalid or expired code.' },
      }),
    });
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste('111111');
    await user.click(screen.getByRole('button', { name: labels.verifyNow }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(
        toastTitles.registrationError,
        'Invalid or expired code.',
      ),
    );
    expect(location()).toBe('/mobile-verify');
  });
});

describe('Resend OTP counts down instead of claiming a code was sent', () => {
  function setup(result: { message: string; retryAfterSeconds: number }) {
    // Date and the countdown's interval are driven by hand; everything else runs normally.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const api = mockApi({
      [`POST ${apiPaths.resendOtp}`]: () => ({
        body: {
          status: 1,
          message: result.message,
          result: { retryAfterSeconds: result.retryAfterSeconds },
        },
      }),
    });
    renderWithProviders(<VerifyEmailPage />, { path: '/mobile-verify', pattern: '/mobile-verify' });
    return { api, user: userEvent.setup() };
  }

  it('the server says the next code is possible in 42 s: the button counts down, then works again', async () => {
    await storage.set(STORAGE_KEYS.userEmail, 'ada@example.com');
    const { api, user } = setup({ message: resendCodeWait(42), retryAfterSeconds: 42 });

    await user.click(screen.getByRole('button', { name: labels.resendOtp }));
    const waiting = await screen.findByRole('button', { name: `${labels.resendOtp} (42 s)` });
    expect(waiting).toBeDisabled();
    expect(showInfo).toHaveBeenCalledWith(toastTitles.info, resendCodeWait(42));
    expect(showSuccess).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: `${labels.resendOtp} (41 s)` })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: `${labels.resendOtp} (41 s)` }));
    expect(api.callsTo('POST', apiPaths.resendOtp)).toHaveLength(1);

    act(() => vi.advanceTimersByTime(41_000));
    const again = screen.getByRole('button', { name: labels.resendOtp });
    expect(again).toBeEnabled();
    await user.click(again);
    await waitFor(() => expect(api.callsTo('POST', apiPaths.resendOtp)).toHaveLength(2));
  });

  it('a code sent (if the email needed one) counts down the full cooldown', async () => {
    await storage.set(STORAGE_KEYS.userEmail, 'ada@example.com');
    const { user } = setup({ message: accountMessages.codeSent, retryAfterSeconds: 60 });
    await user.click(screen.getByRole('button', { name: labels.resendOtp }));
    expect(
      await screen.findByRole('button', { name: `${labels.resendOtp} (60 s)` }),
    ).toBeDisabled();
    expect(showSuccess).toHaveBeenCalledWith(toastTitles.success, accountMessages.codeSent);
  });
});

describe('Reset password page, /reset-password/{id}', () => {
  function setup(routes: Record<string, MockHandler> = {}) {
    const api = mockApi(routes);
    renderWithProviders(<ResetPasswordPage />, {
      path: '/reset-password/tok-123',
      pattern: '/reset-password/:id',
    });
    return { api, user: userEvent.setup() };
  }

  it('validates like registration, only after a submit attempt', async () => {
    const { api, user } = setup();
    expect(screen.queryByText(v.registration.passwordRequired)).toBeNull();
    await user.click(screen.getByRole('button', { name: RESET_PASSWORD_SUBMIT }));
    expect(screen.getByText(v.registration.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(v.registration.confirmPasswordRequired)).toBeInTheDocument();
    await user.type(field('New password'), '123');
    expect(screen.getByText(v.registration.passwordTooShort)).toBeInTheDocument();
    await user.type(field('New password'), '456');
    await user.type(field('Confirm password'), '654321');
    expect(screen.getByText(v.registration.passwordsNotMatching)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('posts the link id as token with the password, then goes to /login with a success toast', async () => {
    const { api, user } = setup({
      [`POST ${apiPaths.resetPassword}`]: () => ({
        body: { status: 1, message: 'Your password has been changed.' },
      }),
    });
    await user.type(field('New password'), 'new-secret');
    await user.type(field('Confirm password'), 'new-secret{Enter}');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(api.callsTo('POST', apiPaths.resetPassword)[0]?.body).toEqual({
      token: 'tok-123',
      password: 'new-secret',
    });
    expect(showSuccess).toHaveBeenCalledWith(
      toastTitles.success,
      'Your password has been changed.',
    );
  });

  it("an expired link shows the server's message and stays", async () => {
    const { user } = setup({
      [`POST ${apiPaths.resetPassword}`]: () => ({
        status: 400,
        body: { status: 0, message: 'This reset link is invalid or has expired.' },
      }),
    });
    await user.type(field('New password'), 'new-secret');
    await user.type(field('Confirm password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: RESET_PASSWORD_SUBMIT }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(
        toastTitles.loginError,
        'This reset link is invalid or has expired.',
      ),
    );
    expect(location()).toBe('/reset-password/tok-123');
  });
});
