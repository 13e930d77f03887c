import { toastTitles } from '@localmart/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from './app-toaster.tsx';
import { showError, showInfo, showSuccess, toastId } from './toasts.ts';

function visibleToasts() {
  return document.querySelectorAll('[data-sonner-toast]');
}

describe('toasts (spec §8, §9)', () => {
  afterEach(async () => {
    act(() => {
      toast.dismiss();
    });
    // sonner removes a dismissed toast 200 ms later (its exit animation): let that timer run while
    // the page still exists. Left pending, it fired after the file's jsdom was torn down
    // ("window is not defined", an unhandled error that failed the whole run).
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
  });

  it('derives a stable id from title and message', () => {
    expect(toastId('Error', 'Bad')).toBe(toastId('Error', 'Bad'));
    expect(toastId('Error', 'Bad')).not.toBe(toastId('Error!', 'Bad'));
    // The separator keeps "a"+"bc" apart from "ab"+"c".
    expect(toastId('a', 'bc')).not.toBe(toastId('ab', 'c'));
  });

  it('shows an identical toast only once while it is visible', async () => {
    render(<AppToaster />);
    act(() => {
      showError(toastTitles.loginError, 'Invalid credentials');
      showError(toastTitles.loginError, 'Invalid credentials');
    });
    expect(await screen.findByText('Invalid credentials')).toBeInTheDocument();
    expect(visibleToasts()).toHaveLength(1);
  });

  it('shows different toasts side by side, with title and message', async () => {
    render(<AppToaster />);
    act(() => {
      showError(toastTitles.loginError, 'First problem');
      showSuccess(toastTitles.success, 'Saved');
      showInfo(toastTitles.demoMode, 'Demo in use');
    });
    expect(await screen.findByText('First problem')).toBeInTheDocument();
    expect(screen.getByText('Saved')).toBeInTheDocument();
    expect(screen.getByText(toastTitles.demoMode)).toBeInTheDocument();
    expect(visibleToasts()).toHaveLength(3);
  });

  it('a success toast can carry one action button', async () => {
    const onClick = vi.fn();
    render(<AppToaster />);
    act(() => {
      showSuccess(toastTitles.success, 'Added to cart', { label: 'View cart', onClick });
    });
    // A plain click: sonner's swipe handling needs pointer capture, which jsdom lacks.
    fireEvent.click(await screen.findByRole('button', { name: 'View cart' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('places the toaster bottom-right (spec §9)', async () => {
    render(<AppToaster />);
    act(() => {
      showInfo(toastTitles.info, 'Where am I?');
    });
    await screen.findByText('Where am I?');
    const toaster = document.querySelector('[data-sonner-toaster]');
    expect(toaster).toHaveAttribute('data-y-position', 'bottom');
    expect(toaster).toHaveAttribute('data-x-position', 'right');
  });
});
