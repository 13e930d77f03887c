import { vi } from 'vitest';
import type * as toasts from '../components/ui/toasts/toasts.ts';

/**
 * Silent toasts a page test can assert on. A test file mocks the module with
 * `vi.mock('…/components/ui/toasts/toasts.ts', () => import('…/test/toasts-mock.ts'))`; each file
 * gets fresh spies, as test files do not share modules.
 */
export const showError = vi.fn<typeof toasts.showError>();
export const showSuccess = vi.fn<typeof toasts.showSuccess>();
export const showInfo = vi.fn<typeof toasts.showInfo>();
export const toastId = vi.fn<typeof toasts.toastId>();
