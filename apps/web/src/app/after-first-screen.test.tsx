import { commercePaths, toastTitles } from '@localmart/contract';
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError } from '../components/ui/toasts/toasts.ts';
import { sharedState } from '../lib/shared-state.ts';
import { mockApi } from '../test/api-mock.ts';
import { cartAnswer, cartLine } from '../test/cart-fixtures.ts';
import { renderWithProviders } from '../test/render.tsx';
import { signIn, signOut } from '../test/session.ts';
import {
  AfterFirstScreenProvider,
  AfterFirstScreenWork,
  FirstScreenSignal,
  installableAppMode,
  useAfterFirstScreen,
} from './after-first-screen.tsx';

function toaster() {
  // sonner's live region, present whenever the Toaster is mounted (its list only holds toasts).
  return document.querySelector('section[aria-label^="Notifications"]');
}

/** The shell: its signal, set by a button as the shell's schedule would. */
function Harness() {
  const [signal] = useState(() => new FirstScreenSignal());
  return (
    <AfterFirstScreenProvider value={signal}>
      <button type="button" onClick={signal.markDone}>
        First screen painted
      </button>
      <AfterFirstScreenWork />
    </AfterFirstScreenProvider>
  );
}

/** Lets lazy chunks resolve and effects run, so "nothing happened" is a real observation. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 30));
  });
}

afterEach(async () => {
  act(() => {
    toast.dismiss();
  });
  sharedState.setCartRecords(0);
  vi.unstubAllGlobals();
  await signOut();
});

// Order matters: once a toast has been raised, the toaster is wanted for good (as in the app).
describe('work deferred until the first page has painted', () => {
  it('mounts neither the toaster nor the cart sync before the first screen is done', async () => {
    await signIn();
    const api = mockApi({
      [`GET ${commercePaths.cart}`]: () => ({ body: cartAnswer([cartLine()]) }),
    });
    renderWithProviders(<Harness />);
    await settle();
    expect(toaster()).toBeNull();
    expect(api.callsTo('GET', commercePaths.cart)).toHaveLength(0);
  });

  it('mounts both once the first screen is done: the cart badge is read', async () => {
    await signIn();
    const api = mockApi({
      [`GET ${commercePaths.cart}`]: () => ({ body: cartAnswer([cartLine(), cartLine()]) }),
    });
    renderWithProviders(<Harness />);
    await settle();
    expect(toaster()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'First screen painted' }));
    await waitFor(() => expect(toaster()).not.toBeNull());
    await waitFor(() => expect(sharedState.get().cartRecords).toBe(2));
    expect(api.callsTo('GET', commercePaths.cart)).toHaveLength(1);
  });

  it('shows a toast raised before the toaster mounted, at once and not later', async () => {
    mockApi({});
    renderWithProviders(<Harness />);
    await settle();
    expect(toaster()).toBeNull();
    act(() => {
      showError(toastTitles.loginError, 'Raised before the toaster');
    });
    expect(await screen.findByText('Raised before the toaster')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1);
  });

  it('keeps a toast raised while no shell was listening (a page effect runs first)', async () => {
    mockApi({});
    act(() => {
      showError(toastTitles.loginError, 'Raised by a page effect');
    });
    renderWithProviders(<Harness />);
    expect(await screen.findByText('Raised by a page effect')).toBeInTheDocument();
  });
});

describe('useAfterFirstScreen', () => {
  it('follows the shell signal, and is true outside a shell', () => {
    const signal = new FirstScreenSignal();
    const { result } = renderHook(() => useAfterFirstScreen(), {
      wrapper: ({ children }) => (
        <AfterFirstScreenProvider value={signal}>{children}</AfterFirstScreenProvider>
      ),
    });
    expect(result.current).toBe(false);
    act(() => signal.markDone());
    expect(result.current).toBe(true);
    expect(renderHook(() => useAfterFirstScreen()).result.current).toBe(true);
  });
});

describe('installableAppMode (issue 14)', () => {
  it('registers the worker in production web builds only; native shows the offline state alone', () => {
    expect(installableAppMode(false, false, true)).toBe('off');
    expect(installableAppMode(true, false, true)).toBe('worker');
    expect(installableAppMode(true, true, true)).toBe('offline-state');
    expect(installableAppMode(true, false, false)).toBe('offline-state');
  });
});
